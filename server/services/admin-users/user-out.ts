/** A user as the admin area shows them, and what changing one needs: sessions revoked, the last admin kept. */
import { Forbidden } from "@feathersjs/errors";
import type { Knex } from "knex";
import { parsePermissions, type Caller } from "../../auth/caller";
import { isPostgres } from "../../db/knex";
import { auditAbout, auditOut, NEWEST_AUDIT } from "../admin-audit";
import { requireUserRow } from "../admin-common";
import { attemptsOf, loginAttemptsOut, NEWEST_ATTEMPTS } from "../admin-login-history";

// Users, their business units, admin users, invitations and customers in the admin area (issue 20 items 3–6, decision 127).

export const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** The last successful log-in of each user (by user id, or by e-mail for rows from before migration 017). */
export async function lastLogins(db: Knex, users: Array<{ id: number; email: string }>): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (!users.length) return out;
  const ids = users.map((u) => u.id);
  const emails = users.map((u) => u.email.toLowerCase());
  const [byId, byEmail] = await Promise.all([
    db("login_attempts")
      .whereIn("user_id", ids)
      .where("success", true)
      .groupBy("user_id")
      .select("user_id", db.raw("max(attempted_at) as at")),
    db("login_attempts")
      .whereNull("user_id")
      .whereIn("email", emails)
      .where("success", true)
      .groupBy("email")
      .select("email", db.raw("max(attempted_at) as at")),
  ]);
  const idAt = new Map(byId.map((r: any) => [Number(r.user_id), r.at as string]));
  const emailAt = new Map(byEmail.map((r: any) => [r.email as string, r.at as string]));
  for (const u of users) {
    const times = [idAt.get(u.id), emailAt.get(u.email.toLowerCase())].filter((t): t is string => !!t).sort();
    if (times.length) out.set(u.id, times[times.length - 1]);
  }
  return out;
}

/** GET /api/admin/user/:id's answer. */
export async function adminUserOut(db: Knex, now: Date, userId: number) {
  const user = await requireUserRow(db, userId);
  const [units, logins, audit, sessions, last] = await Promise.all([
    db("user_customers as uc")
      .join("customers as c", "c.id", "uc.customer_id")
      .join("contacts as ct", "ct.id", "uc.contact_id")
      .where("uc.user_id", userId)
      .orderBy([{ column: "c.name" }, { column: "c.id" }])
      .select(
        "c.id as customer_id",
        "c.name as customer_name",
        "ct.id as contact_id",
        "ct.first_name",
        "ct.last_name",
        "uc.permissions_json",
        "uc.is_approver",
        "uc.needs_approval",
        "uc.wp_contact_only",
      ),
    attemptsOf(db, user).orderBy(NEWEST_ATTEMPTS).limit(10).select("*"),
    auditAbout(db, userId).orderBy(NEWEST_AUDIT).limit(10).select("*"),
    db("auth_sessions")
      .where("user_id", userId)
      .whereNull("revoked_at")
      .where("expires_at", ">", now.toISOString())
      .count({ n: "*" })
      .first(),
    lastLogins(db, [user]),
  ]);
  return {
    id: String(user.id),
    email: user.email,
    firstName: user.first_name,
    lastName: user.last_name,
    isEvolveUser: !!user.is_evolve_user,
    isActive: !user.is_inactive,
    createdAt: user.created_at,
    lastLoginAt: last.get(user.id) ?? null,
    units: units.map((u: any) => ({
      customer: { id: String(u.customer_id), name: u.customer_name },
      contact: { id: String(u.contact_id), firstName: u.first_name, lastName: u.last_name },
      permissions: parsePermissions(u.permissions_json),
      isApprover: !!u.is_approver,
      needsApproval: !!u.needs_approval,
      wpContactOnly: !!u.wp_contact_only,
    })),
    recentLogins: await loginAttemptsOut(db, logins),
    recentAudit: await auditOut(db, audit),
    activeSessions: Number((sessions as any)?.n ?? 0),
  };
}

/** Revokes every live session of a user (deactivation). */
export async function revokeAll(trx: Knex, userId: number, now: Date): Promise<number> {
  return (await trx("auth_sessions")
    .where("user_id", userId)
    .whereNull("revoked_at")
    .update({ revoked_at: now.toISOString() })) as number;
}

/**
 * The active admins, locked on PostgreSQL (all of them, so two admins taking each other's rights at once are put in
 * a row: the second sees the first's change). The caller must still be one of them.
 */
export async function lockActiveAdmins(trx: Knex, caller: Caller): Promise<number[]> {
  const q = trx("users").where({ is_evolve_user: true, is_inactive: false }).orderBy("id").select("id");
  if (isPostgres(trx)) q.forUpdate();
  const ids = (await q).map((r: any) => Number(r.id));
  if (!ids.includes(caller.userId)) throw new Forbidden("Only provider staff may use the admin area");
  return ids;
}

export const LAST_ADMIN = "At least one active admin must remain";
