import { z } from "zod";
import { PAGE_SIZE } from "~/domain/constants";
import { upstreamId as id } from "~/domain/upstream-id";
import { forwardedFor } from "./auth.server";
import type { NewInvitation } from "~/domain/invitation";
import type { UpstreamClient } from "./client.server";
import { ListSchema, orBlank, orNull } from "./schemas";

// Account self-service (issue 17, decision 113): the customer's site users and invitations (/add-site-user), and the
// caller's own password and sessions (/my-account). docs/upstream-api.md "Account recovery and invitations".

const SiteUserSchema = z.object({
  id,
  firstName: orBlank,
  lastName: orBlank,
  email: z.string(),
  lastLoginAt: z.string().nullable().default(null),
  isActive: z.boolean(),
  isApprover: z.boolean().default(false),
  needsApproval: z.boolean().default(false),
  permissions: z.array(z.string()).default([]),
});
export type SiteUser = z.infer<typeof SiteUserSchema>;

const InvitationSchema = z.object({
  id,
  email: z.string(),
  firstName: orBlank,
  lastName: orBlank,
  permissions: z.array(z.string()).default([]),
  isApprover: z.boolean().default(false),
  needsApproval: z.boolean().default(false),
  createdAt: z.string(),
  expiresAt: z.string(),
  status: z.enum(["pending", "expired"]),
  invitedBy: orNull(z.object({ firstName: z.string().nullish(), lastName: z.string().nullish() })),
});
export type Invitation = z.infer<typeof InvitationSchema>;

/** GET /api/site-user?$limit=16&$skip=… — the selected customer's users, by last name then first name (needs addSiteUser). */
export function listSiteUsers(client: UpstreamClient, skip: number) {
  return client.get("/api/site-user", ListSchema(SiteUserSchema), { query: { $limit: PAGE_SIZE, $skip: skip } });
}

/** GET /api/invitation?$limit=16&$skip=0 — the customer's invitations not accepted and not revoked, newest first. */
export function listInvitations(client: UpstreamClient, skip = 0) {
  return client.get("/api/invitation", ListSchema(InvitationSchema), { query: { $limit: PAGE_SIZE, $skip: skip } });
}

/** POST /api/invitation → 201 {email, expiresAt}; 400 `email` (already a user or invited), 400 `permissions` (one the inviter lacks). */
export function createInvitation(client: UpstreamClient, invitation: NewInvitation) {
  return client.post("/api/invitation", z.object({ email: z.string(), expiresAt: z.string() }), {
    body: { ...invitation },
  });
}

/** PATCH /api/invitation/:id {resend: true} → 200 the invitation, a new link e-mailed (the old one stops working); another customer's → 404. */
export function resendInvitation(client: UpstreamClient, invitationId: string) {
  return client.patch(`/api/invitation/${encodeURIComponent(invitationId)}`, InvitationSchema, {
    body: { resend: true },
  });
}

/** DELETE /api/invitation/:id → 200 {id, revoked: true}: its link stops working; another customer's → 404. */
export function revokeInvitation(client: UpstreamClient, invitationId: string) {
  return client.delete(`/api/invitation/${encodeURIComponent(invitationId)}`, z.object({ revoked: z.literal(true) }));
}

/**
 * POST /api/password-change {currentPassword, newPassword} → 201 {changed: true}; every other session of the user is
 * revoked. A wrong current password counts against the log-in limits (decision 027), so the client's address goes too.
 */
export function changePassword(
  client: UpstreamClient,
  passwords: { currentPassword: string; newPassword: string },
  clientIp?: string,
) {
  return client.post("/api/password-change", z.object({ changed: z.literal(true) }), {
    body: passwords,
    headers: forwardedFor(clientIp),
  });
}

/** POST /api/sign-out-everywhere {} → 201 {revoked: n}: every session of the user, this one too. */
export function signOutEverywhere(client: UpstreamClient) {
  return client.post("/api/sign-out-everywhere", z.object({ revoked: z.number() }), { body: {} });
}
