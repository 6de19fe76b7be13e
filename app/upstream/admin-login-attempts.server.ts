import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import { PersonSchema } from "./admin-schemas";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// The log-in history: `api/admin/login-attempt` (docs/upstream-api.md "Admin" §2).

export const LoginAttemptSchema = z.object({
  id,
  email: z.string(),
  user: PersonSchema.nullable().default(null),
  success: z.boolean(),
  reason: z.string().nullable().default(null),
  address: z.string().nullable().default(null),
  userAgent: z.string().nullable().default(null),
  attemptedAt: z.string(),
});
export type LoginAttempt = z.infer<typeof LoginAttemptSchema>;
const LoginAttemptList = ListSchema(LoginAttemptSchema);

export type LoginAttemptQuery = {
  email?: string;
  outcome?: "success" | "failure";
  from?: string;
  to?: string;
  userId?: string;
};

/** GET /api/admin/login-attempt — every log-in attempt, newest first, with C20's filters; $limit at most 100. */
export function listLoginAttempts(client: UpstreamClient, query: LoginAttemptQuery, limit: number, skip: number) {
  const params: Record<string, string> = { $limit: String(limit), $skip: String(skip) };
  for (const [key, value] of Object.entries(query)) if (value) params[key] = value;
  return client.get("/api/admin/login-attempt", LoginAttemptList, { query: params });
}
