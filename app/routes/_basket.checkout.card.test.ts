import { describe, expect, it } from "vitest";
import { getSession } from "~/session/session.server";
import { CARD_NOT_OFFERED } from "~/checkout/card-payment.server";
import { BASKET_CHANGED_MESSAGE } from "~/checkout/place-order.server";
import { EMPTY_WEARER_PACKS } from "~/checkout/wearer-pack-checkout.server";
import type { WearerPackCheckoutView } from "~/components/wearer-pack-checkout";
import { checkoutMetadata, wearerPackMetadata } from "~/checkout/card-metadata";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post } from "../../tests/mocks/requests";
import {
  CARD_METHODS,
  JACKET,
  JACKET_ORDER,
  paidByCard,
  TWO_PACKS_ORDERED,
  type FormAnswer,
} from "../../tests/mocks/checkout";
import { useRouteTest } from "../../tests/mocks/route";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { basketHandlers, emptyBasket, packWearerHandlers, type BasketStore } from "../../tests/mocks/upstream/basket";
import { checkoutHandlers } from "../../tests/mocks/upstream/checkout";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { stripeHandlers, useStripeTestKeys } from "../../tests/mocks/upstream/stripe";
import { action as cardIntent } from "./checkout.card-intent";
import { action, loader } from "./_basket.checkout";
import { loader as successLoader } from "./_basket.basket_.checkout-success";
import type { StockCheckoutView } from "~/checkout/checkout.server";

// Card payments by Stripe (issue 6): every Stripe call goes to the msw-intercepted STRIPE_API, never to Stripe.
const t = useRouteTest();
useStripeTestKeys();

const KEY = "3c1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f11";
const PAYER = { userId: "1", customerId: "1001" };
const fields = {
  idempotencyKey: KEY,
  shippingMethod: "2",
  paymentMethod: 1,
  deliveryInstructions: "Gate 3",
  otherRefNum: "PO-9",
};
const form = (extra: Record<string, string> = {}) => ({ ...fields, paymentMethod: "1", ...extra });
// 2 × £24.50 + £12.50 delivery = £61.50; 20 % VAT £12.30; £73.80
const PENCE = 7380;

function setUp(
  stripe: Parameters<typeof stripeHandlers>[0] = {},
  upstream: Parameters<typeof checkoutHandlers>[0] = {},
) {
  const session = sessionAnswer();
  session.account.payment_methods = CARD_METHODS;
  const store: BasketStore = { state: { ...emptyBasket(), stock: [JACKET] }, patches: [], reorders: [] };
  const checkout = checkoutHandlers(upstream);
  const fake = stripeHandlers({ amount: PENCE, ...stripe });
  t.server.use(
    ...authHandlers({ session }),
    ...basketHandlers({ store }).handlers,
    ...checkout.handlers,
    ...fake.handlers,
  );
  return { orders: checkout.orders, stripe: fake.calls, store, quotes: checkout.quoteQueries };
}

const page = t.route("/checkout", { loader, action });
const send = (fieldsToSend: Record<string, string>) => page.send(fieldsToSend);
/** The card intent Stripe Elements asks for before confirming the card (POST /checkout/card-intent). */
const intent = (fieldsToSend: Record<string, string>) =>
  cardIntent({
    request: post("/checkout/card-intent", fieldsToSend, t.cookie()),
    params: {},
    context: testLoadContext(),
  }) as Promise<Response>;
const success = (query: string) => t.run(successLoader, get(`/basket/checkout-success${query}`, t.cookie()));

