import type { Knex } from "knex";
import type { Ctx } from "../base";
import { portalLink, renderMail, writeMail } from "../mail-templates";

/** What the order e-mails need beyond the database: the portal's address (PORTAL_URL), for absolute links. */
export interface OrderMailCtx extends Ctx {
  portalUrl: string;
}

/** The portal page of one order, absolute: `${PORTAL_URL}/order-to-approve/12` or `${PORTAL_URL}/order-history/12`. */
export function orderLink(portalUrl: string, screen: "order-to-approve" | "order-history", orderId: number): string {
  return portalLink(portalUrl, `/${screen}/${orderId}`);
}

/** An order awaiting approval: a message in the outbox for its approver, or every approver of the customer. */
export async function notifyApprovers(
  trx: Knex,
  portalUrl: string,
  order: { orderId: number; tranId: string; customerId: number; approverUserId: number | null; who: string },
  now: Date,
): Promise<void> {
  const approvers: Array<{ email: string }> = await trx("user_customers as uc")
    .join("users as u", "u.id", "uc.user_id")
    .where({ "uc.customer_id": order.customerId, "uc.is_approver": true })
    .modify((q) => {
      order.approverUserId != null ? q.where("u.id", order.approverUserId) : q;
    })
    .select("u.email");
  if (!approvers.length) return;
  const link = orderLink(portalUrl, "order-to-approve", order.orderId);
  await writeMail(
    trx,
    now,
    approvers.map((a) => a.email),
    renderMail("approval", { who: order.who, tranId: order.tranId, link }),
  );
}

/**
 * The approver's decision, to the user who placed the order (kind "decision"): approved with the note for the
 * warehouse if there is one, or rejected with the approver's reason; the link is the order in their history.
 */
export async function notifyRequester(
  db: Knex,
  portalUrl: string,
  order: { orderId: number; tranId: string; placedByUserId: number | null },
  decision: { decision: "approve" | "reject"; note?: string },
  now: Date,
): Promise<void> {
  if (order.placedByUserId == null) return;
  const user: { email: string } | undefined = await db("users").where("id", order.placedByUserId).first("email");
  if (!user) return;
  const link = orderLink(portalUrl, "order-history", order.orderId);
  const approved = decision.decision === "approve";
  const note = decision.note?.trim();
  await writeMail(db, now, user.email, renderMail("decision", { tranId: order.tranId, approved, note, link }));
}
