import { beforeAll, describe, expect, it } from "vitest";
import { getSession } from "~/auth/session.server";
import { checkoutMetadata } from "~/domain/card-metadata";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, sessionCookie, settle } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { basketHandlers, emptyBasket, type BasketStore } from "../../tests/mocks/upstream/basket";
import { checkoutHandlers } from "../../tests/mocks/upstream/checkout";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { stripeHandlers, useStripeTestKeys } from "../../tests/mocks/upstream/stripe";
import { action as cardIntent } from "./checkout.card-intent";
import { action, loader } from "./_basket.checkout";
import { loader as successLoader } from "./_basket.basket_.checkout-success";
import type { StockCheckoutView } from "~/checkout/checkout.server";

// Card payments by Stripe (issue 6): every Stripe call goes to the msw-intercepted STRIPE_API, never to Stripe.
const server = useUpstreamMock();
let cookie: string;
beforeAll(async () => {
  cookie = await sessionCookie();
});
useStripeTestKeys();

const KEY = "3c1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f11";
const PAYER = { userId: "1", customerId: "1001" };
const jacket = { productId: "20002", parentId: "20001", qty: 2, name: "Hi-Vis Jacket M", price: 24.5, thumbnail: null };
const fields = { idempotencyKey: KEY, shippingMethod: "2", paymentMethod: 1, deliveryInstructions: "Gate 3", otherRefNum: "PO-9" };
const form = (extra: Record<string, string> = {}) => ({ ...fields, paymentMethod: "1", ...extra });
// 2 × £24.50 + £12.50 delivery = £61.50; 20 % VAT £12.30; £73.80
const PENCE = 7380;

type FormAnswer = { data: { ok: boolean; fieldErrors: Record<string, string>; formError: string | null }; init: ResponseInit | null };

function setUp(stripe: Parameters<typeof stripeHandlers>[0] = {}, upstream: Parameters<typeof checkoutHandlers>[0] = {}) {
  const session = sessionAnswer();
  session.account.payment_methods = [{ id: 0, name: "On account" }, { id: 1, name: "Visa" }, { id: 2, name: "Mastercard" }];
  const store: BasketStore = { state: { ...emptyBasket(), stock: [jacket] }, patches: [], reorders: [] };
  const checkout = checkoutHandlers(upstream);
  const fake = stripeHandlers({ amount: PENCE, ...stripe });
  server.use(...authHandlers({ session }), ...basketHandlers({ store }).handlers, ...checkout.handlers, ...fake.handlers);
  return { orders: checkout.orders, stripe: fake.calls, store, quotes: checkout.quoteQueries };
}

const send = (fieldsToSend: Record<string, string>) =>
  settle(() => action({ request: post("/checkout", fieldsToSend, cookie), params: {}, context: testLoadContext() }));
const success = (query: string) => settle(() => successLoader({ request: get(`/basket/checkout-success${query}`, cookie), params: {}, context: testLoadContext() }));

