import { BadRequest, Conflict, Forbidden, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { parsePermissions, type Caller } from "../auth/caller";
import { isPostgres } from "../db/knex";
import type { ProviderParams } from "./base";
import { auditAbout, auditOut, NEWEST_AUDIT, writeAudit } from "./admin-audit";
import {
  boolInput,
  canExist,
  customersById,
  fieldErrors,
  idInput,
  likePattern,
  listQuery,
  pageOf,
  parseBody,
  parseQuery,
  permissionsInput,
  personOf,
  requireAdmin,
  requireCustomerRow,
  requireUserRow,
  routeId,
  type AdminCtx,
  type Page,
} from "./admin-common";
import { attemptsOf, loginAttemptsOut, NEWEST_ATTEMPTS } from "./admin-login-history";
import { InvitationService, mailResetLink } from "./recovery";

// Users, their business units, admin users, invitations and customers in the admin area (issue 20 items 3–6, decision 127).

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** The last successful log-in of each user (by user id, or by e-mail for rows from before migration 017). */
async function lastLogins(db: Knex, users: Array<{ id: number; email: string }>): Promise<Map<number, string>> {
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
async function revokeAll(trx: Knex, userId: number, now: Date): Promise<number> {
  return (await trx("auth_sessions")
    .where("user_id", userId)
    .whereNull("revoked_at")
    .update({ revoked_at: now.toISOString() })) as number;
}

/**
 * The active admins, locked on PostgreSQL (all of them, so two admins taking each other's rights at once are put in
 * a row: the second sees the first's change). The caller must still be one of them.
 */
async function lockActiveAdmins(trx: Knex, caller: Caller): Promise<number[]> {
  const q = trx("users").where({ is_evolve_user: true, is_inactive: false }).orderBy("id").select("id");
  if (isPostgres(trx)) q.forUpdate();
  const ids = (await q).map((r: any) => Number(r.id));
  if (!ids.includes(caller.userId)) throw new Forbidden("Only provider staff may use the admin area");
  return ids;
}

const LAST_ADMIN = "At least one active admin must remain";

const userQuery = listQuery(
  {
    q: z.string().max(100, "at most 100 characters").optional(),
    customerId: idInput.optional(),
    isEvolveUser: boolInput.optional(),
  },
  16,
);
const userPatch = z
  .object({
    isActive: z.boolean({ required_error: "required (true or false)", invalid_type_error: "must be true or false" }),
  })
  .strict();

/** GET /api/admin/user (+/:id), PATCH /api/admin/user/:id {isActive}. */
export class AdminUserService {
  constructor(private ctx: AdminCtx) {}

  async find(params: ProviderParams) {
    requireAdmin(params);
    const q = parseQuery(userQuery, params.query) as z.infer<typeof userQuery>;
    const { db } = this.ctx;
    const filtered = db("users as u");
    const text = q.q?.trim();
    if (text) {
      const pattern = likePattern(text);
      filtered.where((w) => {
        w.whereRaw(`lower(u.first_name || ' ' || u.last_name) like ? escape '\\'`, [pattern]).orWhereRaw(
          `lower(u.email) like ? escape '\\'`,
          [pattern],
        );
      });
    }
    if (q.customerId != null) {
      const customer = await requireCustomerRow(db, q.customerId);
      filtered.whereIn("u.id", db("user_customers").where("customer_id", customer.id).select("user_id"));
    }
    if (q.isEvolveUser != null) filtered.where("u.is_evolve_user", q.isEvolveUser);
    const { total, rows } = await pageOf<any>(
      filtered,
      q,
      [
        { column: "u.last_name", order: "asc" },
        { column: "u.first_name", order: "asc" },
        { column: "u.id", order: "asc" },
      ],
      ["u.id", "u.email", "u.first_name", "u.last_name", "u.is_evolve_user", "u.is_inactive"],
    );
    const units = rows.length
      ? await db("user_customers")
          .whereIn(
            "user_id",
            rows.map((r) => r.id),
          )
          .select("user_id", "customer_id")
      : [];
    const customers = await customersById(
      db,
      units.map((u: any) => u.customer_id),
    );
    return {
      total,
      limit: q.$limit,
      skip: q.$skip,
      data: rows.map((r) => ({
        ...personOf(r),
        isEvolveUser: !!r.is_evolve_user,
        isActive: !r.is_inactive,
        customers: units
          .filter((u: any) => u.user_id === r.id)
          .map((u: any) => customers.get(Number(u.customer_id))!)
          .filter(Boolean)
          .sort((a, b) => a.name.localeCompare(b.name)),
      })),
    };
  }

  async get(id: unknown, params: ProviderParams) {
    requireAdmin(params);
    if (params.query && Object.keys(params.query).length)
      throw fieldErrors({ [Object.keys(params.query)[0]]: "Unknown parameter" });
    return adminUserOut(this.ctx.db, this.ctx.now(), routeId(id, "User"));
  }

  /** {isActive: false} deactivates (every session revoked), {isActive: true} reactivates. */
  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const userId = routeId(id, "User");
    const input = parseBody(userPatch, data);
    const { db } = this.ctx;
    const now = this.ctx.now();
    const user = await requireUserRow(db, userId);
    if (!input.isActive && userId === caller.userId) throw new Conflict("You cannot deactivate yourself");
    if (!!user.is_inactive === !input.isActive) return adminUserOut(db, now, userId);
    await db.transaction(async (trx) => {
      if (!input.isActive && user.is_evolve_user) {
        const admins = await lockActiveAdmins(trx, caller);
        if (admins.filter((a) => a !== userId).length === 0) throw new Conflict(LAST_ADMIN);
      }
      await trx("users").where("id", userId).update({ is_inactive: !input.isActive });
      const revoked = input.isActive ? 0 : await revokeAll(trx, userId, now);
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        subjectUserId: userId,
        service: "admin/user",
        method: "patch",
        recordId: userId,
        summary: input.isActive
          ? `Reactivated ${fullName(user)}`
          : `Deactivated ${fullName(user)} (${revoked} session${revoked === 1 ? "" : "s"} ended)`,
        before: { isActive: !user.is_inactive },
        after: { isActive: input.isActive },
      });
    });
    return adminUserOut(db, now, userId);
  }
}

