import { z } from "zod";
import type { Caller } from "../auth/caller";
import type { ProviderParams } from "./base";
import {
  customersById,
  fieldErrors,
  idInput,
  likePattern,
  listQuery,
  pageOf,
  parseQuery,
  peopleById,
  requireAdmin,
  requireCustomerRow,
  routeId,
  whereDays,
  type AdminCtx,
  type Page,
} from "./admin-common";
import { attachDetails, orderOut, type OrderOut } from "./orders/output";
import type { OrderRow } from "./orders/rows";
import { NotFound } from "@feathersjs/errors";

// Orders across customers (issue 20 item 7, decision 127): the shapes of GET /api/order, plus the customer.

const text = (max: number) => z.string().max(max, `at most ${max} characters`).optional();
const orderQuery = listQuery(
  { tranId: text(60), reference: text(60), customerId: idInput.optional(), status: text(60) },
  16,
  true,
);

/** An admin reads orders as provider staff across customers: every amount shown, nothing to approve. */
const staff = (caller: Caller): Caller => ({
  ...caller,
  customerId: null,
  contactId: null,
  permissions: [],
  isApprover: false,
});

async function withCustomers(
  ctx: AdminCtx,
  rows: OrderRow[],
  out: OrderOut[],
): Promise<Array<OrderOut & { customer: { id: string; name: string } | null }>> {
  const customers = await customersById(
    ctx.db,
    rows.map((r) => r.customer_id),
  );
  return out.map((o, i) => ({ ...o, customer: customers.get(Number(rows[i].customer_id)) ?? null }));
}

/** GET /api/admin/order?tranId=&reference=&customerId=&status=&from=&to=&$limit=&$skip= (+/:orderId). */
export class AdminOrderService {
  constructor(private ctx: AdminCtx) {}

  async find(params: ProviderParams): Promise<Page<OrderOut>> {
    const caller = staff(requireAdmin(params));
    const q = parseQuery(orderQuery, params.query) as any;
    const { db } = this.ctx;
    const filtered = db("orders");
    if (q.tranId?.trim()) filtered.whereRaw("lower(orders.tran_id) like ? escape '\\'", [likePattern(q.tranId.trim())]);
    if (q.reference?.trim())
      filtered.whereRaw("lower(orders.other_ref_num) like ? escape '\\'", [likePattern(q.reference.trim())]);
    if (q.status?.trim()) filtered.where("orders.order_status", q.status.trim());
    if (q.customerId != null) filtered.where("orders.customer_id", (await requireCustomerRow(db, q.customerId)).id);
    whereDays(filtered, "orders.created_date", q.from, q.to);
    const { total, rows } = await pageOf<OrderRow>(
      filtered,
      q,
      [
        { column: "orders.created_date", order: "desc" },
        { column: "orders.id", order: "desc" },
      ],
      ["orders.*"],
    );
    return {
      total,
      limit: q.$limit,
      skip: q.$skip,
      data: await withCustomers(
        this.ctx,
        rows,
        rows.map((r) => orderOut(r, caller)),
      ),
    };
  }

  async get(id: unknown, params: ProviderParams) {
    const caller = staff(requireAdmin(params));
    if (params.query && Object.keys(params.query).length)
      throw fieldErrors({ [Object.keys(params.query)[0]]: "Unknown parameter" });
    const orderId = routeId(id, "Order");
    const row = (await this.ctx.db("orders").where("id", orderId).first()) as OrderRow | undefined;
    if (!row) throw new NotFound(`Order '${orderId}' not found`);
    const out = orderOut(row, caller);
    await attachDetails(this.ctx.db, [out], true);
    const [order] = await withCustomers(this.ctx, [row], [out]);
    const placedBy =
      row.placed_by_user_id == null
        ? null
        : ((await peopleById(this.ctx.db, [row.placed_by_user_id])).get(Number(row.placed_by_user_id)) ?? null);
    return { ...order, placedBy };
  }
}
