import { Conflict, Forbidden, NotFound } from "@feathersjs/errors";
import { z } from "zod";
import { canApprove, type Caller } from "../../auth/caller";
import { parseOr400 } from "../basket-session";
import type { Ctx } from "../base";
import { PENDING_FULFILLMENT } from "./common";
import type { OrderRow } from "./rows";
import { visibleOrders } from "./visibility";

const decisionBody = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), note: z.string().max(2000).optional() }).strict(),
  z.object({ decision: z.literal("reject"), note: z.string().trim().min(1, "a rejection needs a note").max(2000) }).strict(),
]);

/** PATCH /api/order/:id {decision: 'approve'} | {decision: 'reject', note}. */
export async function decideOrder(ctx: Ctx, caller: Caller, orderId: number, body: Record<string, unknown>): Promise<void> {
  const decision = parseOr400(decisionBody, body);
  const order: OrderRow | undefined = await visibleOrders(ctx.db, caller).where("orders.id", orderId).first();
  if (!order) throw new NotFound(`Order '${orderId}' not found`);
  if (!canApprove(caller)) throw new Forbidden("Only an approver may decide orders");
  if (order.placed_by_user_id === caller.userId) throw new Forbidden("You cannot approve your own order");
  if (order.approver_user_id != null && order.approver_user_id !== caller.userId) throw new Forbidden("This order is routed to another approver");
  const now = ctx.now().toISOString();
  const changes =
    decision.decision === "approve"
      ? { order_status: PENDING_FULFILLMENT, pending_web_approval: false, decision: "approved", decided_at: now, decided_by_user_id: caller.userId, picking_note: decision.note ?? order.picking_note }
      : { order_status: "Closed", pending_web_approval: false, web_rejected: true, rejection_note: decision.note, decision: "rejected", decided_at: now, decided_by_user_id: caller.userId };
  // conditional update: of two concurrent decisions exactly one wins
  const updated = await ctx.db("orders").where({ id: orderId, pending_web_approval: true }).update(changes);
  if (updated === 0) {
    const current: Pick<OrderRow, "decision"> | undefined = await ctx.db("orders").where("id", orderId).first("decision");
    throw new Conflict(
      current?.decision ? `Order ${order.tran_id} has already been ${current.decision}` : `Order ${order.tran_id} is not awaiting approval`,
    );
  }
}
