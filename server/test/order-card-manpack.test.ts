import { beforeAll, describe, expect, it } from "vitest";
import { HARBOUR, useProvider } from "./fixtures";

// POST /api/order (manpack) paid by card (issue 15 item 6, decision 106): the order carries stripeId/stripePaid and
// stripeAmount, the pence charged, which must be the order's total — the totalPence of
// GET /api/order-quote?forBasket=manpack — as for a stock order (decision 078); else 409 and nothing written.

const { p, tokens } = useProvider({
  manpack: "manpack@demo.test", // Harbour: canViewManpack, manpackOrders
});
beforeAll(async () => {
  await p
    .db("customers")
    .where("id", HARBOUR)
    .update({
      payment_methods_json: JSON.stringify([
        { id: 0, name: "On account" },
        { id: 1, name: "Visa" },
      ]),
    });
});

const PACKS = [{ employeeId: "5102", data: [{ productId: "20030", qty: 2 }] }];
const order = (stripeAmount: number, basketVersion: number, key: string) =>
  p.api("POST", "/api/order", {
    token: tokens.manpack,
    headers: { "Idempotency-Key": key },
    body: {
      orderType: "manpack",
      packs: [{ contactId: "5102", items: [{ internalId: "20030", qty: 2 }], shippingMethod: null, addressId: "702" }],
      deliveryInstructions: "",
      fullOrder: true,
      basketVersion,
      stripeId: "pi_manpack_1",
      stripePaid: true,
      stripeAmount,
      paymentMethod: { paymentToken: "pi_manpack_1", cvc: "", custentitypayment_method: 1, session: key },
    },
  });

describe("POST /api/order (manpack) with stripeAmount", () => {
  it("refuses a total other than what was charged with 409 naming stripeAmount, spending nothing; placed at the quote's total", async () => {
    const version = (await p.api("PATCH", "/api/basket-session", { token: tokens.manpack, body: { manpack: PACKS } }))
      .body.version;
    const quoted = (await p.api("GET", "/api/order-quote?forBasket=manpack", { token: tokens.manpack })).body;
    const count = async () => Number((await p.db("orders").count({ n: "*" }))[0].n);
    const spent = async () =>
      (await p.db("contact_budgets").where("contact_id", 5102).orderBy("id")).map((b: { used_qty: number }) =>
        Number(b.used_qty),
      );
    const [ordersBefore, spentBefore] = [await count(), await spent()];

    await p.db("items").where("id", 20030).update({ price: 16 });
    const refused = await order(quoted.totalPence, version, "manpack-card-1");
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^The order now totals £\d+\.\d\d, not the £\d+\.\d\d charged to the card: prices changed while you were paying$/,
    );
    expect(refused.body.data).toMatchObject({ field: "stripeAmount" });
    expect(await count()).toBe(ordersBefore);
    expect(await spent()).toEqual(spentBefore);
    expect((await p.api("GET", "/api/basket-session", { token: tokens.manpack })).body).toMatchObject({
      version,
      manpack: [{ employeeId: "5102" }],
    });

    const requoted = (await p.api("GET", "/api/order-quote?forBasket=manpack", { token: tokens.manpack })).body;
    expect(requoted.totalPence).toBe(refused.body.data.totalPence);
    const placed = await order(requoted.totalPence, version, "manpack-card-2");
    expect(placed.status).toBe(201);
    expect(placed.body).toMatchObject({
      isWearerPack: true,
      stripeId: "pi_manpack_1",
      stripePaid: true,
      paymentMethod: { internalId: "1" },
    });
    expect(Math.round(placed.body.total * 100)).toBe(requoted.totalPence);
    await p.db("items").where("id", 20030).update({ price: 15.75 });
  });
});
