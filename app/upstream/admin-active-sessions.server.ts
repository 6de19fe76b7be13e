import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import { NamedRefSchema, PersonSchema } from "./admin-schemas";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// Active users: `api/admin/active-session` (docs/upstream-api.md "Admin" §1).

const ActiveSessionSchema = z.object({
  sessionId: id,
  user: PersonSchema,
  customer: NamedRefSchema.nullable().default(null),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  punchout: z.boolean(),
  actAs: z.boolean(),
  actingAdmin: PersonSchema.nullable().default(null),
});

/** GET /api/admin/active-session?$limit=&$skip= — live sessions seen in the last 15 minutes, most recent first. */
export function listActiveSessions(client: UpstreamClient, limit: number, skip: number) {
  return client.get("/api/admin/active-session", ListSchema(ActiveSessionSchema), {
    query: { $limit: limit, $skip: skip },
  });
}

/** DELETE /api/admin/active-session/:sessionId → 200 {sessionId, revoked: true}; 404 unknown, revoked or expired. */
export function endActiveSession(client: UpstreamClient, sessionId: string) {
  return client.delete(
    `/api/admin/active-session/${encodeURIComponent(sessionId)}`,
    z.object({ revoked: z.literal(true) }).passthrough(),
  );
}
