import type { Knex } from "knex";
import { loginRefusals } from "../metrics";
import { clientAddressOf } from "./client-address";

// Every log-in attempt is recorded with who, why and from where (issue 20 item 2, decision 127); the admin area's log-in
// history (services/admin-login-history.ts) reads what this writes. Beside authentication, which records them.

export const LOGIN_REASONS = {
  wrongPassword: "wrong password",
  unknownEmail: "unknown e-mail",
  inactiveUser: "inactive user",
  rateLimited: "rate-limited",
  noPassword: "no password given",
  wrongCurrentPassword: "wrong current password (password change)",
  rateLimitedPasswordChange: "rate-limited (password change)",
} as const;

export interface Attempt {
  email: string;
  at: Date;
  success: boolean;
  userId?: number | null;
  reason?: string | null;
}

function userAgentOf(params: unknown): string | null {
  const ua = (params as { headers?: Record<string, unknown> } | undefined)?.headers?.["user-agent"];
  return typeof ua === "string" && ua ? ua.slice(0, 500) : null;
}

/** Writes one row of login_attempts (the e-mail lower-cased, as the site-user list reads it). */
export async function recordLoginAttempt(db: Knex, params: object | undefined, attempt: Attempt): Promise<void> {
  if (!attempt.success) loginRefusals.inc({ reason: attempt.reason ?? "unknown" }); // decision 145
  let userId = attempt.userId ?? null;
  const email = attempt.email.trim().toLowerCase().slice(0, 320);
  if (userId == null && attempt.reason !== LOGIN_REASONS.unknownEmail) {
    userId = (await db("users").whereRaw("lower(email) = ?", [email]).first("id"))?.id ?? null;
  }
  await db("login_attempts").insert({
    email,
    attempted_at: attempt.at.toISOString(),
    success: attempt.success,
    user_id: userId,
    reason: attempt.success ? null : (attempt.reason ?? null),
    address: clientAddressOf(params).slice(0, 100),
    user_agent: userAgentOf(params),
  });
}
