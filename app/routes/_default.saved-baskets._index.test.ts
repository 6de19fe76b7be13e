import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { locationOf, post } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { basketHandlers, emptyBasket } from "../../tests/mocks/upstream/basket";
import { savedBasketHandlers } from "../../tests/mocks/upstream/saved-baskets";
import { action, loader } from "./_default.saved-baskets._index";

const t = useRouteTest();

const good = {
  id: 601,
  basket_name: "Monthly",
  checked_out: 0,
  itemsArray: [
    { internalId: "20002", parent: "20001", qty: 2, name: "Hi-Vis Jacket M" },
    { internalId: "20099", parent: null, qty: 1, name: "Old Fleece" },
  ],
};
const bad = {
  id: 602,
  basket_name: "Broken",
  checked_out: 0,
  itemsArray: [{ internalId: "20002", parent: "20001", qty: "two" }],
};

function setUp(stock: Array<Record<string, unknown>> = []) {
  const basket = basketHandlers({ store: { state: { ...emptyBasket(), stock }, patches: [], reorders: [] } });
  const saved = savedBasketHandlers([good, bad]);
  t.signIn({}, ...basket.handlers, ...saved.handlers);
  return { basket: basket.store, saved };
}
const send = (form: Record<string, string>) => t.run(action, post("/saved-baskets", form, t.cookie()));

describe("/saved-baskets action", () => {
  it("saves the live basket: POST {items, newBasketName} without prices", async () => {
    const { saved } = setUp([{ productId: "20002", parentId: "20001", qty: 3, price: 24.5 }]);
    expect(locationOf(await send({ intent: "save", name: "Monthly" }))).toBe("/saved-baskets");
    expect(saved.posts).toEqual([
      { items: [{ internalId: "20002", parent: "20001", qty: 3 }], newBasketName: "Monthly" },
    ]);
  });

  it("loads a valid basket, dropping products that no longer exist", async () => {
    const { basket } = setUp();
    expect(locationOf(await send({ intent: "load", basketId: "601" }))).toBe("/basket");
    expect(basket.state.stock.map((l) => [l.productId, l.qty, l.price])).toEqual([["20002", 2, 24.5]]);
    expect(basket.state.loadedBasket).toBe("601");
  });

  it("an invalid saved basket empties the basket (SPEC §4)", async () => {
    const { basket } = setUp([{ productId: "20010", qty: 2 }]);
    expect(locationOf(await send({ intent: "load", basketId: "602" }))).toBe("/basket");
    // and, replacing the basket, it is no longer a punched-out basket held for approval, nor loaded from a saved
    // basket (decision 077)
    expect(basket.patches).toEqual([
      {
        stock: [],
        loadedBasket: null,
        basketIdForApproval: null,
        approvedOrderAddressId: null,
        punchoutLoadedBasket: false,
      },
    ]);
  });

  it("delete sends {deleteBasket, basketID}", async () => {
    const { saved } = setUp();
    await send({ intent: "delete", basketId: "601" });
    expect(saved.patches).toEqual([{ deleteBasket: true, basketID: "601" }]);
  });

  it("an unknown basket is a 404 with a message, nothing changed", async () => {
    const { basket } = setUp();
    const result = (await send({ intent: "load", basketId: "999" })) as {
      init: ResponseInit;
      data: { formError: string };
    };
    expect(result.init.status).toBe(404);
    expect(result.data.formError).toBe("That saved basket could not be found.");
    expect(basket.patches).toEqual([]);
  });
});

describe("/saved-baskets loader: pages of 16 (issue 14 item 6)", () => {
  const many = Array.from({ length: 20 }, (_, i) => ({ ...good, id: 700 + i, basket_name: `Basket ${i + 1}` }));
  const load = (search: string) =>
    loader({
      request: new Request(`http://localhost/saved-baskets${search}`, { headers: { Cookie: t.cookie() } }),
      params: {},
      context: testLoadContext(),
    });

  it("shows the first 16, then the last 4 on page 2, with the total; a page past the end is the last page", async () => {
    const basket = basketHandlers({ store: { state: emptyBasket(), patches: [], reorders: [] } });
    t.signIn({}, ...basket.handlers, ...savedBasketHandlers(many).handlers);
    const first = await load("");
    expect(first.baskets.map((b) => b.name)).toEqual(many.slice(0, 16).map((b) => b.basket_name));
    expect([first.page, first.pageCount, first.total]).toEqual([1, 2, 20]);
    const second = await load("?page=2");
    expect(second.baskets.map((b) => b.name)).toEqual(["Basket 17", "Basket 18", "Basket 19", "Basket 20"]);
    expect((await load("?page=9")).page).toBe(2);
    expect((await load("?page=abc")).page).toBe(1);
  });
});
