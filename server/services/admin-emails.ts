import { Conflict, NotFound } from "@feathersjs/errors";
import { z } from "zod";
import type { ProviderParams } from "./base";
import { writeAudit } from "./admin-audit";
import { canExist, listQuery, pageOf, parseBody, adminWrite, routeId, type AdminCtx, adminQuery } from "./admin-common";
import type { MailRelay } from "./mail-relay";

// The e-mails the provider sends (issue 32 item 1, decision 147): the outbox as the admin sees it, and "send again".
// Every /api/admin/* call is provider staff's only (server/app.ts, requireAdmin): the addresses of every customer's
// users are shown to them and to nobody else.

export const MAIL_STATUSES = ["pending", "running", "sent", "failed"] as const;

export interface EmailOut {
  id: string;
  to: string;
  kind: string;
  subject: string;
  status: (typeof MAIL_STATUSES)[number];
  tries: number;
  lastError: string | null;
  createdAt: string;
  nextAttemptAt: string | null;
  sentAt: string | null;
  failedAt: string | null;
}

const emailOut = (r: any): EmailOut => ({
  id: String(r.id),
  to: r.to_email,
  kind: r.kind,
  subject: r.subject,
  status: r.status,
  tries: Number(r.attempts),
  lastError: r.last_error ?? null,
  createdAt: r.created_at,
  nextAttemptAt: r.status === "pending" ? (r.next_attempt_at ?? null) : null,
  sentAt: r.sent_at ?? null,
  failedAt: r.failed_at ?? null,
});

const emailQuery = listQuery(
  {
    status: z
      .enum(MAIL_STATUSES, { errorMap: () => ({ message: "must be pending, running, sent or failed" }) })
      .optional(),
  },
  20,
);
const sendAgain = z.object({ sendAgain: z.literal(true, { errorMap: () => ({ message: "must be true" }) }) }).strict();

const COLUMNS = [
  "id",
  "to_email",
  "kind",
  "subject",
  "status",
  "attempts",
  "last_error",
  "created_at",
  "next_attempt_at",
  "sent_at",
  "failed_at",
];

/**
 * GET /api/admin/e-mail?status=&$limit=&$skip= — newest first; PATCH /api/admin/e-mail/:id {sendAgain: true} puts a
 * failed e-mail back in the queue with its tries from 0 (409 if it is not failed) and wakes this process's relay, if it
 * runs one (the relay starts and stops with the process's other queues: server/services/background.ts).
 */
export class AdminEmailService {
  constructor(
    private ctx: AdminCtx,
    readonly relay: MailRelay | null = null,
  ) {}

  async find(params: ProviderParams) {
    const q = adminQuery(params, emailQuery);
    const filtered = this.ctx.db("outbox");
    if (q.status) filtered.where("status", q.status);
    const { total, rows } = await pageOf<any>(filtered, q, [{ column: "id", order: "desc" }], COLUMNS);
    return { total, limit: q.$limit, skip: q.$skip, data: rows.map(emailOut) };
  }

  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const { caller, db, now } = adminWrite(this.ctx, params);
    parseBody(sendAgain, data);
    const mailId = routeId(id, "E-mail");
    const before = canExist(mailId) ? await db("outbox").where("id", mailId).first(COLUMNS) : undefined;
    if (!before) throw new NotFound(`E-mail '${mailId}' not found`);
    await db.transaction(async (trx) => {
      const changed = await trx("outbox")
        .where({ id: mailId, status: "failed" })
        .update({ status: "pending", attempts: 0, next_attempt_at: null, failed_at: null, claimed_by: null });
      if (changed !== 1) throw new Conflict("Only a failed e-mail can be sent again");
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        service: "admin/e-mail",
        method: "patch",
        recordId: mailId,
        summary: `E-mail ${mailId} (${before.kind}) to be sent again`,
        before: { status: before.status, tries: Number(before.attempts), lastError: before.last_error ?? null },
        after: { status: "pending", tries: 0 },
      });
    });
    this.relay?.wake();
    return emailOut(await db("outbox").where("id", mailId).first(COLUMNS));
  }
}
