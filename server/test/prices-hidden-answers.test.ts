import { beforeAll, describe, expect, it } from "vitest";
import { FREE_CARRIAGE, useProvider } from "./fixtures";

// Decision 066: the provider's remaining answers that carried amounts to a caller with pricingHidden (SPEC §6) —
// the session's basket and wish list, a re-order's lines, and the carriage answer for the stock basket — carry none;
// a caller without it still gets them.

let hidden: string; // buyer@demo.test in Northwind, pricingHidden added
let hiddenManpack: string; // manpack@demo.test in Harbour, pricingHidden added
let shown: string; // approver@demo.test in Northwind, prices shown
const FREE = FREE_CARRIAGE.id;

async function hidePricesFrom(email: string) {
  const user = await p.db("users").where({ email }).first();
  for (const m of await p.db("user_customers").where({ user_id: user.id })) {
    const permissions = JSON.parse(m.permissions_json ?? "[]");
    await p
      .db("user_customers")
      .where({ user_id: m.user_id, customer_id: m.customer_id })
      .update({ permissions_json: JSON.stringify([...permissions, "pricingHidden"]) });
  }
}

const { p } = useProvider();
beforeAll(async () => {
  await p.db("carriage").insert(FREE_CARRIAGE);
  await hidePricesFrom("buyer@demo.test");
  await hidePricesFrom("manpack@demo.test");
  hidden = await p.login("buyer@demo.test");
  await p.api("POST", "/api/select-customer", { token: hidden, body: { contactId: "5001" } });
  hiddenManpack = await p.login("manpack@demo.test");
  shown = await p.login("approver@demo.test");
});

const stockLine = { productId: "20002", parentId: "20001", qty: 2, name: "Hi-Vis Jacket M", price: 24.5 };

describe("GET /api/session for a caller with pricingHidden", () => {
  it("sends its basket lines and wish list items without a price; the lines and items stay", async () => {
    expect((await p.api("PATCH", "/api/basket-session", { token: hidden, body: { stock: [stockLine] } })).status).toBe(
      200,
    );
    expect((await p.api("POST", "/api/wish-list", { token: hidden, body: { product_id: "20001" } })).status).toBe(201);
    const { status, body } = await p.api("GET", "/api/session", { token: hidden });
    expect(status).toBe(200);
    expect(body.basket.stock).toEqual([expect.objectContaining({ productId: "20002", qty: 2, price: null })]);
    expect(body.wishList.items).toEqual([expect.objectContaining({ internalId: "20001", price: null })]);
  });

  it("sends them with their prices to a caller without it", async () => {
    await p.api("PATCH", "/api/basket-session", { token: shown, body: { stock: [stockLine] } });
    await p.api("POST", "/api/wish-list", { token: shown, body: { product_id: "20001" } });
    const { body } = await p.api("GET", "/api/session", { token: shown });
    expect(body.basket.stock.map((l: any) => l.price)).toEqual([24.5]);
    expect(body.wishList.items.map((i: any) => i.price)).toEqual([24.5]);
  });
});

describe("POST /api/re-order for a caller with pricingHidden", () => {
  it("answers the stock lines without a price", async () => {
    const res = await p.api("POST", "/api/re-order", { token: hidden, body: { orderId: "1" } });
    expect(res.status).toBe(201);
    expect(res.body.lines.length).toBeGreaterThan(0);
    expect(res.body.lines[0]).toMatchObject({ productId: "20002", parentId: "20001", price: null });
    expect(res.body.lines.every((l: any) => l.price === null)).toBe(true);
  });

  it("answers a wearer pack's lines without a price", async () => {
    const res = await p.api("POST", "/api/re-order", { token: hiddenManpack, body: { orderId: "6" } });
    expect(res.status).toBe(201);
    const lines = res.body.packs.flatMap((pack: any) => pack.data);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l: any) => l.price === null)).toBe(true);
  });
});

describe("GET /api/carriage?forBasket=stock for a caller with pricingHidden", () => {
  it("says whether the basket reaches each method and the method's minimum, not the basket's value", async () => {
    // 2 × £24.50 = £49.00 before VAT, below Free Delivery's £150
    await p.api("PATCH", "/api/basket-session", { token: hidden, body: { stock: [stockLine] } });
    const { status, body } = await p.api("GET", "/api/carriage?forBasket=stock", { token: hidden });
    expect(status).toBe(200);
    const free = body.data.find((m: any) => m.internalId === String(FREE));
    expect(free).toMatchObject({
      available: false,
      minimumOrderAmount: 150,
      basketSubTotal: null,
      amountNeeded: null,
      refusal: "Free Delivery needs an order of £150.00 or more before VAT; this order is less",
    });
    expect(body.data.find((m: any) => m.internalId === "1")).toMatchObject({
      available: true,
      basketSubTotal: null,
      amountNeeded: null,
    });
    // nothing in the answer names the basket's £49.00 or the £101.00 it lacks
    expect(JSON.stringify(body)).not.toMatch(/49|101/);
  });

  it("still sends the basket's subtotal, the amount needed and the amount in the refusal to a caller without it", async () => {
    await p.api("PATCH", "/api/basket-session", { token: shown, body: { stock: [stockLine] } });
    const { body } = await p.api("GET", "/api/carriage?forBasket=stock", { token: shown });
    expect(body.data.find((m: any) => m.internalId === String(FREE))).toMatchObject({
      available: false,
      minimumOrderAmount: 150,
      basketSubTotal: 49,
      amountNeeded: 101,
      refusal: "Free Delivery needs an order of £150.00 or more before VAT; this order is £49.00",
    });
  });
});
