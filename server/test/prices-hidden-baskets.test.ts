import { beforeAll, describe, expect, it } from "vitest";
import { addUser, NORTHWIND, useProvider } from "./fixtures";

// Decision 059: a caller with pricingHidden (SPEC §6) is sent no prices in its basket, its saved baskets' items or
// its wish list either (decision 058 covered items and orders); a caller without it still gets them.

const PERMISSIONS = ["canViewFullCatalogue", "canViewManpack", "manpackOrders", "viewOrderHistory"];

let hidden: string;
let shown: string;
const { p } = useProvider();
beforeAll(async () => {
  await addUser(p.db, "hidden@prices.test", [
    { customerId: NORTHWIND, permissions: [...PERMISSIONS, "pricingHidden"] },
  ]);
  await addUser(p.db, "shown@prices.test", [{ customerId: NORTHWIND, permissions: PERMISSIONS }]);
  hidden = await p.login("hidden@prices.test");
  shown = await p.login("shown@prices.test");
});

const basket = {
  selectedBasketType: "stock-order-basket",
  stock: [{ productId: "20002", parentId: "20001", qty: 2, name: "Hi-Vis Jacket M", price: 24.5 }],
  manpack: [{ employeeId: "5004", data: [{ productId: "20030", parentId: "20030", qty: 1, price: 15.75 }] }],
  instructions: { stock: "", manpack: "" },
};

const linePrices = (state: any) =>
  [...state.stock, ...state.manpack.flatMap((pack: any) => pack.data)].map((l: any) => l.price);

describe("a caller with pricingHidden (decision 059)", () => {
  it("gets its basket without line prices from every basket-session call; the lines and quantities stay", async () => {
    const put = await p.api("PUT", "/api/basket-session", { token: hidden, body: basket });
    expect(put.status).toBe(200);
    expect(put.body.stock[0]).toMatchObject({ productId: "20002", qty: 2, price: null });
    expect(linePrices(put.body)).toEqual([null, null]);
    const get = await p.api("GET", "/api/basket-session", { token: hidden });
    expect(linePrices(get.body)).toEqual([null, null]);
    const patch = await p.api("PATCH", "/api/basket-session", {
      token: hidden,
      body: { instructions: { stock: "Gate 3", manpack: "" } },
    });
    expect(patch.status).toBe(200);
    expect(linePrices(patch.body)).toEqual([null, null]);
  });

  it("gets its saved baskets' items without a price, when saving, listing and reading one", async () => {
    const saved = await p.api("POST", "/api/saved-basket", {
      token: hidden,
      body: { newBasketName: "Hidden", items: [{ internalId: "20002", parent: "20001", qty: 2 }] },
    });
    expect(saved.status).toBe(201);
    expect(saved.body.itemsArray).toEqual([expect.objectContaining({ internalId: "20002", qty: 2, price: null })]);
    const list = await p.api("GET", "/api/saved-basket", { token: hidden });
    expect(list.body.data.length).toBeGreaterThan(0);
    for (const b of list.body.data) for (const item of b.itemsArray) expect(item.price).toBeNull();
    const one = await p.api("GET", `/api/saved-basket/${saved.body.id}`, { token: hidden });
    expect(one.body.itemsArray.map((i: any) => i.price)).toEqual([null]);
    const added = await p.api("PATCH", "/api/saved-basket", {
      token: hidden,
      body: { basket_id: saved.body.id, item_id: 20030 },
    });
    expect(added.status).toBe(200);
    expect(added.body.itemsArray.map((i: any) => i.price)).toEqual([null, null]);
  });

  it("gets its wish list without prices", async () => {
    const added = await p.api("POST", "/api/wish-list", { token: hidden, body: { product_id: "20001" } });
    expect(added.status).toBe(201);
    expect(added.body.item).toMatchObject({ internalId: "20001", price: null });
    const list = await p.api("GET", "/api/wish-list", { token: hidden });
    expect(list.body.data.map((e: any) => e.item.price)).toEqual([null]);
  });
});

describe("a caller without pricingHidden", () => {
  it("still gets the prices of the same basket, saved basket and wish list", async () => {
    const put = await p.api("PUT", "/api/basket-session", { token: shown, body: basket });
    expect(linePrices(put.body)).toEqual([24.5, 15.75]);
    expect(linePrices((await p.api("GET", "/api/basket-session", { token: shown })).body)).toEqual([24.5, 15.75]);
    const saved = await p.api("POST", "/api/saved-basket", {
      token: shown,
      body: { newBasketName: "Shown", items: [{ internalId: "20002", parent: "20001", qty: 2 }] },
    });
    expect(saved.body.itemsArray.map((i: any) => i.price)).toEqual([24.5]);
    const wish = await p.api("POST", "/api/wish-list", { token: shown, body: { product_id: "20001" } });
    expect(wish.body.item.price).toBe(24.5);
  });
});
