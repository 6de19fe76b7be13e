import type { Knex } from "knex";

/** An order awaiting approval: a message in the outbox for its approver, or every approver of the customer. */
export async function notifyApprovers(trx: Knex, customerId: number, approverUserId: number | null, tranId: string, who: string, now: Date): Promise<void> {
  const approvers: Array<{ email: string }> = await trx("user_customers as uc")
    .join("users as u", "u.id", "uc.user_id")
    .where({ "uc.customer_id": customerId, "uc.is_approver": true })
    .modify((q) => (approverUserId != null ? q.where("u.id", approverUserId) : q))
    .select("u.email");
  if (!approvers.length) return;
  await trx("outbox").insert(
    approvers.map((a) => ({
      to_email: a.email, kind: "approval", created_at: now.toISOString(),
      subject: `Order ${tranId} awaits your approval`, body: `${who} placed order ${tranId}. Review it at /order-to-approve.`,
    })),
  );
}