describe("checkout by card without JavaScript: Stripe-hosted Checkout", () => {
  it("offers the cards and gives the page the publishable key", async () => {
    setUp();
    const view = (await loader({ request: get("/checkout", cookie), params: {}, context: testLoadContext() })) as StockCheckoutView;
    expect(view.paymentMethods.filter((m) => m.card && m.available).map((m) => m.name)).toEqual(["Visa", "Mastercard"]);
    expect(view.stripeKey).toBe("pk_test_123");
  });

  it("creates a Checkout Session for the basket's amount (upstream prices, delivery, VAT) and redirects to it; no order yet", async () => {
    const { orders, stripe } = setUp();
    const result = await send(form({ price: "0.01" }));
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe("https://checkout.stripe.test/c/pay/cs_test_1");
    expect(orders).toEqual([]);
    expect(stripe[0].path).toBe("/v1/checkout/sessions");
    expect(stripe[0].form).toMatchObject({
      "line_items[0][price_data][unit_amount]": String(PENCE),
      "line_items[0][price_data][currency]": "gbp",
      success_url: "http://portal.test/basket/checkout-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: "http://portal.test/checkout",
      "metadata[idempotencyKey]": KEY,
      "metadata[user]": "1",
      "metadata[customer]": "1001",
      "metadata[otherRefNum]": "PO-9",
    });
    expect(stripe[0].idempotencyKey).toMatch(new RegExp(`^checkout-${KEY}-[0-9a-f]{24}$`));
  });

  it("the basket version the page showed goes through the hosted page and back, so the order placed on return spends it (decision 074)", async () => {
    const { stripe } = setUp();
    await send(form({ basketVersion: "7" }));
    expect(stripe[0].form).toMatchObject({ "metadata[basketVersion]": "7" });
    const { orders } = setUp({ metadata: checkoutMetadata({ ...fields, basketVersion: 7 }, PAYER) });
    await success("?session_id=cs_test_1");
    expect(orders[0].body).toMatchObject({ basketVersion: 7 });
  });

  it("coming back paid places the order with stripeId/stripePaid and the card block (type 2, method 1), once", async () => {
    const { orders } = setUp({ metadata: checkoutMetadata(fields, PAYER) });
    const first = await success("?session_id=cs_test_1");
    expect(locationOf(first)).toBe("/order-complete?order=801");
    expect(orders[0]).toEqual({
      idempotencyKey: KEY,
      body: {
        orderType: "standard",
        items: [{ internalId: "20002", qty: 2 }],
        punchoutSession: null,
        deliveryInstructions: "Gate 3",
        fullOrder: true,
        addressId: "701",
        shippingMethod: "2",
        otherRefNum: "PO-9",
        stripeId: "pi_test_2",
        stripePaid: true,
        stripeAmount: PENCE,
        paymentMethod: { paymentToken: "pi_test_2", cvc: "", custentitypayment_method: 1, session: "cs_test_1" },
      },
    });
    // reloading the return address answers the same order
    const again = await success("?session_id=cs_test_1");
    expect(locationOf(again)).toBe(locationOf(first));
    expect(new Set(orders.map((o) => o.idempotencyKey)).size).toBe(1);
  });

  it("an unpaid session goes back to the checkout with a message and places nothing", async () => {
    const { orders } = setUp({ sessionPaid: false, metadata: checkoutMetadata(fields, PAYER) });
    expect(locationOf(await success("?session_id=cs_test_1"))).toBe("/checkout");
    expect(orders).toEqual([]);
  });

  it("another user's payment, or a malformed session id, is a 404", async () => {
    const { orders } = setUp({ metadata: checkoutMetadata(fields, { userId: "2", customerId: "1001" }) });
    expect(((await success("?session_id=cs_test_1")) as Response).status).toBe(404);
    expect(((await success("?session_id=javascript:alert(1)")) as Response).status).toBe(404);
    expect(orders).toEqual([]);
  });
});

describe("checkout by card with Stripe Elements", () => {
  it("/checkout/card-intent creates the PaymentIntent for the server's amount and answers its client secret", async () => {
    const { stripe, orders } = setUp();
    const answer = (await cardIntent({ request: post("/checkout/card-intent", form({ amount: "1" }), cookie), params: {}, context: testLoadContext() })) as Response;
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true, clientSecret: "pi_test_1_secret_abc", paymentIntentId: "pi_test_1" });
    expect(stripe[0].form).toMatchObject({ amount: String(PENCE), currency: "gbp", "metadata[idempotencyKey]": KEY });
    expect(orders).toEqual([]);
  });

  it("/checkout/card-intent refuses an address that is not the customer's with 400 and creates nothing", async () => {
    const { stripe } = setUp();
    const answer = (await cardIntent({ request: post("/checkout/card-intent", form({ addressId: "999" }), cookie), params: {}, context: testLoadContext() })) as Response;
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { fieldErrors: Record<string, string> }).fieldErrors.addressId).toBe("Choose one of your delivery addresses");
    expect(stripe).toEqual([]);
  });

  it.each([1, 2])("the confirmed intent is read back from Stripe and sent with the order: card block type 2, method %i", async (method) => {
    const { orders } = setUp({ metadata: checkoutMetadata({ ...fields, paymentMethod: method }, PAYER) });
    const result = await send(form({ paymentMethod: String(method), paymentIntentId: "pi_test_7" }));
    expect(locationOf(result)).toBe("/order-complete?order=801");
    expect(orders[0].body).toEqual({
      orderType: "standard",
      items: [{ internalId: "20002", qty: 2 }],
      punchoutSession: null,
      deliveryInstructions: "Gate 3",
      fullOrder: true,
      addressId: "701",
      shippingMethod: "2",
      otherRefNum: "PO-9",
      stripeId: "pi_test_7",
      stripePaid: true,
      stripeAmount: PENCE,
      paymentMethod: { paymentToken: "pi_test_7", cvc: "", custentitypayment_method: method, session: KEY },
    });
  });

  it.each([
    ["an intent that was not paid", { intentStatus: "requires_payment_method", metadata: checkoutMetadata(fields, PAYER) }, "Your card payment was not completed. Please try again or choose another way to pay."],
    ["an intent made for another checkout", { metadata: checkoutMetadata({ ...fields, idempotencyKey: "other-checkout" }, PAYER) }, "That card payment does not belong to this checkout. Please try again."],
  ])("refuses %s with 400 and places nothing", async (_name, stripe, message) => {
    const { orders } = setUp(stripe);
    const result = (await send(form({ paymentIntentId: "pi_test_7" }))) as FormAnswer;
    expect(result.init?.status).toBe(400);
    expect(result.data.formError).toBe(message);
    expect(orders).toEqual([]);
  });
});

