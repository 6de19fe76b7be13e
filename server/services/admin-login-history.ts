import type { Knex } from "knex";
import { z } from "zod";
import type { ProviderParams } from "./base";
import {
  adminQuery,
  canExist,
  idInput,
  likePattern,
  listQuery,
  pageOf,
  peopleById,
  whereDays,
  type AdminCtx,
  type Page,
  type Person,
} from "./admin-common";

// The log-in history (issue 20 item 2, decision 127): every log-in attempt is recorded with who, why and from where.

export interface LoginAttemptOut {
  id: string;
  email: string;
  user: Person | null;
  success: boolean;
  reason: string | null;
  address: string | null;
  userAgent: string | null;
  attemptedAt: string;
}

export async function loginAttemptsOut(db: Knex, rows: any[]): Promise<LoginAttemptOut[]> {
  const people = await peopleById(
    db,
    rows.map((r) => r.user_id),
  );
  return rows.map((r) => ({
    id: String(r.id),
    email: r.email,
    user: r.user_id == null ? null : (people.get(Number(r.user_id)) ?? null),
    success: !!r.success,
    reason: r.reason ?? null,
    address: r.address ?? null,
    userAgent: r.user_agent ?? null,
    attemptedAt: r.attempted_at,
  }));
}

export const NEWEST_ATTEMPTS = [
  { column: "attempted_at", order: "desc" as const },
  { column: "id", order: "desc" as const },
];

/** A user's attempts: by user id, or (rows from before migration 017) by their e-mail. */
export const attemptsOf = (db: Knex, user: { id: number; email: string }) =>
  db("login_attempts").where((w) => {
    w.where("user_id", user.id).orWhere((o) => {
      o.whereNull("user_id").where("email", user.email.toLowerCase());
    });
  });

const attemptQuery = listQuery(
  {
    email: z.string().max(320, "at most 320 characters").optional(),
    outcome: z.enum(["success", "failure"], { errorMap: () => ({ message: "must be success or failure" }) }).optional(),
    userId: idInput.optional(),
  },
  50,
  true,
);

/** GET /api/admin/login-attempt?email=&outcome=&from=&to=&userId=&$limit=&$skip= — newest first. */
export class AdminLoginAttemptService {
  constructor(private ctx: AdminCtx) {}

  async find(params: ProviderParams): Promise<Page<LoginAttemptOut>> {
    const q = adminQuery(params, attemptQuery) as any;
    const { db } = this.ctx;
    const filtered = db("login_attempts");
    const text = typeof q.email === "string" ? q.email.trim() : "";
    if (text) filtered.whereRaw("lower(email) like ? escape '\\'", [likePattern(text)]);
    if (q.outcome) filtered.where("success", q.outcome === "success");
    if (q.userId != null) filtered.where("user_id", canExist(q.userId) ? q.userId : 0);
    whereDays(filtered, "attempted_at", q.from, q.to);
    const { total, rows } = await pageOf<any>(filtered, q, NEWEST_ATTEMPTS, ["*"]);
    return { total, limit: q.$limit, skip: q.$skip, data: await loginAttemptsOut(this.ctx.db, rows) };
  }
}