const unitPatch = z
  .object({
    permissions: permissionsInput.optional(),
    isApprover: z.boolean({ invalid_type_error: "must be true or false" }).optional(),
    needsApproval: z.boolean({ invalid_type_error: "must be true or false" }).optional(),
    wpContactOnly: z.boolean({ invalid_type_error: "must be true or false" }).optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: "Nothing to change", path: ["body"] });

/** PATCH /api/admin/user-unit/:contactId {permissions?, isApprover?, needsApproval?, wpContactOnly?} → the user. */
export class AdminUserUnitService {
  constructor(private ctx: AdminCtx) {}

  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const contactId = routeId(id, "Business unit");
    const input = parseBody(unitPatch, data);
    const { db } = this.ctx;
    const now = this.ctx.now();
    const unit = await db("user_customers as uc")
      .join("customers as c", "c.id", "uc.customer_id")
      .where("uc.contact_id", contactId)
      .first(
        "uc.id",
        "uc.user_id",
        "uc.customer_id",
        "c.name as customer_name",
        "uc.permissions_json",
        "uc.is_approver",
        "uc.needs_approval",
        "uc.wp_contact_only",
      );
    if (!unit) throw new NotFound(`Business unit '${contactId}' not found`);
    const before = {
      permissions: parsePermissions(unit.permissions_json),
      isApprover: !!unit.is_approver,
      needsApproval: !!unit.needs_approval,
      wpContactOnly: !!unit.wp_contact_only,
    };
    const after = { ...before, ...input };
    await db.transaction(async (trx) => {
      await trx("user_customers")
        .where("id", unit.id)
        .update({
          permissions_json: JSON.stringify(after.permissions),
          is_approver: after.isApprover,
          needs_approval: after.needsApproval,
          wp_contact_only: after.wpContactOnly,
        });
      const changed = Object.keys(input)
        .map((k) => (k === "permissions" ? "Permissions" : k))
        .join(", ");
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        subjectUserId: unit.user_id,
        customerId: unit.customer_id,
        service: "admin/user-unit",
        method: "patch",
        recordId: contactId,
        summary: `${changed} changed in ${unit.customer_name}`,
        before,
        after,
      });
    });
    return adminUserOut(db, now, unit.user_id);
  }
}

const resetBody = z.object({ userId: idInput }).strict();

