import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { basketHandlers, ITEMS } from "../../tests/mocks/upstream/basket";
import { savedBasketHandlers } from "../../tests/mocks/upstream/saved-baskets";
import { action, loader } from "./_default.saved-baskets.$basketId";

const t = useRouteTest();

const monthly = {
  id: 601,
  basket_name: "Monthly",
  checked_out: 0,
  updated_at: "2026-11-02T09:30:00.000Z",
  itemsArray: [
    { internalId: "20002", parent: "20001", qty: 2, name: "Hi-Vis Jacket M" },
    { internalId: "20010", parent: null, qty: 4, name: "Rigger Gloves (pack of 2)" },
    { internalId: "20099", parent: null, qty: 1, name: "Old Fleece" },
  ],
};

type FormAnswer = {
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
  init: ResponseInit;
};

function setUp() {
  const basket = basketHandlers();
  const saved = savedBasketHandlers([monthly]);
  t.signIn({}, ...basket.handlers, ...saved.handlers);
  return { basket: basket.store, saved };
}
const send = (id: string, form: Record<string, string>) =>
  t.run(action, post(`/saved-baskets/${id}`, form, t.cookie()), { basketId: id });

/** The saved basket's page, as the loader gives it. */
const open = (id: string) =>
  loader({ request: get(`/saved-baskets/${id}`, t.cookie()), params: { basketId: id }, context: testLoadContext() });

describe("/saved-baskets/{id} loader", () => {
  it("lists the lines priced from today's catalogue, marking products that no longer exist", async () => {
    setUp();
    const view = await open("601");
    expect(view.name).toBe("Monthly");
    expect(view.updated).toBe("02.11.26");
    expect(view.lines.map((l) => [l.productId, l.name, l.qty, l.unitPrice, l.lineTotal, l.step, l.available])).toEqual([
      ["20002", "Hi-Vis Jacket M", 2, 24.5, 49, 1, true],
      ["20010", "Rigger Gloves (pack of 2)", 4, 6, 24, 2, true],
      ["20099", "Old Fleece", 1, null, null, 1, false],
    ]);
    expect(view.total).toBe(73);
  });

  it("another customer's or an unknown basket, or a malformed id, is a 404", async () => {
    setUp();
    for (const id of ["999", "abc"]) {
      const result = await t.run(loader, get(`/saved-baskets/${id}`, t.cookie()), { basketId: id });
      expect((result as Response).status).toBe(404);
    }
  });
});

describe("/saved-baskets/{id} action: the PATCH variants of SPEC §7", () => {
  it("a new quantity sends {basket_id, item_id, qty}", async () => {
    const { saved } = setUp();
    const result = await send("601", { intent: "qty", itemId: "20010", qty: "6" });
    expect(locationOf(result)).toBe("/saved-baskets/601");
    expect(saved.patches).toEqual([{ basket_id: "601", item_id: "20010", qty: 6 }]);
  });

  it("quantity 0 removes the line: {basket_id, item_id, delete_from_saved}", async () => {
    const { saved } = setUp();
    await send("601", { intent: "qty", itemId: "20002", qty: "0" });
    expect(saved.patches).toEqual([{ basket_id: "601", item_id: "20002", delete_from_saved: true }]);
  });

  it("remove sends {basket_id, item_id, delete_from_saved}", async () => {
    const { saved } = setUp();
    await send("601", { intent: "remove", itemId: "20002" });
    expect(saved.patches).toEqual([{ basket_id: "601", item_id: "20002", delete_from_saved: true }]);
  });

  it("adding by product code sends {basket_id, item_id}", async () => {
    const { saved } = setUp();
    const result = await send("601", { intent: "add", code: "glv-rig" });
    expect(locationOf(result)).toBe("/saved-baskets/601");
    expect(saved.patches).toEqual([{ basket_id: "601", item_id: "20010" }]);
  });

  it.each([
    ["a quantity off the item's step", { intent: "qty", itemId: "20010", qty: "3" }, 400],
    ["a quantity above 99", { intent: "qty", itemId: "20002", qty: "120" }, 400],
    ["a non-numeric quantity", { intent: "qty", itemId: "20002", qty: "two" }, 400],
    ["a product not in the basket", { intent: "remove", itemId: "20010999" }, 400],
    ["an unknown product code", { intent: "add", code: "NOPE-1" }, 400],
    ["an unknown intent", { intent: "rename" }, 400],
  ])("refuses %s with a 4xx and a message, nothing sent", async (_name, form, status) => {
    const { saved } = setUp();
    const result = (await send("601", form as Record<string, string>)) as FormAnswer;
    expect(result.init.status).toBe(status);
    expect(result.data.formError).toBeTruthy();
    expect(saved.patches).toEqual([]);
  });

  it("another customer's basket is a 404 with a message", async () => {
    const { saved } = setUp();
    const result = (await send("999", { intent: "remove", itemId: "20002" })) as FormAnswer;
    expect(result.init.status).toBe(404);
    expect(result.data.formError).toBe("That saved basket could not be found.");
    expect(saved.patches).toEqual([]);
  });

  it("load replaces the live basket, drops what no longer exists and remembers the basket for checkout", async () => {
    const { basket } = setUp();
    const result = (await send("601", { intent: "load" })) as Response;
    expect(locationOf(result)).toBe("/basket");
    expect(basket.state.stock.map((l) => [l.productId, l.qty])).toEqual([
      ["20002", 2],
      ["20010", 4],
    ]);
    // one PATCH: the lines and the saved basket they came from, kept upstream for checkout (decision 077)
    expect(basket.patches).toEqual([expect.objectContaining({ stock: expect.any(Array), loadedBasket: "601" })]);
    expect(basket.state.loadedBasket).toBe("601");
    expect(result.headers.get("Set-Cookie") ?? "").not.toMatch(/saved_basket/);
  });
});

describe("/saved-baskets/{id} for an account whose prices are hidden (issue 12 item 8, decision 058)", () => {
  // the provider sends no price to a pricingHidden account: hidden, not missing
  function setUpHidden() {
    const basket = basketHandlers({ items: Object.values(ITEMS).map((item) => ({ ...item, price: null })) });
    const saved = savedBasketHandlers([monthly]);
    t.signIn({ permissions: ["canViewFullCatalogue", "pricingHidden"] }, ...basket.handlers, ...saved.handlers);
    return { basket: basket.store, saved };
  }

  it("shows the lines as available, their prices and total as 'Price on application'", async () => {
    setUpHidden();
    const view = await open("601");
    expect(view.lines.map((l) => [l.productId, l.available, l.unitPriceText, l.lineTotalText])).toEqual([
      ["20002", true, "Price on application", "Price on application"],
      ["20010", true, "Price on application", "Price on application"],
      ["20099", false, "Price on application", "Price on application"],
    ]);
    expect(view.total).toBeNull();
    expect(view.totalText).toBe("Price on application");
  });

  it("load puts the lines into the basket, none dropped for want of a price", async () => {
    const { basket } = setUpHidden();
    const result = (await send("601", { intent: "load" })) as Response;
    expect(locationOf(result)).toBe("/basket");
    expect(basket.state.stock.map((l) => [l.productId, l.qty, l.price])).toEqual([
      ["20002", 2, null],
      ["20010", 4, null],
    ]);
  });

  it("adding by product code adds a product whose price is hidden", async () => {
    const { saved } = setUpHidden();
    const result = await send("601", { intent: "add", code: "glv-rig" });
    expect(locationOf(result)).toBe("/saved-baskets/601");
    expect(saved.patches).toEqual([{ basket_id: "601", item_id: "20010" }]);
  });
});
