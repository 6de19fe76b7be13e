import { describe, expect, it } from "vitest";
import { PRICE_HIDDEN_TEXT } from "~/domain/prices";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { basketHandlers, emptyBasket, type BasketStore } from "../../tests/mocks/upstream/basket";
import { checkoutHandlers, FREE_DELIVERY_FOR_49, SHIP_METHODS } from "../../tests/mocks/upstream/checkout";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { action, loader } from "./_basket.checkout";
import type { StockCheckoutView, SummaryTotals } from "~/checkout/checkout.server";

// Issue 14 items 1-2 (decisions 085, 086): the order summary beside the checkout form, priced by the provider's quote
// for the delivery method chosen, and the typed delivery address read only when "Deliver to a new address" is chosen.

const t = useRouteTest();

type Answer = {
  data: {
    ok: boolean;
    fieldErrors: Record<string, string>;
    formError: string | null;
    totals: SummaryTotals | null;
    values: Record<string, string>;
  };
  init: ResponseInit | null;
};
type View = StockCheckoutView;

// the basket holds the price the jacket was added at; the catalogue (ITEMS) says £24.50 today
const jacket = {
  productId: "20002",
  parentId: "20001",
  qty: 2,
  name: "Hi-Vis Jacket M",
  price: 22,
  thumbnail: null,
  options: { size: "M", color: "Yellow" },
};

function setUp(options: { permissions?: string[]; checkout?: Parameters<typeof checkoutHandlers>[0] } = {}) {
  const permissions = options.permissions ?? ["canViewFullCatalogue"];
  const session = sessionAnswer({ permissions });
  const store: BasketStore = {
    state: { ...emptyBasket(), stock: [jacket], instructions: { stock: "", manpack: "" }, version: 5 },
    patches: [],
    reorders: [],
  };
  const checkout = checkoutHandlers({
    usableAddresses: permissions.includes("dellAddress") ? undefined : ["701"],
    ...options.checkout,
  });
  t.signIn(session, ...basketHandlers({ store }).handlers, ...checkout.handlers);
  return checkout;
}

const load = async () =>
  (await loader({ request: get("/checkout", t.cookie()), params: {}, context: testLoadContext() })) as View;
const send = async (fields: Record<string, string>) =>
  (await t.run(action, post("/checkout", fields, t.cookie()))) as Answer | Response;

const orderForm = (extra: Record<string, string> = {}) => ({
  idempotencyKey: "3c1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f11",
  shippingMethod: "1",
  paymentMethod: "0",
  deliveryInstructions: "",
  ...extra,
});

