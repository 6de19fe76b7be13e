import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import { PAGE_SIZE } from "~/domain/constants";
import { NamedRefSchema, optionalText, PersonSchema } from "./admin-schemas";
import { LoginAttemptSchema } from "./admin-login-attempts.server";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// Users: `api/admin/user`, `api/admin/user-unit`, `api/admin/password-reset` (docs/upstream-api.md "Admin" §3) and
// their audit entries (§8).

const AuditSchema = z.object({
  id,
  at: z.string(),
  admin: PersonSchema.nullable().default(null),
  asUser: PersonSchema.nullable().default(null),
  subjectUser: PersonSchema.nullable().default(null),
  customer: NamedRefSchema.nullable().default(null),
  service: z.string(),
  method: z.string(),
  recordId: z.string().nullable().default(null),
  summary: z.string(),
  before: z.record(z.unknown()).nullable().default(null),
  after: z.record(z.unknown()).nullable().default(null),
});
export type AuditEntry = z.infer<typeof AuditSchema>;

const UnitSchema = z.object({
  customer: NamedRefSchema,
  contact: z.object({ id, firstName: optionalText, lastName: optionalText }),
  permissions: z.array(z.string()),
  isApprover: z.boolean(),
  needsApproval: z.boolean(),
  wpContactOnly: z.boolean(),
});

const UserBase = z.object({
  id,
  email: z.string(),
  firstName: optionalText,
  lastName: optionalText,
  isEvolveUser: z.boolean(),
  isActive: z.boolean(),
});
const AdminUserSchema = UserBase.extend({
  createdAt: z.string().nullable().default(null),
  lastLoginAt: z.string().nullable().default(null),
  units: z.array(UnitSchema).default([]),
  recentLogins: z.array(LoginAttemptSchema).default([]),
  recentAudit: z.array(AuditSchema).default([]),
  activeSessions: z.number().default(0),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

const UserListItem = UserBase.extend({ customers: z.array(NamedRefSchema).default([]) });
const UserList = ListSchema(UserListItem);

/** GET /api/admin/user?q=&$limit=&$skip= — users by last name, first name (q: contains in the name or e-mail). */
export function listUsers(client: UpstreamClient, q: string, skip: number) {
  const query: Record<string, string> = { $limit: String(PAGE_SIZE), $skip: String(skip) };
  if (q) query.q = q;
  return client.get("/api/admin/user", UserList, { query });
}

/** GET /api/admin/user/:userId — the user, their units, recent log-ins and audit; unknown → 404. */
export function getAdminUser(client: UpstreamClient, userId: string) {
  return client.get(`/api/admin/user/${encodeURIComponent(userId)}`, AdminUserSchema);
}

/** PATCH /api/admin/user/:userId {isActive} — deactivating ends every session of theirs; 409 for oneself or the last admin. */
export function setUserActive(client: UpstreamClient, userId: string, isActive: boolean) {
  return client.patch(`/api/admin/user/${encodeURIComponent(userId)}`, AdminUserSchema, { body: { isActive } });
}

export type UnitChange = { permissions: string[]; isApprover: boolean; needsApproval: boolean; wpContactOnly: boolean };

/** PATCH /api/admin/user-unit/:contactId — the unit's permissions (replaced) and its three settings; the user's next call sees them. */
export function patchUserUnit(client: UpstreamClient, contactId: string, change: UnitChange) {
  return client.patch(`/api/admin/user-unit/${encodeURIComponent(contactId)}`, AdminUserSchema, {
    body: { ...change },
  });
}

/** POST /api/admin/password-reset {userId} → 201 {sent, email}; an inactive user → 409. */
export function sendPasswordReset(client: UpstreamClient, userId: string) {
  return client.post("/api/admin/password-reset", z.object({ sent: z.literal(true), email: z.string() }), {
    body: { userId },
  });
}

/** GET /api/admin/user?customerId=&isEvolveUser=&q=&$limit= — users by last name, first name; unknown customer → 404. */
export function searchUsers(
  client: UpstreamClient,
  filter: { q?: string; customerId?: string; isEvolveUser?: boolean },
  limit = 100,
) {
  const query: Record<string, string | number> = { $limit: limit, $skip: 0 };
  if (filter.q) query.q = filter.q;
  if (filter.customerId) query.customerId = filter.customerId;
  if (filter.isEvolveUser !== undefined) query.isEvolveUser = String(filter.isEvolveUser);
  return client.get("/api/admin/user", UserList, { query });
}
