import { describe, expect, it } from "vitest";
import { useProvider } from "./fixtures";

/** Every customer-owned record of Harbour (1002) must be a 404 to a caller acting for Northwind (1001). */
const { p, tokens } = useProvider({
  northwind: { email: "buyer@demo.test", contactId: 5001 },
  harbour: { email: "buyer@demo.test", contactId: 5101 },
});

// [service, Harbour's id, Northwind's id]
const OWNED: Array<[string, string, string]> = [
  ["order", "5", "1"],
  ["despatch", "902", "901"],
  ["saved-basket", "602", "601"],
  ["wish-list", "20030", "20001"],
  ["customer-address", "702", "701"],
  ["contact", "5102", "5004"],
  ["contactBudget", "2", "1"],
  ["department", "302", "301"],
  ["cost-centre", "402", "401"],
  ["customCatalogue", "803", "801"],
  ["smiCustomCatalogue", "802", "804"],
  ["workwear-categories", "21", "20"],
  ["report", "2", "1"],
];

describe("cross-customer reads", () => {
  it.each(OWNED)("GET /api/%s/:id of another customer is a 404", async (service, foreign, own) => {
    const res = await p.api("GET", `/api/${service}/${foreign}`, { token: tokens.northwind });
    expect(res.status).toBe(404);
    expect(res.body.name).toBe("NotFound");
    expect((await p.api("GET", `/api/${service}/${own}`, { token: tokens.northwind })).status).toBe(200);
  });

  it.each(OWNED.filter(([s]) => s !== "report"))(
    "GET /api/%s lists none of another customer's records",
    async (service, foreign) => {
      const res = await p.api("GET", service === "despatch" ? "/api/despatch" : `/api/${service}?$limit=1000`, {
        token: tokens.northwind,
      });
      expect(res.status).toBe(200);
      const ids = res.body.data.map((r: any) => String(r.internalId ?? r.product_id ?? r.id));
      expect(ids).not.toContain(foreign);
    },
  );

  it("items of another customer's catalogue are a 404", async () => {
    expect((await p.api("GET", "/api/item?catalogueId=802", { token: tokens.northwind })).status).toBe(404);
    expect((await p.api("GET", "/api/item?catalogueId=801", { token: tokens.northwind })).body.total).toBe(1);
  });
});

describe("cross-customer writes", () => {
  it("PATCH another customer's order / saved basket / address is a 404 and changes nothing", async () => {
    const approver = await p.login("approver@demo.test");
    expect((await p.api("PATCH", "/api/order/5", { token: approver, body: { decision: "approve" } })).status).toBe(404);
    expect(
      (await p.api("PATCH", "/api/saved-basket/602", { token: tokens.northwind, body: { basket_name: "mine now" } }))
        .status,
    ).toBe(404);
    expect(
      (
        await p.api("PATCH", "/api/saved-basket", {
          token: tokens.northwind,
          body: { deleteBasket: true, basketID: 602 },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await p.api("PATCH", "/api/saved-basket", {
          token: tokens.northwind,
          body: { basket_id: 602, item_id: 20002, qty: 5 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await p.api("PATCH", "/api/customer-address/702", { token: tokens.northwind, body: { isInactive: true } }))
        .status,
    ).toBe(404);
    expect((await p.api("DELETE", "/api/wish-list/20030", { token: tokens.northwind })).status).toBe(404);
    expect((await p.api("POST", "/api/re-order", { token: tokens.northwind, body: { orderId: 5 } })).status).toBe(404);
    expect((await p.db("saved_baskets").where("id", 602).first()).basket_name).toBe("Harbour monthly");
    expect((await p.db("addresses").where("id", 702).first()).is_inactive).toBeFalsy();
    expect(await p.db("wish_list").where("id", 2).first()).toBeTruthy();
  });

  it("an order cannot ship to another customer's address", async () => {
    const res = await p.api("POST", "/api/order", {
      token: tokens.northwind,
      body: { orderType: "standard", items: [{ internalId: "20002", qty: 1 }], addressId: "702" },
    });
    expect(res.status).toBe(400);
  });

  it("the live basket is per customer", async () => {
    const line = { productId: "20002", parentId: "20001", qty: 3 };
    expect(
      (await p.api("PATCH", "/api/basket-session", { token: tokens.northwind, body: { stock: [line] } })).status,
    ).toBe(200);
    expect((await p.api("GET", "/api/basket-session", { token: tokens.harbour })).body.stock).toEqual([]);
  });
});

describe("no or bad token", () => {
  it.each([
    "order",
    "order/1",
    "item",
    "saved-basket",
    "wish-list",
    "basket-session",
    "customer-address",
    "contact",
    "report",
    "session",
    "outbox",
  ])("GET /api/%s without a token is a 401", async (path) => {
    expect((await p.api("GET", `/api/${path}`)).status).toBe(401);
  });
});