/** POST /api/admin/password-reset {userId}: the recovery flow's e-mail, with no rate limit. */
export class AdminPasswordResetService {
  constructor(private ctx: AdminCtx) {}

  async create(data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const input = parseBody(resetBody, data);
    const { db } = this.ctx;
    const now = this.ctx.now();
    const user = await requireUserRow(db, input.userId);
    if (user.is_inactive) throw new Conflict("This user is inactive: reactivate them first");
    await db.transaction(async (trx) => {
      await mailResetLink(trx, this.ctx.portalUrl, user, now);
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        subjectUserId: user.id,
        service: "admin/password-reset",
        method: "create",
        recordId: user.id,
        summary: `Sent a password reset to ${user.email}`,
      });
    });
    return { sent: true, email: user.email };
  }
}

const inviteBody = z
  .object({
    customerId: idInput,
    email: z
      .string({ required_error: "required", invalid_type_error: "must be an e-mail address" })
      .trim()
      .toLowerCase()
      .max(320, "at most 320 characters")
      .email("must be an e-mail address"),
    firstName: z
      .string({ required_error: "required", invalid_type_error: "must be text" })
      .trim()
      .min(1, "required")
      .max(100, "at most 100 characters"),
    lastName: z
      .string({ required_error: "required", invalid_type_error: "must be text" })
      .trim()
      .min(1, "required")
      .max(100, "at most 100 characters"),
    permissions: permissionsInput.optional(),
    isApprover: z.boolean({ invalid_type_error: "must be true or false" }).optional(),
    needsApproval: z.boolean({ invalid_type_error: "must be true or false" }).optional(),
  })
  .strict();

/** POST /api/admin/invitation: the invitation flow (decision 112) for any customer, any SPEC §6 permissions. */
export class AdminInvitationService {
  constructor(
    private ctx: AdminCtx,
    private invitations: InvitationService,
  ) {}

  async create(data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const { customerId, ...invitation } = parseBody(inviteBody, data);
    const { db } = this.ctx;
    const customer = await requireCustomerRow(db, customerId);
    const asInviter: Caller = { ...caller, customerId: customer.id, contactId: null, isEvolveUser: true };
    let sent: { email: string; expiresAt: string };
    try {
      sent = await this.invitations.create(invitation, { ...params, query: {}, caller: asInviter });
    } catch (error) {
      const field = (error as BadRequest)?.data?.field;
      if (error instanceof BadRequest && typeof field === "string") {
        throw fieldErrors({ [field]: error.message.replace(/^Invalid value at field "[^"]*": /, "") });
      }
      throw error;
    }
    await writeAudit(db, this.ctx.now(), {
      adminUserId: caller.userId,
      customerId: customer.id,
      service: "admin/invitation",
      method: "create",
      recordId: sent.email,
      summary: `Invited ${sent.email} to ${customer.name}`,
      after: {
        email: sent.email,
        firstName: invitation.firstName,
        lastName: invitation.lastName,
        permissions: invitation.permissions ?? null,
        isApprover: !!invitation.isApprover,
        needsApproval: !!invitation.needsApproval,
      },
    });
    return { ...sent, customer: { id: String(customer.id), name: customer.name } };
  }
}

const adminQuery = listQuery({}, 50);
const grantBody = z.object({ userId: idInput }).strict();

/** GET /api/admin/admin-user, POST {userId} (grant), DELETE /:userId (revoke). */
export class AdminAdminUserService {
  constructor(private ctx: AdminCtx) {}

  private async out(db: Knex, rows: any[]) {
    const last = await lastLogins(
      db,
      rows.map((r) => ({ id: Number(r.id), email: r.email })),
    );
    return rows.map((r) => ({
      ...personOf(r),
      isActive: !r.is_inactive,
      isEvolveUser: !!r.is_evolve_user,
      lastLoginAt: last.get(Number(r.id)) ?? null,
    }));
  }

  async find(params: ProviderParams) {
    requireAdmin(params);
    const q = parseQuery(adminQuery, params.query) as z.infer<typeof adminQuery>;
    const { db } = this.ctx;
    const { total, rows } = await pageOf<any>(
      db("users").where("is_evolve_user", true),
      q,
      [
        { column: "last_name", order: "asc" },
        { column: "first_name", order: "asc" },
        { column: "id", order: "asc" },
      ],
      ["id", "email", "first_name", "last_name", "is_inactive", "is_evolve_user"],
    );
    return { total, limit: q.$limit, skip: q.$skip, data: await this.out(db, rows) };
  }

  async create(data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const input = parseBody(grantBody, data);
    const { db } = this.ctx;
    const now = this.ctx.now();
    const user = await requireUserRow(db, input.userId);
    if (user.is_evolve_user) throw new Conflict("This user is already an admin");
    if (user.is_inactive) throw new Conflict("This user is inactive: reactivate them first");
    await db.transaction(async (trx) => {
      await lockActiveAdmins(trx, caller);
      const changed = await trx("users").where({ id: user.id, is_evolve_user: false }).update({ is_evolve_user: true });
      if (changed !== 1) throw new Conflict("This user is already an admin");
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        subjectUserId: user.id,
        service: "admin/admin-user",
        method: "create",
        recordId: user.id,
        summary: `Made ${fullName(user)} an admin`,
        before: { isEvolveUser: false },
        after: { isEvolveUser: true },
      });
    });
    return (await this.out(db, [await db("users").where("id", user.id).first()]))[0];
  }

