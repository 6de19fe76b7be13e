import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { basketHandlers, emptyBasket, ITEMS, type BasketStore } from "../../tests/mocks/upstream/basket";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import { action, loader } from "./_basket.basket";

const t = useRouteTest();

type FormAnswer = {
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null };
  init: ResponseInit;
};

function setUp(options: Parameters<typeof basketHandlers>[0] = {}, session = sessionAnswer()) {
  const mock = basketHandlers(options);
  t.signIn(session, ...mock.handlers);
  return mock.store;
}

function send(form: Record<string, string>) {
  return t.run(action, post("/basket", form, t.cookie()));
}

const jacketLine = (qty: number) => ({
  productId: "20002",
  parentId: "20001",
  qty,
  name: "Hi-Vis Jacket M",
  price: 24.5,
  thumbnail: "/img/hvj-y.jpg",
});

function storeWith(stock: BasketStore["state"]["stock"]): BasketStore {
  return { state: { ...emptyBasket(), stock }, patches: [], reorders: [] };
}

describe("/basket action, intent=add", () => {
  it("an add while the wearer-pack basket is selected selects the stock basket, where the line went", async () => {
    const store = setUp({
      store: { ...storeWith([]), state: { ...emptyBasket(), selectedBasketType: "manpack-order-basket" } },
    });
    await send({ intent: "add", productId: "20002", qty: "1" });
    expect(store.patches).toEqual([
      { stock: [expect.objectContaining({ productId: "20002", qty: 1 })], selectedBasketType: "stock-order-basket" },
    ]);
  });

  it("adds a line priced by the catalogue, writes the basket upstream and goes back to redirectTo with a toast", async () => {
    const store = setUp();
    const result = await send({
      intent: "add",
      productId: "20002",
      qty: "3",
      redirectTo: "/product/hv-jkt",
      price: "0.01",
    });
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe("/product/hv-jkt");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Added to basket" });
    expect(store.patches).toEqual([
      {
        stock: [
          {
            productId: "20002",
            parentId: "20001",
            qty: 3,
            name: "Hi-Vis Jacket M",
            price: 24.5,
            thumbnail: "/img/hvj-y.jpg",
            options: { size: "M", color: "Yellow" },
          },
        ],
      },
    ]);
  });

  it("sums the quantity with the line already held (SPEC §4) and defaults to /basket", async () => {
    const store = setUp({ store: storeWith([jacketLine(2)]) });
    const result = await send({ intent: "add", productId: "20002", qty: "5" });
    expect(locationOf(result)).toBe("/basket");
    expect(store.state.stock).toHaveLength(1);
    expect(store.state.stock[0].qty).toBe(7);
  });

  it.each(["//evil.example", "https://evil.example/", "/\\evil.example"])(
    "ignores the off-site redirectTo %s",
    async (target) => {
      setUp();
      expect(locationOf(await send({ intent: "add", productId: "20002", qty: "1", redirectTo: target }))).toBe(
        "/basket",
      );
    },
  );

  it.each([
    ["20010", "3", "Quantity must be a multiple of 2"],
    ["20010", "0", "Quantity must be at least 2"],
    ["20002", "100", "Quantity cannot be more than 99"],
    ["20002", "2.5", "Quantity must be a whole number"],
    ["20002", "lots", "Quantity must be a whole number"],
    ["99999", "1", "That product is not available to order."],
    ["abc", "1", "That product is not available to order."],
    ["20001", "1", "Choose a size or colour of Hi-Vis Jacket first."],
  ])("refuses product %s qty %s with 400 and leaves the basket unchanged", async (productId, qty, message) => {
    const store = setUp();
    const result = (await send({ intent: "add", productId, qty, redirectTo: "/product/x" })) as FormAnswer;
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toBe(message);
    expect(store.patches).toEqual([]);
  });

  it("a product whose price is hidden from the account (null from the upstream) is still added (decision 058); for others it has no price", async () => {
    const hiddenItems = { items: [{ ...ITEMS.jacketM, price: null }] };
    const store = setUp(hiddenItems, sessionAnswer({ permissions: ["canViewFullCatalogue", "pricingHidden"] }));
    const result = await send({ intent: "add", productId: "20002", qty: "2" });
    expect(locationOf(result)).toBe("/basket");
    expect(store.state.stock).toEqual([expect.objectContaining({ productId: "20002", qty: 2, price: null })]);

    const other = setUp(hiddenItems);
    const refused = (await send({ intent: "add", productId: "20002", qty: "2" })) as FormAnswer;
    expect(refused.init.status).toBe(400);
    expect(refused.data.formError).toBe("Hi-Vis Jacket M has no price and cannot be ordered here.");
    expect(other.patches).toEqual([]);
  });

  it("refuses a sum beyond 99 instead of trimming it", async () => {
    const store = setUp({ store: storeWith([jacketLine(98)]) });
    const result = (await send({ intent: "add", productId: "20002", qty: "2" })) as FormAnswer;
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toBe(
      "You already have 98 of Hi-Vis Jacket M in your basket; a basket line cannot be more than 99.",
    );
    expect(store.patches).toEqual([]);
  });

  it("refuses an unknown intent with 400", async () => {
    const store = setUp();
    const result = (await send({ intent: "explode" })) as FormAnswer;
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toBe("That basket action is not known.");
    expect(store.patches).toEqual([]);
  });

  it("sends a browse-only user home (302 to /, decision 050) before touching the basket", async () => {
    const store = setUp({}, sessionAnswer({ permissions: ["canViewFullCatalogue", "browseOnly"] }));
    const result = await send({ intent: "add", productId: "20002", qty: "1" });
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(302);
    expect(locationOf(result)).toBe("/");
    expect(store.patches).toEqual([]);
  });
});

