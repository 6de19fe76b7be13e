import { Conflict, Forbidden, NotFound } from "@feathersjs/errors";
import { z } from "zod";
import { canApprove, type Caller } from "../../auth/caller";
import { parseOr400 } from "../basket-session";
import { PENDING_FULFILLMENT } from "./common";
import { notifyRequester, type OrderMailCtx } from "./notifications";
import type { OrderRow } from "./rows";
import { visibleOrders } from "./visibility";

const decisionBody = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), note: z.string().trim().max(2000).optional() }).strict(),
  z
    .object({ decision: z.literal("reject"), note: z.string().trim().min(1, "a rejection needs a note").max(2000) })
    .strict(),
]);

/**
 * PATCH /api/order/:id {decision: 'approve', note?} | {decision: 'reject', note}. The decision and the requester's
 * e-mail about it (with the note) are written together.
 */
export async function decideOrder(
  ctx: OrderMailCtx,
  caller: Caller,
  orderId: number,
  body: Record<string, unknown>,
): Promise<void> {
  const decision = parseOr400(decisionBody, body);
  const order: OrderRow | undefined = await visibleOrders(ctx.db, caller).where("orders.id", orderId).first();
  if (!order) throw new NotFound(`Order '${orderId}' not found`);
  if (!canApprove(caller)) throw new Forbidden("Only an approver may decide orders");
  if (order.placed_by_user_id === caller.userId) throw new Forbidden("You cannot approve your own order");
  if (order.approver_user_id != null && order.approver_user_id !== caller.userId)
    throw new Forbidden("This order is routed to another approver");
  const at = ctx.now();
  const now = at.toISOString();
  const changes =
    decision.decision === "approve"
      ? {
          order_status: PENDING_FULFILLMENT,
          pending_web_approval: false,
          decision: "approved",
          decided_at: now,
          decided_by_user_id: caller.userId,
          picking_note: decision.note || order.picking_note,
        }
      : {
          order_status: "Closed",
          pending_web_approval: false,
          web_rejected: true,
          rejection_note: decision.note,
          decision: "rejected",
          decided_at: now,
          decided_by_user_id: caller.userId,
        };
  await ctx.db.transaction(async (trx) => {
    // conditional update: of two concurrent decisions exactly one wins
    const updated = await trx("orders").where({ id: orderId, pending_web_approval: true }).update(changes);
    if (updated === 0) {
      const current: Pick<OrderRow, "decision"> | undefined = await trx("orders")
        .where("id", orderId)
        .first("decision");
      throw new Conflict(
        current?.decision
          ? `Order ${order.tran_id} has already been ${current.decision}`
          : `Order ${order.tran_id} is not awaiting approval`,
      );
    }
    await notifyRequester(
      trx,
      ctx.portalUrl,
      { orderId, tranId: order.tran_id, placedByUserId: order.placed_by_user_id },
      decision,
      at,
    );
  });
}
