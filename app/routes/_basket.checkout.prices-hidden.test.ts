import { describe, expect, it } from "vitest";
import { CARD_NOT_OFFERED } from "~/checkout/card-payment.server";
import { PRICE_HIDDEN_TEXT } from "~/domain/prices";
import { get, locationOf, post } from "../../tests/mocks/requests";
import { JACKET, type FormAnswer } from "../../tests/mocks/checkout";
import { useRouteTest } from "../../tests/mocks/route";
import { basketHandlers, emptyBasket, type BasketStore } from "../../tests/mocks/upstream/basket";
import { checkoutHandlers } from "../../tests/mocks/upstream/checkout";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { useStripeTestKeys } from "../../tests/mocks/upstream/stripe";
import { action, loader } from "./_basket.checkout";
import { loader as confirmationLoader } from "./_basket.order-complete";
import type { StockCheckoutView } from "~/checkout/checkout.server";

// Decision 058: the checkout of an account whose prices are hidden (SPEC §6 pricingHidden).

const t = useRouteTest();
const page = t.route("/checkout", { loader, action });

// the provider's basket for such an account may still hold the price the line was added at

function setUp(permissions = ["canViewFullCatalogue", "pricingHidden"]) {
  const session = sessionAnswer({ permissions });
  session.account.payment_methods = [
    { id: 0, name: "On account" },
    { id: 1, name: "Visa" },
  ];
  const store: BasketStore = {
    state: { ...emptyBasket(), stock: [JACKET], instructions: { stock: "", manpack: "" }, version: 5 },
    patches: [],
    reorders: [],
  };
  const checkout = checkoutHandlers({ usableAddresses: ["701"] });
  t.signIn(session, ...basketHandlers({ store }).handlers, ...checkout.handlers);
  return { orders: checkout.orders };
}

const form = (extra: Record<string, string> = {}) => ({
  idempotencyKey: "3c1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f11",
  shippingMethod: "2",
  paymentMethod: "0",
  deliveryInstructions: "",
  ...extra,
});

const send = (fields: Record<string, string>) => t.run(action, post("/checkout", fields, t.cookie()));

// cards configured: what leaves the card out below is the hidden prices alone
useStripeTestKeys();

describe("/checkout with the account's prices hidden (decision 058)", () => {
  it("shows no amounts, words the subtotal as hidden and offers no card", async () => {
    setUp();
    const view = (await page.load()) as StockCheckoutView;
    expect(view.lines).toEqual([{ productId: "20002", name: "Hi-Vis Jacket M", qty: 2, price: null }]);
    expect(view.subTotal).toBeNull();
    expect(view.subTotalText).toBe(PRICE_HIDDEN_TEXT);
    expect(view.paymentMethods.map((m) => m.id)).toEqual([0]);
    expect(view.stripeKey).toBeNull();
  });

  it("the same account without pricingHidden sees the amounts and the card", async () => {
    setUp(["canViewFullCatalogue"]);
    const view = (await page.load()) as StockCheckoutView;
    expect(view.subTotalText).toBe("£49.00");
    expect(view.paymentMethods.map((m) => m.id)).toEqual([0, 1]);
  });

  it("refuses a card with 400 and no order; on account the order is placed (the provider prices it)", async () => {
    const { orders } = setUp();
    const refused = (await send(form({ paymentMethod: "1" }))) as FormAnswer;
    expect(refused.init?.status).toBe(400);
    expect(refused.data.formError).toBe(CARD_NOT_OFFERED);
    expect(orders).toHaveLength(0);

    const placed = await send(form());
    expect(locationOf(placed)).toBe("/order-complete?order=801");
    expect(orders).toHaveLength(1);
  });

  it("the confirmation words the goods amounts as hidden and keeps the delivery charge", async () => {
    setUp();
    await send(form());
    const view = (await t.run(confirmationLoader, get("/order-complete?order=801", t.cookie()))) as Record<
      string,
      unknown
    >;
    expect(view).toMatchObject({ subTotal: PRICE_HIDDEN_TEXT, taxTotal: PRICE_HIDDEN_TEXT, total: PRICE_HIDDEN_TEXT });
    expect(view.shippingCost).toMatch(/^£\d+\.\d\d$/);
  });
});
