import { NotAuthenticated } from "@feathersjs/errors";
import type { Knex } from "knex";
import { canApprove as approves } from "../../app/domain/permissions";
import { sha256 } from "./password";

/** What every service knows about the caller, resolved once per request from the session token. */
export interface Caller {
  sessionId: number;
  userId: number;
  email: string;
  firstName: string;
  lastName: string;
  isEvolveUser: boolean;
  isEnhancedUser: boolean;
  isSuperUser: boolean;
  /** Selected business unit; null when none is selected (or an evolve user acting across customers). */
  customerId: number | null;
  contactId: number | null;
  permissions: string[];
  isApprover: boolean;
  needsApproval: boolean;
  wpContactOnly: boolean;
  punchoutSession: string | null;
  /** Set on an act-as ("view as") session: the admin viewing as this user (decision 127); absent or null otherwise. */
  actingAdminUserId?: number | null;
}

export interface SessionPolicy {
  now: () => Date;
  idleMs: number;
  maxMs: number;
}

/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_EVERY_MS = 30_000;

export function parsePermissions(json: string | null | undefined): string[] {
  try {
    const v = JSON.parse(json ?? "[]");
    return Array.isArray(v) ? v.filter((p): p is string => typeof p === "string") : [];
  } catch {
    return [];
  }
}

/** Resolves a bearer token to its caller; any dead session (unknown, revoked, idle, too old) is a 401. */
export async function callerFromToken(db: Knex, policy: SessionPolicy, token: string): Promise<Caller> {
  const row = await db("auth_sessions as s")
    .join("users as u", "u.id", "s.user_id")
    .leftJoin("user_customers as uc", function () {
      this.on("uc.user_id", "=", "s.user_id").andOn("uc.customer_id", "=", "s.customer_id");
    })
    .where("s.token_hash", sha256(token))
    .first(
      "s.id as session_id",
      "s.user_id",
      "s.last_seen_at",
      "s.expires_at",
      "s.revoked_at",
      "s.customer_id",
      "s.contact_id",
      "s.punchout_session",
      "s.acting_admin_user_id",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.is_evolve_user",
      "u.is_enhanced_user",
      "u.is_super_user",
      "u.is_inactive",
      "uc.permissions_json",
      "uc.is_approver",
      "uc.needs_approval",
      "uc.wp_contact_only",
    );
  const now = policy.now();
  if (!row || row.revoked_at || row.is_inactive) throw new NotAuthenticated("Session is not valid");
  // an act-as session lives only while its admin is an active admin and its user is not one (decision 127)
  if (row.acting_admin_user_id != null) {
    const admin = await db("users").where("id", row.acting_admin_user_id).first("is_evolve_user", "is_inactive");
    if (!admin || !admin.is_evolve_user || admin.is_inactive || row.is_evolve_user)
      throw new NotAuthenticated("Session is not valid");
  }
  if (now.getTime() >= Date.parse(row.expires_at)) throw new NotAuthenticated("Session has expired");
  const idleFor = now.getTime() - Date.parse(row.last_seen_at);
  if (idleFor >= policy.idleMs) throw new NotAuthenticated("Session has expired");
  if (idleFor >= TOUCH_EVERY_MS) {
    await db("auth_sessions").where("id", row.session_id).update({ last_seen_at: now.toISOString() });
  }
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isEvolveUser: !!row.is_evolve_user,
    isEnhancedUser: !!row.is_enhanced_user,
    isSuperUser: !!row.is_super_user,
    customerId: row.customer_id ?? null,
    contactId: row.contact_id ?? null,
    permissions: parsePermissions(row.permissions_json),
    isApprover: !!row.is_approver,
    needsApproval: !!row.needs_approval,
    wpContactOnly: !!row.wp_contact_only,
    punchoutSession: row.punchout_session ?? null,
    actingAdminUserId: row.acting_admin_user_id ?? null,
  };
}

export const has = (caller: Caller, permission: string) => caller.permissions.includes(permission);
/** SPEC §6: orderApproval and the approver setting (the shared rule, app/domain/permissions.ts). */
export const canApprove = (caller: Caller) => approves(caller, caller);
