import type { Knex } from "knex";
import { canApprove, has, type Caller } from "../../auth/caller";
import { scopeOf } from "../base";

/** Orders routed to this approver: awaiting or already decided. */
function whereRoutedTo(qb: Knex.QueryBuilder, caller: Caller): void {
  if (!canApprove(caller)) {
    qb.whereRaw("1 = 0");
    return;
  }
  qb.where((w) => {
    w.where("orders.pending_web_approval", true).orWhereNotNull("orders.decision");
  })
    .where((w) => {
      w.where("orders.approver_user_id", caller.userId).orWhereNull("orders.approver_user_id");
    })
    .whereNot("orders.placed_by_user_id", caller.userId);
}

/** Orders of the caller's customer the caller may see: own, all with viewAllOrders, or routed to them. */
export function visibleOrders(
  db: Knex,
  caller: Caller,
  opts: { toApprove?: boolean; customerTest?: boolean; from?: Knex.QueryBuilder } = {},
): Knex.QueryBuilder {
  const q = opts.from ?? db("orders");
  const customerId = scopeOf(caller);
  if (customerId != null && opts.customerTest !== false) q.where("orders.customer_id", customerId);
  if (opts.toApprove) whereRoutedTo(q, caller);
  else if (!caller.isEvolveUser && !has(caller, "viewAllOrders")) {
    if (canApprove(caller))
      q.where((w) => {
        w.where("orders.placed_by_user_id", caller.userId).orWhere((r) => whereRoutedTo(r, caller));
      });
    else q.where("orders.placed_by_user_id", caller.userId);
  }
  return q;
}
