import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import { optionalText } from "./admin-schemas";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// Admin users (evolve users): `api/admin/admin-user` (docs/upstream-api.md "Admin" §5).

const AdminUserSchema = z.object({
  id,
  email: z.string(),
  firstName: optionalText,
  lastName: optionalText,
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable().default(null),
});

/** GET /api/admin/admin-user?$limit=&$skip= — every evolve user, by last name, first name. */
export function listAdminUsers(client: UpstreamClient, limit: number, skip: number) {
  return client.get("/api/admin/admin-user", ListSchema(AdminUserSchema), { query: { $limit: limit, $skip: skip } });
}

/** POST /api/admin/admin-user {userId} → 201; 404 unknown, 409 already an admin or inactive. */
export function grantAdmin(client: UpstreamClient, userId: string) {
  return client.post("/api/admin/admin-user", AdminUserSchema, { body: { userId } });
}

/** DELETE /api/admin/admin-user/:userId → 200; 409 own id or the last active admin, 404 not an admin. */
export function revokeAdmin(client: UpstreamClient, userId: string) {
  return client.delete(`/api/admin/admin-user/${encodeURIComponent(userId)}`, AdminUserSchema.partial().passthrough());
}