describe("/basket action, other intents", () => {
  it("update sets the line's quantity; 0 removes it", async () => {
    const store = setUp({ store: storeWith([jacketLine(2)]) });
    expect(locationOf(await send({ intent: "update", productId: "20002", qty: "4" }))).toBe("/basket");
    expect(store.state.stock[0].qty).toBe(4);
    await send({ intent: "update", productId: "20002", qty: "0" });
    expect(store.state.stock).toEqual([]);
  });

  it("update refuses a quantity off the item's step and a product not in the basket", async () => {
    const store = setUp({ store: storeWith([{ ...jacketLine(2), productId: "20010", name: "Gloves" }]) });
    expect(((await send({ intent: "update", productId: "20010", qty: "3" })) as FormAnswer).data.formError).toBe(
      "Quantity must be a multiple of 2",
    );
    expect(((await send({ intent: "update", productId: "20002", qty: "3" })) as FormAnswer).data.formError).toBe(
      "That product is not in your basket.",
    );
    expect(store.patches).toEqual([]);
  });

  it("remove drops the line", async () => {
    const store = setUp({ store: storeWith([jacketLine(2)]) });
    await send({ intent: "remove", productId: "20002" });
    expect(store.patches).toEqual([{ stock: [] }]);
  });

  it("instructions and basket-type patch only their own keys", async () => {
    const both = ["canViewFullCatalogue", "canViewManpack", "manpackOrders"];
    const store = setUp({}, sessionAnswer({ permissions: both }));
    await send({ intent: "instructions", instructions: "Gate 3" });
    await send({ intent: "basket-type", basketType: "manpack-order-basket" });
    expect(store.patches).toEqual([
      { instructions: { stock: "Gate 3", manpack: "" } },
      { selectedBasketType: "manpack-order-basket" },
    ]);
  });

  it("reorder posts /api/re-order and adds the lines, naming the products that were dropped", async () => {
    const store = setUp({
      store: storeWith([jacketLine(1)]),
      reorder: {
        orderId: "8",
        orderType: "standard",
        lines: [jacketLine(2)],
        dropped: [{ internalId: "20099", name: "Old Fleece" }],
      },
    });
    const result = await send({ intent: "reorder", orderId: "8" });
    expect(locationOf(result)).toBe("/basket");
    expect(store.reorders).toEqual([{ orderId: "8" }]);
    expect(store.state.stock[0].qty).toBe(3);
    // the basket page shows the basket the lines went into
    expect(store.patches).toEqual([{ stock: [{ ...jacketLine(3) }], selectedBasketType: "stock-order-basket" }]);
  });

  it("reorder of a wearer-pack order adds to each wearer's pack (one pack a wearer, quantities summed) and selects the wearer-pack basket", async () => {
    const held = { employeeId: "5004", addressId: "701", data: [jacketLine(1)] };
    const store = setUp({
      store: { state: { ...emptyBasket(), manpack: [held] }, patches: [], reorders: [] },
      reorder: {
        orderId: "9",
        orderType: "manpack",
        packs: [
          { employeeId: "5004", data: [jacketLine(2)] },
          { employeeId: "5005", data: [jacketLine(98), jacketLine(4)] },
        ],
        dropped: [],
      },
    });
    const result = await send({ intent: "reorder", orderId: "9" });
    expect(locationOf(result)).toBe("/basket");
    expect(store.patches).toEqual([
      {
        manpack: [
          { employeeId: "5004", addressId: "701", data: [jacketLine(3)] },
          { employeeId: "5005", data: [jacketLine(99)] },
        ],
        selectedBasketType: "manpack-order-basket",
      },
    ]);
  });

  it("reorder of a wearer-pack order names the lines the provider left out and why (decision 104)", async () => {
    setUp({
      reorder: {
        orderId: "9",
        orderType: "manpack",
        packs: [{ employeeId: "5004", data: [jacketLine(1)] }],
        dropped: [
          {
            internalId: "20010",
            name: "Work Trousers",
            employeeId: "5004",
            reason: "Hal Harbour is no longer entitled to Work Trousers",
          },
          { internalId: "20099", name: "Old Fleece", employeeId: "5004" },
        ],
      },
    });
    const result = await send({ intent: "reorder", orderId: "9" });
    expect(await toastOf(result)).toEqual({
      kind: "info",
      message:
        "Added 1 line from the order to your basket. No longer available, so not added: Old Fleece. Not added: Hal Harbour is no longer entitled to Work Trousers.",
    });
  });

  it("reorder of an unknown order is a 400 with a message", async () => {
    const store = setUp({ reorder: { orderId: "8", orderType: "standard", lines: [], dropped: [] } });
    const result = (await send({ intent: "reorder", orderId: "9" })) as FormAnswer;
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toBe("That order could not be found.");
    expect(store.patches).toEqual([]);
  });
});