describe("/checkout order summary", () => {
  it("lists the lines at today's prices with their options, and the quote's subtotal, delivery, VAT and total for the preselected method", async () => {
    const { quoteQueries } = setUp();
    const view = await load();
    expect(view.summary.lines).toEqual([
      {
        productId: "20002",
        name: "Hi-Vis Jacket M",
        options: ["Size: M", expect.stringMatching(/^Colou?r: Yellow$/)],
        qty: 2,
        amountText: "£49.00",
      },
    ]);
    expect(view.summary.totals).toEqual({
      shippingMethod: "1",
      subTotalText: "£49.00",
      shippingText: "£5.95",
      taxText: "£10.99",
      totalText: "£65.94",
      problem: null,
    });
    expect(quoteQueries).toEqual(["forBasket=stock&shippingMethod=1"]);
  });

  it("quotes the first method the basket may use, not one it does not reach (decision 073)", async () => {
    const { quoteQueries } = setUp({ checkout: { shipMethods: [FREE_DELIVERY_FOR_49, ...SHIP_METHODS] } });
    const view = await load();
    expect(view.summary.totals?.shippingMethod).toBe("1");
    expect(quoteQueries).toEqual(["forBasket=stock&shippingMethod=1"]);
  });

  it("with no method the basket may use, or a quote the provider cannot give, the page still opens and says why there is no total", async () => {
    setUp({ checkout: { shipMethods: [FREE_DELIVERY_FOR_49] } });
    expect((await load()).summary.totals).toMatchObject({
      totalText: null,
      problem: "Choose a delivery method to see the total.",
    });

    setUp({ checkout: { quote: { error: { status: 500, message: "Internal error" } } } });
    expect((await load()).summary.totals).toMatchObject({
      totalText: null,
      problem: "The total could not be worked out just now: it is confirmed when the order is placed.",
    });
  });

  it("a changed delivery method (intent=quote) answers that method's quote and the form as posted, and places nothing", async () => {
    const { quoteQueries, orders } = setUp({ permissions: ["canViewFullCatalogue", "dellAddress", "addAddress"] });
    const typed = {
      addressId: "new",
      addr1: "5 Quay St",
      city: "Hull",
      zip: "HU1 1AA",
      otherRefNum: "PO-7",
      deliveryInstructions: "Gate 3",
      paymentMethod: "0",
    };
    const answer = (await send({ intent: "quote", shippingMethod: "2", ...typed })) as Answer;
    expect(answer.init?.status ?? 200).toBe(200);
    expect(answer.data.ok).toBe(true);
    expect(answer.data.totals).toEqual({
      shippingMethod: "2",
      subTotalText: "£49.00",
      shippingText: "£12.50",
      taxText: "£12.30",
      totalText: "£73.80",
      problem: null,
    });
    expect(answer.data.values).toEqual({ ...typed, shippingMethod: "2" });
    expect(quoteQueries).toEqual(["forBasket=stock&shippingMethod=2"]);
    expect(orders).toHaveLength(0);
  });

  it.each([
    ["a malformed method", "next-day", "Choose a delivery method"],
    ["a method the provider does not know", "9", 'Invalid value at field "shippingMethod": not available'],
  ])("refuses %s with a 400 and a message, not a 500", async (_name, shippingMethod, message) => {
    const { orders } = setUp();
    const answer = (await send({ intent: "quote", shippingMethod })) as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.fieldErrors.shippingMethod).toBe(message);
    expect(orders).toHaveLength(0);
  });

  it("a method whose minimum the basket does not reach is refused in the provider's words", async () => {
    setUp({
      checkout: { quote: { error: { status: 400, message: FREE_DELIVERY_FOR_49.refusal, field: "shippingMethod" } } },
    });
    const answer = (await send({ intent: "quote", shippingMethod: "3" })) as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.formError).toBe(FREE_DELIVERY_FOR_49.refusal);
    expect(answer.data.totals).toMatchObject({ totalText: null, problem: FREE_DELIVERY_FOR_49.refusal });
  });

  it("a refused order gives back the form as posted and the summary of the method posted", async () => {
    setUp({
      checkout: {
        orderError: { status: 400, message: 'Invalid value at field "items.0.qty": must be a multiple of 2' },
      },
    });
    const answer = (await send(orderForm({ shippingMethod: "2", otherRefNum: "PO-8" }))) as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.values).toMatchObject({ shippingMethod: "2", otherRefNum: "PO-8" });
    expect(answer.data.totals?.totalText).toBe("£73.80");
  });

  it("with the account's prices hidden, the lines and goods amounts read 'Price on application' (decision 058); delivery stays", async () => {
    const hiddenQuote = {
      forBasket: "stock",
      shippingMethod: "1",
      subTotal: null,
      shippingCost: 5.95,
      taxTotal: null,
      total: null,
      totalPence: null,
      basketVersion: 5,
    };
    setUp({ permissions: ["canViewFullCatalogue", "pricingHidden"], checkout: { quote: hiddenQuote } });
    const view = await load();
    expect(view.summary.lines.map((line) => line.amountText)).toEqual([PRICE_HIDDEN_TEXT]);
    expect(view.summary.totals).toEqual({
      shippingMethod: "1",
      subTotalText: PRICE_HIDDEN_TEXT,
      shippingText: "£5.95",
      taxText: PRICE_HIDDEN_TEXT,
      totalText: PRICE_HIDDEN_TEXT,
      problem: null,
    });
  });
});

describe("/checkout typed address (decision 086)", () => {
  const junk = { addressee: "x".repeat(250), addr1: "y".repeat(300), city: "", zip: "not a postcode" };

  it("with a saved address chosen, whatever the new-address fields hold is neither read nor checked", async () => {
    const { orders } = setUp({ permissions: ["canViewFullCatalogue", "dellAddress", "addAddress"] });
    const result = await send(orderForm({ addressId: "702", ...junk }));
    expect(locationOf(result)).toBe("/order-complete?order=801");
    expect(orders[0].body.addressId).toBe("702");
    expect(orders[0].body).not.toHaveProperty("customAddress");
  });

  it("with 'Deliver to a new address' chosen, the typed address is checked as before", async () => {
    const { orders } = setUp({ permissions: ["canViewFullCatalogue", "dellAddress", "addAddress"] });
    const answer = (await send(orderForm({ addressId: "new", ...junk }))) as Answer;
    expect(answer.init?.status).toBe(400);
    expect(answer.data.fieldErrors.addr1).toBe("The address line can be at most 200 characters");
    expect(orders).toHaveLength(0);
  });

  it("with no address choice posted (a typed-only account), the typed address is read", async () => {
    const { orders } = setUp({ permissions: ["canViewFullCatalogue", "customAddressOnly"] });
    await send(orderForm({ addr1: "5 Quay St", city: "Hull", zip: "hu1 1aa" }));
    expect(orders[0].body.customAddress).toEqual({ addr1: "5 Quay St", city: "Hull", zip: "HU1 1AA" });
  });
});
