/** Which saved baskets a caller sees, and the list's rows as the API answers them. */
import { Forbidden } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { canApprove, type Caller } from "../../auth/caller";
import { byKey, money, requireCustomer, str, tableListDef, type ListDef } from "../base";
import { idValue } from "../ids";
import { linesFor } from "../prices-hidden";

// the provider's one id rule (./ids.ts), as a number for the database
export const id = idValue;

export const flag = z
  .union([z.boolean(), z.literal(0), z.literal(1), z.literal("0"), z.literal("1")])
  .transform((v) => v === true || v === 1 || v === "1");

/** Own baskets, plus — for approvers — the customer's punched-out baskets awaiting them. */
function visibleBaskets(db: Knex, caller: Caller): Knex.QueryBuilder {
  const q = db("saved_baskets").where("saved_baskets.customer_id", requireCustomer(caller));
  if (caller.isEvolveUser) return q;
  return q.where((w) => {
    w.where("saved_baskets.user_id", caller.userId);
    if (canApprove(caller)) w.orWhere("saved_baskets.is_punchout", true);
  });
}

/**
 * Decision 138: the punched-out baskets awaiting an approver: saved in a punchout session, neither approved nor ordered,
 * and saved by someone else (nobody approves their own, as with orders). The session's basketsToApprove counts these.
 */
export function awaitingApprovalBy(q: Knex.QueryBuilder, caller: Caller): Knex.QueryBuilder {
  return q
    .where({
      "saved_baskets.is_punchout": true,
      "saved_baskets.punchout_approved": false,
      "saved_baskets.checked_out": false,
    })
    .whereNot("saved_baskets.user_id", caller.userId);
}

/** Decision 028: a saved basket is changed by the person who saved it (or provider staff acting for the customer). */
export function requireOwnBasket(caller: Caller, basket: { user: { id: number } }): void {
  if (basket.user.id !== caller.userId && !caller.isEvolveUser)
    throw new Forbidden("Only the person who saved this basket may change it");
}

export const basketOut = (r: any) => ({
  id: r.id,
  basket_name: r.basket_name,
  checked_out: r.checked_out ? 1 : 0,
  address_id: r.address_id == null ? null : String(r.address_id),
  is_punchout: r.is_punchout ? 1 : 0,
  punchout_approved: r.punchout_approved ? 1 : 0,
  // who saved it: approvers list other people's punched-out baskets and need to see whose they are
  user: {
    id: r.user_id,
    firstName: r.user_first_name ?? "",
    lastName: r.user_last_name ?? "",
    email: r.user_email ?? null,
  },
  created_at: r.created_at,
  updated_at: r.updated_at,
});

const itemOut = (i: any) => ({
  internalId: String(i.item_id),
  parent: str(i.parent_id),
  price: i.price == null ? null : money(i.price),
  qty: i.qty,
  name: i.name,
  thumbnail: i.thumbnail ?? null,
});

export function savedBasketsDef(): ListDef<ReturnType<typeof basketOut> & { itemsArray?: unknown[] }> {
  return tableListDef("saved_baskets", {
    what: "Saved basket",
    spec: {
      fields: {
        id: { type: "int", column: "saved_baskets.id", sortable: true },
        basket_name: { type: "string", column: "saved_baskets.basket_name", sortable: true },
        checked_out: { type: "bool", column: "saved_baskets.checked_out" },
        is_punchout: { type: "bool", column: "saved_baskets.is_punchout" },
        punchout_approved: { type: "bool", column: "saved_baskets.punchout_approved" },
        created_at: { type: "date", column: "saved_baskets.created_at", sortable: true },
        updated_at: { type: "date", column: "saved_baskets.updated_at", sortable: true },
      },
      // toApprove: only the punched-out baskets awaiting the caller's approval, not their own (decision 138)
      extras: { justBaskets: "bool", toApprove: "bool" },
      defaultSort: [["saved_baskets.updated_at", "desc"]],
    },
    base: (ctx, caller, parsed) => {
      const q = visibleBaskets(ctx.db, caller);
      return (parsed.extras as { toApprove?: boolean }).toApprove ? awaitingApprovalBy(q, caller) : q;
    },
    select: (qb) =>
      qb
        .leftJoin("users", "users.id", "saved_baskets.user_id")
        .select(
          "saved_baskets.*",
          "users.first_name as user_first_name",
          "users.last_name as user_last_name",
          "users.email as user_email",
        ),
    map: async (ctx, rows, caller, parsed) => {
      const out = rows.map((r) => ({ ...basketOut(r), itemsArray: [] as unknown[] }));
      if ((parsed.extras as any).justBaskets || !rows.length) return out;
      const items = await ctx
        .db("saved_basket_items")
        .whereIn(
          "basket_id",
          rows.map((r) => r.id),
        )
        .orderBy("id");
      const by = byKey(items, (i: any) => i.basket_id);
      out.forEach((o) => (o.itemsArray = linesFor(caller, (by.get(o.id) ?? []).map(itemOut))));
      return out;
    },
  });
}
