/** GET /api/punchout/transfer: the customer's transferred baskets (decision 110). */
import { Forbidden } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { has, type Caller } from "../../auth/caller";
import { json, requireCustomer } from "../base";
import { parseOr400 } from "../basket-session";
import { type TransferLine } from "./transfer-session";

// ---------------------------------------------------------------------------------------------------------------
// The customer's transfers

const listQuery = z
  .object({
    $limit: z.coerce.number().int().min(0).max(100).default(20),
    $skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
    customerId: z.string().optional(),
  })
  .strict();

export async function listTransfers(db: Knex, caller: Caller, query: unknown) {
  if (!caller.isEvolveUser && !has(caller, "viewOrderHistory"))
    throw new Forbidden("Viewing order history is not allowed for this account");
  const customerId = requireCustomer(caller);
  const q = parseOr400(listQuery, query);
  const all = caller.isEvolveUser || has(caller, "viewAllOrders") || has(caller, "orderApproval");
  const base = () => {
    const qb = db("punchout_transfers as t").where("t.customer_id", customerId);
    if (!all) qb.where("t.user_id", caller.userId);
    return qb;
  };
  const total = Number((await base().count({ n: "*" }).first())?.n ?? 0);
  const rows = await base()
    .join("punchout_sessions as s", "s.id", "t.session_id")
    .leftJoin("users as u", "u.id", "t.user_id")
    .leftJoin("orders as o", "o.id", "t.order_id")
    .orderBy([
      { column: "t.created_at", order: "desc" },
      { column: "t.id", order: "desc" },
    ])
    .limit(q.$limit)
    .offset(q.$skip)
    .select(
      "t.id",
      "t.created_at",
      "t.lines_json",
      "t.total",
      "t.status",
      "t.order_id",
      "s.buyer_cookie",
      "s.protocol",
      "u.id as user_id",
      "u.first_name",
      "u.last_name",
      "u.email",
      "o.tran_id",
    );
  return {
    total,
    limit: q.$limit,
    skip: q.$skip,
    data: rows.map((r: any) => ({
      id: String(r.id),
      createdAt: r.created_at,
      user:
        r.user_id == null
          ? null
          : { id: String(r.user_id), firstName: r.first_name, lastName: r.last_name, email: r.email },
      buyerCookie: r.buyer_cookie ?? null,
      protocol: r.protocol,
      status: r.status,
      totalPence: Math.round(Number(r.total) * 100),
      lines: json<TransferLine[]>(r.lines_json, []).map((l) => ({
        description: l.description,
        supplierPartId: l.supplierPartId,
        quantity: l.quantity,
        unitPricePence: l.unitPricePence,
      })),
      orderId: r.order_id == null ? null : String(r.order_id),
      orderNumber: r.tran_id ?? null,
    })),
  };
}
