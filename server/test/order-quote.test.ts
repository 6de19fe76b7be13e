import { describe, expect, it } from "vitest";
import { orderAmounts } from "../services/orders/pricing";
import { useProvider } from "./fixtures";

// GET /api/order-quote (issue 12 item 4, decision 078): the provider quotes what an order of the caller's live stock
// basket would total, priced by the same function as the order itself; the portal charges a card exactly that.

const { p, tokens } = useProvider({
  buyer: { email: "buyer@demo.test", contactId: 5001 },
  requester: "requester@demo.test",
  punchout: "punchout@demo.test",
});

const fill = (token: string, stock: unknown[]) => p.api("PATCH", "/api/basket-session", { token, body: { stock } });
const quote = (token: string, query = "forBasket=stock&shippingMethod=1") =>
  p.api("GET", `/api/order-quote?${query}`, { token });

describe("GET /api/order-quote", () => {
  it("quotes the basket at today's prices (not the line's own), the method's rate and VAT, and the order totals exactly that", async () => {
    const version = (
      await fill(tokens.buyer, [
        { productId: "20002", qty: 2, price: 100 },
        { productId: "20003", qty: 1 },
      ])
    ).body.version;
    const { status, body } = await quote(tokens.buyer);
    expect(status).toBe(200);
    // 2 × 24.50 + 26.00 = 75.00; + 5.95 delivery; VAT 20 % of 80.95 = 16.19
    expect(body).toEqual({
      forBasket: "stock",
      shippingMethod: "1",
      subTotal: 75,
      shippingCost: 5.95,
      taxTotal: 16.19,
      total: 97.14,
      totalPence: 9714,
      basketVersion: version,
    });
    const next = await quote(tokens.buyer, "forBasket=stock&shippingMethod=2");
    expect(next.body).toMatchObject({ shippingMethod: "2", shippingCost: 9.95, taxTotal: 16.99, totalPence: 10194 });

    const order = await p.api("POST", "/api/order", {
      token: tokens.buyer,
      body: {
        orderType: "standard",
        items: [
          { internalId: "20002", qty: 2 },
          { internalId: "20003", qty: 1 },
        ],
        addressId: "701",
        shippingMethod: "1",
        basketVersion: version,
      },
    });
    expect(order.status).toBe(201);
    expect(order.body).toMatchObject({
      subTotal: body.subTotal,
      shippingCost: body.shippingCost,
      taxTotal: body.taxTotal,
      total: body.total,
    });
  });

  it("without a ship method quotes the one an order would default to (the cheapest the basket may use)", async () => {
    await fill(tokens.buyer, [{ productId: "20030", qty: 1 }]);
    expect((await quote(tokens.buyer, "forBasket=stock")).body).toMatchObject({
      shippingMethod: "1",
      subTotal: 15.75,
      shippingCost: 5.95,
    });
  });

  it("refuses what the order would refuse, with a 400 naming the field and nothing written", async () => {
    await fill(tokens.buyer, []);
    const empty = await quote(tokens.buyer);
    expect(empty.status).toBe(400);
    expect(empty.body.message).toContain("the stock basket is empty");
    await fill(tokens.buyer, [{ productId: "20010", qty: 3 }]);
    const step = await quote(tokens.buyer);
    expect(step.status).toBe(400);
    expect(step.body.message).toContain("Quantity must be a multiple of 2");
    await fill(tokens.buyer, [{ productId: "20030", qty: 1 }]);
    const retired = await quote(tokens.buyer, "forBasket=stock&shippingMethod=3");
    expect(retired.status).toBe(400);
    expect(retired.body.message).toContain("shipping method 3 is not available");
    const version = (await p.api("GET", "/api/basket-session", { token: tokens.buyer })).body.version;
    await quote(tokens.buyer);
    expect((await p.api("GET", "/api/basket-session", { token: tokens.buyer })).body.version).toBe(version);
  });

  it("refuses a malformed query with a clear 400", async () => {
    // (forBasket=manpack quotes the wearer-pack basket since issue 15: server/test/order-quote-manpack.test.ts)
    for (const query of ["", "forBasket=other", "forBasket=stock&shippingMethod=abc", "forBasket=stock&total=1"]) {
      const res = await quote(tokens.buyer, query);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toMatch(/forBasket|shippingMethod|total/);
    }
  });

  it("is scoped to the caller's own basket and needs the right to order stock (decision 028)", async () => {
    await fill(tokens.buyer, [{ productId: "20030", qty: 4 }]);
    await fill(tokens.requester, [{ productId: "20030", qty: 1 }]);
    expect((await quote(tokens.requester)).body).toMatchObject({ subTotal: 15.75 });
    const refused = await quote(tokens.punchout);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This account orders through its punchout system only");
  });

  it("gives a caller with pricingHidden no goods amounts (decision 058); the delivery charge stays", async () => {
    const unit = await p.db("user_customers").where({ user_id: 2, customer_id: 1001 }).first();
    await p
      .db("user_customers")
      .where({ user_id: 2, customer_id: 1001 })
      .update({ permissions_json: JSON.stringify([...JSON.parse(unit.permissions_json), "pricingHidden"]) });
    const hidden = await p.login("requester@demo.test");
    const { status, body } = await quote(hidden);
    expect(status).toBe(200);
    expect(body).toMatchObject({ subTotal: null, taxTotal: null, total: null, totalPence: null, shippingCost: 5.95 });
  });

  it("refuses a method's minimum to a caller with pricingHidden without the basket's amount, in the quote as in the order (decision 066)", async () => {
    await p
      .db("carriage")
      .insert({ id: 9, description: "Free Delivery", shipping_flat_rate_amount: 0, minimum_order_amount: 150 });
    const hidden = await p.login("requester@demo.test");
    await fill(hidden, [{ productId: "20030", qty: 1 }]);
    const refusal =
      'Invalid value at field "shippingMethod": Free Delivery needs an order of £150.00 or more before VAT; this order is less';
    const quoted = await quote(hidden, "forBasket=stock&shippingMethod=9");
    expect(quoted.status).toBe(400);
    expect(quoted.body.message).toBe(refusal);
    const order = await p.api("POST", "/api/order", {
      token: hidden,
      body: { orderType: "standard", items: [{ internalId: "20030", qty: 1 }], addressId: "701", shippingMethod: "9" },
    });
    expect(order.status).toBe(400);
    expect(order.body.message).toBe(refusal);
    // a caller who sees prices is told the basket's amount, as before
    await fill(tokens.buyer, [{ productId: "20030", qty: 1 }]);
    expect((await quote(tokens.buyer, "forBasket=stock&shippingMethod=9")).body.message).toContain(
      "this order is £15.75",
    );
  });
});

