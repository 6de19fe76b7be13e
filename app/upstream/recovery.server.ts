import { z } from "zod";
import { forwardedFor } from "./auth.server";
import type { UpstreamClient } from "./client.server";

const TokenInfoSchema = z.object({
  valid: z.literal(true),
  email: z.string(),
  expiresAt: z.string().optional(),
  customer: z.object({ name: z.string().optional() }).optional(),
  firstName: z.string().nullish(),
  lastName: z.string().nullish(),
});

// POST /api/password-reset {email} — always answers the same, known address or not, over its limits or not
export function requestPasswordReset(client: UpstreamClient, email: string, clientIp?: string) {
  return client.post("/api/password-reset", z.unknown(), { body: { email }, headers: forwardedFor(clientIp) });
}

// GET /api/password-reset/{token} — 404 unknown, 410 used or expired
export function checkPasswordResetToken(client: UpstreamClient, token: string) {
  return client.get(`/api/password-reset/${encodeURIComponent(token)}`, TokenInfoSchema);
}

// POST /api/password-reset {token, password}
export function resetPassword(client: UpstreamClient, token: string, password: string) {
  return client.post("/api/password-reset", z.unknown(), { body: { token, password } });
}

// GET /api/accept-invitation/{token}
export function checkInvitation(client: UpstreamClient, token: string) {
  return client.get(`/api/accept-invitation/${encodeURIComponent(token)}`, TokenInfoSchema);
}

// POST /api/accept-invitation {token, password}
export function acceptInvitation(client: UpstreamClient, token: string, password: string) {
  return client.post("/api/accept-invitation", z.unknown(), { body: { token, password } });
}
