import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// The provider's outbox: `api/admin/e-mail` (decision 147).

export const EMAIL_STATUSES = ["pending", "running", "sent", "failed"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

const EmailSchema = z.object({
  id,
  to: z.string(),
  kind: z.string(),
  subject: z.string(),
  status: z.enum(EMAIL_STATUSES),
  tries: z.number(),
  lastError: z.string().nullable().default(null),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable().default(null),
  sentAt: z.string().nullable().default(null),
  failedAt: z.string().nullable().default(null),
});
export type Email = z.infer<typeof EmailSchema>;

/** GET /api/admin/e-mail?status=&$limit=&$skip= — newest first. */
export function listEmails(client: UpstreamClient, status: EmailStatus | undefined, limit: number, skip: number) {
  return client.get("/api/admin/e-mail", ListSchema(EmailSchema), {
    query: { ...(status ? { status } : {}), $limit: limit, $skip: skip },
  });
}

/** PATCH /api/admin/e-mail/:id {sendAgain: true} — a failed e-mail back in the queue; 409 if not failed, 404 unknown. */
export function sendEmailAgain(client: UpstreamClient, emailId: string) {
  return client.patch(`/api/admin/e-mail/${encodeURIComponent(emailId)}`, EmailSchema, { body: { sendAgain: true } });
}