describe("/basket loader", () => {
  it("lists the lines with today's prices and names the lines whose price changed or vanished", async () => {
    setUp({
      store: storeWith([
        jacketLine(2),
        { productId: "20010", qty: 2, name: "Gloves", price: 5 },
        { productId: "20050", qty: 1, name: "Gone", price: 3 },
      ]),
      items: [ITEMS.jacketM, ITEMS.gloves],
    });
    const view = await loader({ request: get("/basket", t.cookie()), params: {}, context: testLoadContext() });
    expect(view.lines.map((l) => [l.productId, l.qty, l.unitPrice, l.lineTotal])).toEqual([
      ["20002", 2, 24.5, 49],
      ["20010", 2, 6, 12],
      ["20050", 1, 3, 3],
    ]);
    expect(view.verifyPrices).toBe(true);
    expect(view.priceNotice.map((n) => n.text)).toEqual([
      "Gloves: was £5.00, now £6.00",
      "Gone: no longer available at a price",
    ]);
    expect(view.total).toBe(64);
  });

  it("with the account's prices hidden (decision 058): no amount, no £0.00 total, and a null price is hidden, not gone", async () => {
    setUp(
      {
        store: storeWith([jacketLine(2), { productId: "20010", qty: 2, name: "Gloves", price: 5 }]),
        items: [
          { ...ITEMS.jacketM, price: null },
          { ...ITEMS.gloves, price: null },
        ],
      },
      sessionAnswer({ permissions: ["canViewFullCatalogue", "pricingHidden"] }),
    );
    const view = await loader({ request: get("/basket", t.cookie()), params: {}, context: testLoadContext() });
    expect(view.pricesHidden).toBe(true);
    expect(
      view.lines.map((l) => [l.productId, l.qty, l.unitPrice, l.lineTotal, l.unitPriceText, l.lineTotalText]),
    ).toEqual([
      ["20002", 2, null, null, "Price on application", "Price on application"],
      ["20010", 2, null, null, "Price on application", "Price on application"],
    ]);
    expect(view.verifyPrices).toBe(false);
    expect(view.priceNotice).toEqual([]);
    expect(view.total).toBeNull();
    expect(view.totalText).toBe("Price on application");
    expect(view.count).toBe(4);
  });
});

// issue 34 item 6 (decision 166): an empty basket names where to go on, only what the user may open
describe("/basket loader, an empty basket's next steps", () => {
  const load = () => loader({ request: get("/basket", t.cookie()), params: {}, context: testLoadContext() });

  it("a stock buyer: their catalogue, search, quick order and saved baskets", async () => {
    setUp({ store: storeWith([]) }, sessionAnswer({ permissions: ["canViewMyCatalogue"] }));
    const view = await load();
    expect(view.lines).toEqual([]);
    expect(view.emptySteps.stock).toEqual([
      { to: "/categories/my", label: "Browse my catalogue" },
      { to: "/search", label: "Search for a product" },
      { to: "/quick-order", label: "Quick order by product code" },
      { to: "/saved-baskets", label: "Load a saved basket" },
    ]);
    expect(view.emptySteps.manpack).toEqual([]);
  });

  it("a wearer-pack-only user is offered no stock screens, only wearer packs", async () => {
    setUp(
      { store: { ...storeWith([]), state: { ...emptyBasket(), selectedBasketType: "manpack-order-basket" } } },
      sessionAnswer({ permissions: ["canViewManpack", "manpackOrders"] }),
    );
    const view = await load();
    expect(view.emptySteps).toEqual({
      stock: [],
      manpack: [{ to: "/wearer-pack", label: "Choose a wearer in Wearer packs" }],
    });
  });
});