  async remove(id: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const userId = routeId(id, "Admin user");
    if (userId === caller.userId) throw new Conflict("You cannot revoke your own admin rights");
    const { db } = this.ctx;
    const now = this.ctx.now();
    const user = canExist(userId) ? await db("users").where({ id: userId, is_evolve_user: true }).first() : undefined;
    if (!user) throw new NotFound(`Admin user '${userId}' not found`);
    await db.transaction(async (trx) => {
      const admins = await lockActiveAdmins(trx, caller);
      if (!user.is_inactive && admins.filter((a) => a !== userId).length === 0) throw new Conflict(LAST_ADMIN);
      const changed = await trx("users").where({ id: userId, is_evolve_user: true }).update({ is_evolve_user: false });
      if (changed !== 1) throw new NotFound(`Admin user '${userId}' not found`);
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        subjectUserId: userId,
        service: "admin/admin-user",
        method: "remove",
        recordId: userId,
        summary: `Revoked the admin rights of ${fullName(user)}`,
        before: { isEvolveUser: true },
        after: { isEvolveUser: false },
      });
    });
    return (await this.out(db, [await db("users").where("id", userId).first()]))[0];
  }
}

const customerQuery = listQuery({ q: z.string().max(200, "at most 200 characters").optional() }, 16);

/** GET /api/admin/customer (+/:id): customers by name, with how many users have a business unit there. */
export class AdminCustomerService {
  constructor(private ctx: AdminCtx) {}

  private async out(db: Knex, rows: any[]) {
    const counts = rows.length
      ? await db("user_customers")
          .whereIn(
            "customer_id",
            rows.map((r) => r.id),
          )
          .groupBy("customer_id")
          .select("customer_id", db.raw("count(*) as n"))
      : [];
    const byId = new Map(counts.map((c: any) => [Number(c.customer_id), Number(c.n)]));
    return rows.map((r) => ({ id: String(r.id), name: r.name, userCount: byId.get(Number(r.id)) ?? 0 }));
  }

  async find(params: ProviderParams): Promise<Page<{ id: string; name: string; userCount: number }>> {
    requireAdmin(params);
    const q = parseQuery(customerQuery, params.query) as z.infer<typeof customerQuery>;
    const { db } = this.ctx;
    const filtered = db("customers");
    const text = q.q?.trim();
    if (text) filtered.whereRaw("lower(name) like ? escape '\\'", [likePattern(text)]);
    const { total, rows } = await pageOf<any>(
      filtered,
      q,
      [
        { column: "name", order: "asc" },
        { column: "id", order: "asc" },
      ],
      ["id", "name"],
    );
    return { total, limit: q.$limit, skip: q.$skip, data: await this.out(db, rows) };
  }

  async get(id: unknown, params: ProviderParams) {
    requireAdmin(params);
    if (params.query && Object.keys(params.query).length)
      throw fieldErrors({ [Object.keys(params.query)[0]]: "Unknown parameter" });
    const customer = await requireCustomerRow(this.ctx.db, routeId(id, "Customer"));
    return (await this.out(this.ctx.db, [customer]))[0];
  }
}
