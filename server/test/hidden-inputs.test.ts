// Issue 11, "the hidden-input pattern": no write trusts an id from a form without the provider checking that it
// belongs to the caller. The portal's forms post ids (saved basket ids in /saved-punchout-baskets/{id}, the basket a
// checkout marks ordered); the portal checks them, and so must the provider, for any other client. These are the
// holes the audit found, written as the provider should behave (decisions 028 and 081).
import type { Knex } from "knex";
import { describe, expect, it } from "vitest";
import { hiVisBasketItem, NORTHWIND, useProvider } from "./fixtures";

const APPROVER = 3;
const REQUESTER = 2;
const NOW = "2026-11-01T00:00:00.000Z";

const { p, tokens } = useProvider({
  approver: "approver@demo.test", // Ava, Northwind approver (orderApproval + isApprover), user 3
});

/** A saved basket of Northwind (no explicit id: on PostgreSQL that would not move the sequence). */
async function savedBasket(
  db: Knex,
  row: { user_id: number; is_punchout: boolean; checked_out?: boolean; punchout_approved?: boolean },
): Promise<number> {
  const [inserted] = await db("saved_baskets")
    .insert({
      customer_id: NORTHWIND,
      basket_name: "Hidden-input basket",
      address_id: 701,
      created_at: NOW,
      updated_at: NOW,
      checked_out: false,
      punchout_approved: false,
      ...row,
    })
    .returning("id");
  const id = Number(typeof inserted === "object" ? inserted.id : inserted);
  await db("saved_basket_items").insert(hiVisBasketItem(id));
  return id;
}

const row = (id: number) => p.db("saved_baskets").where("id", id).first();

describe("PATCH /api/saved-basket/:id {punchout_approved} (the id of /saved-punchout-baskets/{id})", () => {
  it("refuses to approve a basket that is not a punched-out one, writing nothing", async () => {
    // the approver's own ordinary saved basket: the portal shows it as 404 on the approval page; the provider flags it
    const id = await savedBasket(p.db, { user_id: APPROVER, is_punchout: false });
    const before = await row(id);
    const res = await p.api("PATCH", `/api/saved-basket/${id}`, {
      token: tokens.approver,
      body: { punchout_approved: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await row(id)).toEqual(before);
  });

  it("refuses to approve a punched-out basket that has already been ordered (409), writing nothing", async () => {
    const id = await savedBasket(p.db, { user_id: REQUESTER, is_punchout: true, checked_out: true });
    const before = await row(id);
    const res = await p.api("PATCH", `/api/saved-basket/${id}`, {
      token: tokens.approver,
      body: { punchout_approved: 1 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(409);
    expect(await row(id)).toEqual(before);
  });
});

describe("PATCH /api/saved-basket {basket, checked_out} (the basket a checkout marks ordered)", () => {
  it("an approver may mark a colleague's punched-out basket ordered, never un-mark it (403, nothing written)", async () => {
    // decision 028: "an approver may also mark a colleague's punched-out basket checked out after ordering it"
    const id = await savedBasket(p.db, {
      user_id: REQUESTER,
      is_punchout: true,
      checked_out: true,
      punchout_approved: true,
    });
    const before = await row(id);
    const res = await p.api("PATCH", "/api/saved-basket", {
      token: tokens.approver,
      body: { basket: id, checked_out: 0 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(403);
    expect(await row(id)).toEqual(before);
  });
});
