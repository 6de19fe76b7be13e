import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import { NamedRefSchema, PersonSchema } from "./admin-schemas";
import type { UpstreamClient } from "./client.server";

// Viewing as a customer's user: `api/admin/view-as` (docs/upstream-api.md "Admin" §6, decision 129).

const ViewAsStartedSchema = z.object({
  accessToken: z.string().min(1),
  sessionId: id,
  expiresAt: z.string(),
  user: PersonSchema,
  customer: NamedRefSchema,
  actingAdmin: PersonSchema,
});
export type ViewAsStarted = z.infer<typeof ViewAsStartedSchema>;

/**
 * POST /api/admin/view-as {customerId, userId} → 201 the act-as token and its session; 404 unknown customer or user,
 * 400 `userId` (no business unit there), 409 an admin or an inactive user.
 */
export function startViewAs(client: UpstreamClient, choice: { customerId: string; userId: string }) {
  return client.post("/api/admin/view-as", ViewAsStartedSchema, { body: choice });
}

/** DELETE /api/admin/view-as/:sessionId, with the admin's own token → 200 {sessionId, ended: true}; 404 when already ended. */
export function stopViewAs(client: UpstreamClient, sessionId: string) {
  return client.delete(
    `/api/admin/view-as/${encodeURIComponent(sessionId)}`,
    z.object({ ended: z.literal(true) }).passthrough(),
  );
}