describe("checkout by card without JavaScript: Stripe-hosted Checkout", () => {
  it("offers the cards and gives the page the publishable key", async () => {
    setUp();
    const view = (await page.load()) as StockCheckoutView;
    expect(view.paymentMethods.filter((m) => m.card).map((m) => m.name)).toEqual(["Visa", "Mastercard"]);
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
    const { stripe } = setUp(
      {},
      {
        quote: {
          forBasket: "stock",
          shippingMethod: "2",
          subTotal: 49,
          shippingCost: 12.5,
          taxTotal: 12.3,
          total: 73.8,
          totalPence: PENCE,
          basketVersion: 7,
        },
      },
    );
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
      body: { ...JACKET_ORDER, otherRefNum: "PO-9", ...paidByCard("pi_test_2", PENCE, "cs_test_1") },
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
    const answer = await intent(form({ amount: "1" }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      ok: true,
      clientSecret: "pi_test_1_secret_abc",
      paymentIntentId: "pi_test_1",
    });
    expect(stripe[0].form).toMatchObject({ amount: String(PENCE), currency: "gbp", "metadata[idempotencyKey]": KEY });
    expect(orders).toEqual([]);
  });

  it("/checkout/card-intent refuses an address that is not the customer's with 400 and creates nothing", async () => {
    const { stripe } = setUp();
    const answer = await intent(form({ addressId: "999" }));
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { fieldErrors: Record<string, string> }).fieldErrors.addressId).toBe(
      "Choose one of your delivery addresses",
    );
    expect(stripe).toEqual([]);
  });

  it.each([1, 2])(
    "the confirmed intent is read back from Stripe and sent with the order: card block type 2, method %i",
    async (method) => {
      const { orders } = setUp({ metadata: checkoutMetadata({ ...fields, paymentMethod: method }, PAYER) });
      const result = await send(form({ paymentMethod: String(method), paymentIntentId: "pi_test_7" }));
      expect(locationOf(result)).toBe("/order-complete?order=801");
      expect(orders[0].body).toEqual({
        ...JACKET_ORDER,
        otherRefNum: "PO-9",
        ...paidByCard("pi_test_7", PENCE, KEY, method),
      });
    },
  );

  it.each([
    [
      "an intent that was not paid",
      { intentStatus: "requires_payment_method", metadata: checkoutMetadata(fields, PAYER) },
      "Your card payment was not completed. Please try again or choose another way to pay.",
    ],
    [
      "an intent made for another checkout",
      { metadata: checkoutMetadata({ ...fields, idempotencyKey: "other-checkout" }, PAYER) },
      "That card payment does not belong to this checkout. Please try again.",
    ],
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
  const PRICE_CHANGED = {
    status: 409,
    message: "The order now totals £74.40, not the £73.80 charged to the card: prices changed while you were paying",
  };
  // the provider's quote for the stock basket at version 4 and the second delivery method
  const quote = {
    forBasket: "stock",
    shippingMethod: "2",
    subTotal: 50,
    shippingCost: 12.5,
    taxTotal: 12.5,
    total: 75,
    totalPence: 7500,
    basketVersion: 4,
  };
  const toastOf = async (result: unknown) =>
    (
      await getSession(
        new Request("http://portal.test/", {
          headers: { Cookie: (result as Response).headers.get("Set-Cookie")!.split(";")[0] },
        }),
      )
    ).get("toast");

  it("charges exactly what GET /api/order-quote answers for the basket and the chosen method, with or without JavaScript", async () => {
    const { stripe, quotes } = setUp({}, { quote });
    const answer = await intent(form());
    expect(answer.status).toBe(200);
    expect(stripe[0].form).toMatchObject({ amount: "7500" });
    expect(quotes).toEqual(["forBasket=stock&shippingMethod=2"]);
    const hosted = setUp({}, { quote });
    await send(form());
    expect(hosted.stripe[0].form).toMatchObject({ "line_items[0][price_data][unit_amount]": "7500" });
  });

  it("a basket changed since the page was shown (the quote prices another version) is a 400 and no card is charged (decision 139)", async () => {
    const { stripe, orders } = setUp({}, { quote });
    const answer = await intent(form({ basketVersion: "3" }));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ ok: false, formError: BASKET_CHANGED_MESSAGE });
    const hosted = (await send(form({ basketVersion: "3" }))) as FormAnswer;
    expect(hosted.data.formError).toBe(BASKET_CHANGED_MESSAGE);
    expect(stripe).toEqual([]);
    expect(orders).toEqual([]);
    // the version the page showed: charged
    const same = setUp({}, { quote });
    expect((await intent(form({ basketVersion: "4" }))).status).toBe(200);
    expect(same.stripe[0].form).toMatchObject({ amount: "7500" });
  });

  it("a quote the provider refuses is a 400 with its reason, and no payment is created", async () => {
    const why = "Free Delivery needs an order of £150.00 or more before VAT; this order is £49.00";
    const { stripe } = setUp({}, { quote: { error: { status: 400, message: why, field: "shippingMethod" } } });
    const answer = await intent(form());
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
    const { stripe } = setUp(
      { metadata: checkoutMetadata(fields, PAYER), intentStatus: "requires_capture" },
      { orderError: PRICE_CHANGED },
    );
    const result = await success("?session_id=cs_test_1");
    expect(locationOf(result)).toBe("/checkout");
    expect(await toastOf(result)).toEqual({
      kind: "error",
      message:
        "The order now totals £74.40, not the £73.80 charged to the card: prices changed while you were paying. Nothing was ordered, and your card payment of £73.80 has been cancelled.",
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

describe("the wearer-pack checkout by card (decision 106)", () => {
  const PACK_KEY = "9a1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f22";
  const tunic = { productId: "20030", parentId: "20029", qty: 2, name: "Ward Tunic", price: 15.75 };
  const trousers = { productId: "20010", qty: 2, name: "Work Trousers", price: 18 };
  const PACKS = [
    { employeeId: "5102", data: [tunic] },
    { employeeId: "5104", addressId: "702", shippingMethod: "2", data: [trousers] },
  ];
  const WEARERS = [
    { internalId: "5102", firstName: "Hal", lastName: "Harbour" },
    { internalId: "5104", firstName: "Bo", lastName: "Bandb" },
  ];
  // MANPACK_QUOTE (tests/mocks/upstream/checkout.ts): £88.14
  const PACK_PENCE = 8814;
  const packFields = {
    idempotencyKey: PACK_KEY,
    paymentMethod: 1,
    deliveryInstructions: "Ward reception",
    otherRefNum: "PO-15",
    basketVersion: 7,
  };
  const packForm = (extra: Record<string, string> = {}) => ({
    basket: "manpack",
    idempotencyKey: PACK_KEY,
    paymentMethod: "1",
    deliveryInstructions: "Ward reception",
    otherRefNum: "PO-15",
    basketVersion: "7",
    ...extra,
  });
  const PACK_BODY = {
    orderType: "manpack",
    packs: TWO_PACKS_ORDERED,
    deliveryInstructions: "Ward reception",
    fullOrder: true,
    otherRefNum: "PO-15",
    basketVersion: 7,
  };

  function setUpPacks(
    stripe: Parameters<typeof stripeHandlers>[0] = {},
    upstream: Parameters<typeof checkoutHandlers>[0] = {},
    packs: unknown[] = PACKS,
    extraPermissions: string[] = [],
  ) {
    const session = sessionAnswer({
      permissions: ["canViewManpack", "manpackOrders", "indAddress", ...extraPermissions],
      setting: { needsAproval: false },
    });
    session.account.payment_methods = CARD_METHODS;
    const store: BasketStore = {
      state: { ...emptyBasket(), selectedBasketType: "manpack-order-basket", manpack: packs, version: 7 },
      patches: [],
      reorders: [],
    };
    const checkout = checkoutHandlers(upstream);
    const fake = stripeHandlers({ amount: PACK_PENCE, ...stripe });
    const wearers = packWearerHandlers(WEARERS);
    t.server.use(
      ...authHandlers({ session }),
      ...wearers.handlers,
      ...basketHandlers({ store }).handlers,
      ...checkout.handlers,
      ...fake.handlers,
    );
    return { orders: checkout.orders, stripe: fake.calls, store, quotes: checkout.quoteQueries };
  }

  it("offers the account's cards beside payment on account, with the publishable key", async () => {
    setUpPacks();
    const view = (await page.load()) as WearerPackCheckoutView;
    expect(view.kind).toBe("manpack");
    expect(view.paymentMethods).toEqual([
      { id: 0, name: "On account", card: false },
      { id: 1, name: "Visa", card: true },
      { id: 2, name: "Mastercard", card: true },
    ]);
    expect(view.stripeKey).toBe("pk_test_123");
  });

  it("/checkout/card-intent for the packs creates the PaymentIntent for the manpack quote's totalPence, marked basket=manpack; no order", async () => {
    const { stripe, orders, quotes } = setUpPacks();
    const answer = await intent(packForm({ amount: "1" }));
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      ok: true,
      clientSecret: "pi_test_1_secret_abc",
      paymentIntentId: "pi_test_1",
    });
    expect(quotes).toEqual(["forBasket=manpack"]);
    expect(stripe[0].form).toMatchObject({
      amount: String(PACK_PENCE),
      "metadata[basket]": "manpack",
      "metadata[idempotencyKey]": PACK_KEY,
      "metadata[basketVersion]": "7",
      "metadata[user]": "1",
      "metadata[customer]": "1001",
    });
    expect(stripe[0].form["metadata[shippingMethod]"]).toBeUndefined();
    expect(orders).toEqual([]);
  });

  it("/checkout/card-intent refuses a quote the provider refuses in words naming the wearer, and an empty wearer-pack basket; no payment", async () => {
    const refusedQuote = {
      error: {
        status: 400,
        message: 'Invalid value at field "packs.1.shippingMethod": shipping method 2 is not available',
        field: "packs.1.shippingMethod",
      },
    };
    const { stripe } = setUpPacks({}, { manpackQuote: refusedQuote });
    const answer = await intent(packForm());
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      ok: false,
      formError: "Bo Bandb's pack: shipping method 2 is not available.",
    });
    const empty = setUpPacks({}, {}, []);
    const emptyAnswer = await intent(packForm());
    expect(emptyAnswer.status).toBe(400);
    expect(await emptyAnswer.json()).toMatchObject({ formError: EMPTY_WEARER_PACKS });
    expect([...stripe, ...empty.stripe]).toEqual([]);
  });

  it("a wearer-pack basket changed since the page was shown is a 400 and no card is charged (decision 139)", async () => {
    const { stripe, orders } = setUpPacks();
    const answer = await intent(packForm({ basketVersion: "6" }));
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({ ok: false, formError: BASKET_CHANGED_MESSAGE });
    expect(((await send(packForm({ basketVersion: "6" }))) as FormAnswer).data.formError).toBe(BASKET_CHANGED_MESSAGE);
    expect(stripe).toEqual([]);
    expect(orders).toEqual([]);
  });

  it("without JavaScript the post goes to Stripe's hosted page for the quote's total; coming back paid places the manpack order with the card, once", async () => {
    const { orders, stripe } = setUpPacks();
    const posted = await send(packForm());
    expect(locationOf(posted)).toBe("https://checkout.stripe.test/c/pay/cs_test_1");
    expect(stripe[0].form).toMatchObject({
      "line_items[0][price_data][unit_amount]": String(PACK_PENCE),
      success_url: "http://portal.test/basket/checkout-success?session_id={CHECKOUT_SESSION_ID}",
      "metadata[basket]": "manpack",
      "metadata[idempotencyKey]": PACK_KEY,
    });
    expect(orders).toEqual([]);

    const back = setUpPacks({ metadata: wearerPackMetadata(packFields, PAYER) });
    const first = await success("?session_id=cs_test_1");
    expect(locationOf(first)).toBe("/order-complete?order=801");
    expect(back.orders[0]).toEqual({
      idempotencyKey: PACK_KEY,
      body: {
        ...PACK_BODY,
        ...paidByCard("pi_test_2", PACK_PENCE, "cs_test_1"),
      },
    });
    const again = await success("?session_id=cs_test_1");
    expect(locationOf(again)).toBe(locationOf(first));
    expect(new Set(back.orders.map((o) => o.idempotencyKey)).size).toBe(1);
  });

  it("with Stripe Elements the confirmed intent is read back from Stripe and the manpack order sent with it", async () => {
    const { orders } = setUpPacks({ metadata: wearerPackMetadata(packFields, PAYER) });
    const result = await send(packForm({ paymentIntentId: "pi_test_7" }));
    expect(locationOf(result)).toBe("/order-complete?order=801");
    expect(orders[0].body).toEqual({
      ...PACK_BODY,
      ...paidByCard("pi_test_7", PACK_PENCE, PACK_KEY),
    });
  });

  it.each([
    [
      "a stock checkout's payment",
      { metadata: checkoutMetadata({ ...fields, idempotencyKey: PACK_KEY }, PAYER) },
      "That card payment does not belong to this checkout. Please try again.",
    ],
    [
      "an intent that was not paid",
      { intentStatus: "requires_payment_method", metadata: wearerPackMetadata(packFields, PAYER) },
      "Your card payment was not completed. Please try again or choose another way to pay.",
    ],
  ])("refuses %s for the packs with 400 and places nothing", async (_name, stripe, message) => {
    const { orders } = setUpPacks(stripe);
    const result = (await send(packForm({ paymentIntentId: "pi_test_7" }))) as FormAnswer;
    expect(result.init?.status).toBe(400);
    expect(result.data.formError).toBe(message);
    expect(orders).toEqual([]);
  });

  it("a wearer-pack payment is never placed as the stock basket's order", async () => {
    const { orders } = setUp({ metadata: wearerPackMetadata({ ...packFields, idempotencyKey: KEY }, PAYER) });
    const result = (await send(form({ paymentIntentId: "pi_test_7" }))) as FormAnswer;
    expect(result.data.formError).toBe("That card payment does not belong to this checkout. Please try again.");
    expect(orders).toEqual([]);
  });

  it("an order total other than the charge is refused by the provider (409): the payment is refunded and the buyer told, nothing ordered", async () => {
    const PRICE_CHANGED = {
      status: 409,
      message: "The order now totals £90.00, not the £88.14 charged to the card: prices changed while you were paying",
    };
    const { orders, stripe } = setUpPacks(
      { metadata: wearerPackMetadata(packFields, PAYER) },
      { orderError: PRICE_CHANGED },
    );
    const result = (await send(packForm({ paymentIntentId: "pi_test_7" }))) as FormAnswer;
    expect(orders[0].body).toMatchObject({ orderType: "manpack", stripeId: "pi_test_7", stripeAmount: PACK_PENCE });
    expect(result.init?.status).toBe(409);
    expect(result.data.formError).toBe(
      "The order now totals £90.00, not the £88.14 charged to the card: prices changed while you were paying. Nothing was ordered, and your card payment of £88.14 has been refunded.",
    );
    expect(stripe.find((call) => call.path === "/v1/refunds")).toMatchObject({
      form: { payment_intent: "pi_test_7" },
      idempotencyKey: "refund-pi_test_7",
    });
  });

  it("a pack the provider refuses after the card was charged names the wearer, and the payment is given back", async () => {
    const refusedPack = {
      status: 400,
      message: "Bo Bandb has 1 Trousers allowance left; this pack needs 2.",
      field: "packs.1.items",
    };
    const { stripe } = setUpPacks({ metadata: wearerPackMetadata(packFields, PAYER) }, { orderError: refusedPack });
    const result = await success("?session_id=cs_test_1");
    expect(locationOf(result)).toBe("/checkout");
    const toast = (
      await getSession(
        new Request("http://portal.test/", {
          headers: { Cookie: (result as Response).headers.get("Set-Cookie")!.split(";")[0] },
        }),
      )
    ).get("toast");
    expect(toast).toEqual({
      kind: "error",
      message:
        "Bo Bandb has 1 Trousers allowance left; this pack needs 2. Nothing was ordered, and your card payment of £88.14 has been refunded.",
    });
    expect(stripe.map((call) => call.path)).toContain("/v1/refunds");
  });

  it("an account whose prices are hidden is offered no card for packs, and a posted card is refused before Stripe (decision 058)", async () => {
    const { stripe, orders } = setUpPacks({}, {}, PACKS, ["pricingHidden"]);
    const view = (await page.load()) as WearerPackCheckoutView;
    expect(view.paymentMethods).toEqual([{ id: 0, name: "On account", card: false }]);
    expect(view.stripeKey).toBeNull();
    const result = (await send(packForm())) as FormAnswer;
    expect(result.init?.status).toBe(400);
    expect(result.data.formError).toBe(CARD_NOT_OFFERED);
    expect([stripe, orders]).toEqual([[], []]);
  });

  it("an order answer asking for 3-D Secure goes to the 3-D Secure page, as for stock", async () => {
    setUpPacks(
      { metadata: wearerPackMetadata(packFields, PAYER) },
      { orderAnswer: { threeDSUrl: "https://acs.bank.test/challenge", cReq: "eyJjcmVxIjoxfQ", transactionId: "tx-9" } },
    );
    const result = (await send(packForm({ paymentIntentId: "pi_test_7" }))) as Response;
    expect(result.status).toBe(303);
    expect(locationOf(result)).toBe("/checkout/3-d-secure");
  });
});