describe("the card charge is the provider's quote (decision 078)", () => {
  // the provider answers 409 naming stripeAmount when the order would total other than what the card was charged
  const PRICE_CHANGED = { status: 409, message: "The order now totals £74.40, not the £73.80 charged to the card: prices changed while you were paying" };
  const toastOf = async (result: unknown) =>
    (await getSession(new Request("http://portal.test/", { headers: { Cookie: (result as Response).headers.get("Set-Cookie")!.split(";")[0] } }))).get("toast");

  it("charges exactly what GET /api/order-quote answers for the basket and the chosen method, with or without JavaScript", async () => {
    const quote = { forBasket: "stock", shippingMethod: "2", subTotal: 50, shippingCost: 12.5, taxTotal: 12.5, total: 75, totalPence: 7500, basketVersion: 4 };
    const { stripe, quotes } = setUp({}, { quote });
    const answer = (await cardIntent({ request: post("/checkout/card-intent", form(), cookie), params: {}, context: testLoadContext() })) as Response;
    expect(answer.status).toBe(200);
    expect(stripe[0].form).toMatchObject({ amount: "7500" });
    expect(quotes).toEqual(["forBasket=stock&shippingMethod=2"]);
    const hosted = setUp({}, { quote });
    await send(form());
    expect(hosted.stripe[0].form).toMatchObject({ "line_items[0][price_data][unit_amount]": "7500" });
  });

  it("a quote the provider refuses is a 400 with its reason, and no payment is created", async () => {
    const why = "Free Delivery needs an order of £150.00 or more before VAT; this order is £49.00";
    const { stripe } = setUp({}, { quote: { error: { status: 400, message: why, field: "shippingMethod" } } });
    const answer = (await cardIntent({ request: post("/checkout/card-intent", form(), cookie), params: {}, context: testLoadContext() })) as Response;
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ formError: why, fieldErrors: { shippingMethod: why } });
    expect(stripe).toEqual([]);
  });

  it("with Stripe Elements, an order the provider refuses after the card was charged is refunded and the buyer told", async () => {
    const { orders, stripe } = setUp({ metadata: checkoutMetadata(fields, PAYER) }, { orderError: PRICE_CHANGED });
    const result = (await send(form({ paymentIntentId: "pi_test_7" }))) as FormAnswer;
    expect(orders[0].body).toMatchObject({ stripeId: "pi_test_7", stripeAmount: PENCE });
    expect(result.init?.status).toBe(409);
    expect(result.data.formError).toBe(
      "The order now totals £74.40, not the £73.80 charged to the card: prices changed while you were paying. Nothing was ordered, and your card payment of £73.80 has been refunded.",
    );
    const refund = stripe.find((call) => call.path === "/v1/refunds");
    expect(refund).toMatchObject({ form: { payment_intent: "pi_test_7" }, idempotencyKey: "refund-pi_test_7" });
  });

  it("coming back from the hosted page to a refused order: the payment not yet captured is cancelled, and the checkout says so", async () => {
    const { stripe } = setUp({ metadata: checkoutMetadata(fields, PAYER), intentStatus: "requires_capture" }, { orderError: PRICE_CHANGED });
    const result = await success("?session_id=cs_test_1");
    expect(locationOf(result)).toBe("/checkout");
    expect(await toastOf(result)).toEqual({
      kind: "error",
      message: "The order now totals £74.40, not the £73.80 charged to the card: prices changed while you were paying. Nothing was ordered, and your card payment of £73.80 has been cancelled.",
    });
    expect(stripe.map((call) => call.path)).toContain("/v1/payment_intents/pi_test_2/cancel");
    expect(stripe.map((call) => call.path)).not.toContain("/v1/refunds");
  });

  it("when Stripe cannot give the payment back, the buyer gets its reference to quote", async () => {
    setUp({ metadata: checkoutMetadata(fields, PAYER), refundFails: true }, { orderError: PRICE_CHANGED });
    const result = await success("?session_id=cs_test_1");
    expect(locationOf(result)).toBe("/checkout");
    expect((await toastOf(result))?.message).toBe(
      "Your card payment (pi_test_2) was taken but the order could not be placed: The order now totals £74.40, not the £73.80 charged to the card: prices changed while you were paying. Please contact us quoting that reference.",
    );
  });
});