describe("POST /api/order with stripeAmount (the pence a card was charged, decision 078)", () => {
  const order = (stripeAmount: number, basketVersion: number, key: string) =>
    p.api("POST", "/api/order", {
      token: tokens.buyer,
      headers: { "Idempotency-Key": key },
      body: {
        orderType: "standard",
        items: [{ internalId: "20030", qty: 2 }],
        addressId: "701",
        shippingMethod: "1",
        basketVersion,
        stripeId: "pi_1",
        stripePaid: true,
        stripeAmount,
      },
    });

  it("refuses an order whose total is not what was charged with 409 naming stripeAmount, and writes nothing", async () => {
    const version = (await fill(tokens.buyer, [{ productId: "20030", qty: 2 }])).body.version;
    const quoted = (await quote(tokens.buyer)).body;
    const count = async () => Number((await p.db("orders").count({ n: "*" }))[0].n);
    const before = await count();
    await p.db("items").where("id", 20030).update({ price: 16 });
    const refused = await order(quoted.totalPence, version, "quote-race-1");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      "The order now totals £45.54, not the £44.94 charged to the card: prices changed while you were paying",
    );
    expect(refused.body.data).toMatchObject({ field: "stripeAmount", totalPence: 4554 });
    expect(await count()).toBe(before);
    // nothing spent: the basket and its version are as they were
    expect((await p.api("GET", "/api/basket-session", { token: tokens.buyer })).body).toMatchObject({
      version,
      stock: [{ productId: "20030", qty: 2 }],
    });

    const requoted = (await quote(tokens.buyer)).body;
    expect(requoted.totalPence).toBe(4554);
    const placed = await order(requoted.totalPence, version, "quote-race-2");
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({ total: 45.54, stripePaid: true });
    await p.db("items").where("id", 20030).update({ price: 15.75 });
  });

  it("a malformed stripeAmount is a 400", async () => {
    const version = (await fill(tokens.buyer, [{ productId: "20030", qty: 2 }])).body.version;
    const res = await order(-1, version, "quote-race-3");
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"stripeAmount"');
  });
});

describe("orderAmounts: the one pricing of an order (moved from the portal's cardCharge)", () => {
  it("adds 20 % VAT to subtotal and shipping, in whole pence", () => {
    expect(orderAmounts([{ amount: 49 }, { amount: 24 }], [4.95])).toEqual({
      subTotal: 73,
      shippingCost: 4.95,
      taxTotal: 15.59,
      total: 93.54,
      totalPence: 9354,
    });
  });

  it("rounds the VAT half up to the penny", () => {
    // (0.05 + 0) × 0.2 = 0.01
    expect(orderAmounts([{ amount: 0.05 }], [0]).taxTotal).toBe(0.01);
  });

  it("comes to nothing for no lines and free delivery", () => {
    expect(orderAmounts([], [null]).totalPence).toBe(0);
  });
});
