import { Conflict, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import type { ProviderAuthenticationService } from "../auth/authentication";
import type { ProviderParams } from "./base";
import { writeAudit } from "./admin-audit";
import {
  canExist,
  fieldErrors,
  idInput,
  listQuery,
  MINUTES_ACTIVE,
  pageOf,
  parseBody,
  parseQuery,
  peopleById,
  personOf,
  adminWrite,
  requireAdmin,
  requireCustomerRow,
  requireUserRow,
  routeId,
  type AdminCtx,
  type Page,
  type Person,
  adminQuery,
} from "./admin-common";

// Active sessions (issue 20 item 1) and view-as sessions (item 7), decision 127.

const fullName = (u: { first_name: string; last_name: string }) => `${u.first_name} ${u.last_name}`.trim();

/** A session row (joined with its user and customer) → its common answer fields. */
const sessionOut = (r: any) => ({
  sessionId: String(r.id),
  user: personOf({ id: r.user_id, email: r.email, first_name: r.first_name, last_name: r.last_name }),
  customer: r.customer_id == null ? null : { id: String(r.customer_id), name: r.customer_name as string },
  createdAt: r.created_at as string,
  lastSeenAt: r.last_seen_at as string,
});
const SESSION_COLUMNS = [
  "s.id",
  "s.user_id",
  "s.created_at",
  "s.last_seen_at",
  "s.customer_id",
  "c.name as customer_name",
  "u.email",
  "u.first_name",
  "u.last_name",
];

/** Sessions that still work: not revoked, not past their absolute expiry. */
const liveSessions = (db: Knex, now: Date) =>
  db("auth_sessions as s").whereNull("s.revoked_at").where("s.expires_at", ">", now.toISOString());

/** Revokes a live session exactly once: one another request ended meanwhile is a 404 naming it as `what`. */
async function revokeOnce(trx: Knex, sessionId: number, now: Date, what: string) {
  const ended = await trx("auth_sessions")
    .where("id", sessionId)
    .whereNull("revoked_at")
    .update({ revoked_at: now.toISOString() });
  if (ended !== 1) throw new NotFound(`${what} '${sessionId}' not found`);
}

export interface ActiveSessionOut {
  sessionId: string;
  user: Person;
  customer: { id: string; name: string } | null;
  createdAt: string;
  lastSeenAt: string;
  punchout: boolean;
  actAs: boolean;
  actingAdmin: Person | null;
}

const activeQuery = listQuery({ userId: idInput.optional(), customerId: idInput.optional() }, 50);

/** GET /api/admin/active-session, DELETE /api/admin/active-session/:sessionId. */
export class AdminActiveSessionService {
  constructor(private ctx: AdminCtx) {}

  async find(params: ProviderParams): Promise<Page<ActiveSessionOut>> {
    const q = adminQuery(params, activeQuery);
    const { db } = this.ctx;
    const now = this.ctx.now();
    const filtered = liveSessions(db, now)
      .join("users as u", "u.id", "s.user_id")
      .leftJoin("customers as c", "c.id", "s.customer_id")
      .where("u.is_inactive", false)
      .where("s.last_seen_at", ">=", new Date(now.getTime() - MINUTES_ACTIVE * 60_000).toISOString());
    if (q.userId != null) filtered.where("s.user_id", canExist(q.userId) ? q.userId : 0);
    if (q.customerId != null) filtered.where("s.customer_id", canExist(q.customerId) ? q.customerId : 0);
    const { total, rows } = await pageOf<any>(
      filtered,
      q,
      [
        { column: "s.last_seen_at", order: "desc" },
        { column: "s.id", order: "desc" },
      ],
      [...SESSION_COLUMNS, "s.punchout_session", "s.acting_admin_user_id"],
    );
    const admins = await peopleById(
      db,
      rows.map((r) => r.acting_admin_user_id),
    );
    return {
      total,
      limit: q.$limit,
      skip: q.$skip,
      data: rows.map((r) => ({
        ...sessionOut(r),
        punchout: r.punchout_session != null,
        actAs: r.acting_admin_user_id != null,
        actingAdmin: r.acting_admin_user_id == null ? null : (admins.get(Number(r.acting_admin_user_id)) ?? null),
      })),
    };
  }

  /** Ends (revokes) a live session: its next call is a 401. */
  async remove(id: unknown, params: ProviderParams) {
    const { caller, db, now } = adminWrite(this.ctx, params);
    const sessionId = routeId(id, "Session");
    await db.transaction(async (trx) => {
      const row = await liveSessions(trx, now)
        .join("users as u", "u.id", "s.user_id")
        .where("s.id", sessionId)
        .first(
          "s.id",
          "s.user_id",
          "s.customer_id",
          "s.last_seen_at",
          "s.acting_admin_user_id",
          "u.first_name",
          "u.last_name",
        );
      if (!row) throw new NotFound(`Session '${sessionId}' not found`);
      await revokeOnce(trx, sessionId, now, "Session");
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        subjectUserId: row.user_id,
        customerId: row.customer_id,
        service: "admin/active-session",
        method: "remove",
        recordId: sessionId,
        summary: `Ended a session of ${fullName(row)}`,
        before: { sessionId: String(sessionId), lastSeenAt: row.last_seen_at, revoked: false },
        after: { sessionId: String(sessionId), revoked: true },
      });
    });
    return { sessionId: String(sessionId), revoked: true };
  }
}

const viewAsBody = z.object({ customerId: idInput, userId: idInput }).strict();
const viewAsQuery = listQuery({}, 16);

/** POST /api/admin/view-as {customerId, userId}; GET (this admin's live act-as sessions); DELETE /:sessionId (Stop). */
export class AdminViewAsService {
  constructor(
    private ctx: AdminCtx,
    private auth: () => ProviderAuthenticationService,
  ) {}

  async find(params: ProviderParams) {
    const caller = requireAdmin(params);
    const q = parseQuery(viewAsQuery, params.query) as z.infer<typeof viewAsQuery>;
    const { db } = this.ctx;
    const filtered = liveSessions(db, this.ctx.now())
      .join("users as u", "u.id", "s.user_id")
      .leftJoin("customers as c", "c.id", "s.customer_id")
      .where("s.acting_admin_user_id", caller.userId);
    const { total, rows } = await pageOf<any>(
      filtered,
      q,
      [
        { column: "s.created_at", order: "desc" },
        { column: "s.id", order: "desc" },
      ],
      SESSION_COLUMNS,
    );
    return {
      total,
      limit: q.$limit,
      skip: q.$skip,
      data: rows.map(sessionOut),
    };
  }

  async create(data: unknown, params: ProviderParams) {
    const { caller, db, now } = adminWrite(this.ctx, params);
    const input = parseBody(viewAsBody, data);
    const customer = await requireCustomerRow(db, input.customerId);
    const user = await requireUserRow(db, input.userId);
    if (user.is_evolve_user) throw new Conflict("You cannot view as another admin");
    if (user.is_inactive) throw new Conflict("This user is inactive");
    const unit = await db("user_customers").where({ user_id: user.id, customer_id: customer.id }).first("contact_id");
    if (!unit) throw fieldErrors({ userId: "This user has no business unit at this customer" });
    const admin = await requireUserRow(db, caller.userId);
    const opened = await db.transaction(async (trx) => {
      const session = await this.auth().openSession(trx, {
        userId: user.id,
        customerId: customer.id,
        contactId: unit.contact_id,
        punchoutSession: null,
      });
      await trx("auth_sessions").where("id", session.sessionId).update({ acting_admin_user_id: caller.userId });
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        subjectUserId: user.id,
        customerId: customer.id,
        service: "admin/view-as",
        method: "create",
        recordId: session.sessionId,
        summary: `Viewed as ${fullName(user)} of ${customer.name}`,
        after: { sessionId: String(session.sessionId), userId: String(user.id), customerId: String(customer.id) },
      });
      return session;
    });
    return {
      accessToken: opened.token,
      sessionId: String(opened.sessionId),
      expiresAt: opened.expiresAt,
      user: personOf(user),
      customer: { id: String(customer.id), name: customer.name },
      actingAdmin: personOf(admin),
    };
  }

  /** Stop: ends one of this admin's live act-as sessions (the act-as token is 401 from then on). */
  async remove(id: unknown, params: ProviderParams) {
    const { caller, db, now } = adminWrite(this.ctx, params);
    const sessionId = routeId(id, "View-as session");
    await db.transaction(async (trx) => {
      const row = await liveSessions(trx, now)
        .join("users as u", "u.id", "s.user_id")
        .leftJoin("customers as c", "c.id", "s.customer_id")
        .where({ "s.id": sessionId, "s.acting_admin_user_id": caller.userId })
        .first("s.id", "s.user_id", "s.customer_id", "c.name as customer_name", "u.first_name", "u.last_name");
      if (!row) throw new NotFound(`View-as session '${sessionId}' not found`);
      await revokeOnce(trx, sessionId, now, "View-as session");
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        subjectUserId: row.user_id,
        customerId: row.customer_id,
        service: "admin/view-as",
        method: "remove",
        recordId: sessionId,
        summary: `Stopped viewing as ${fullName(row)}${row.customer_name ? ` of ${row.customer_name}` : ""}`,
        before: { sessionId: String(sessionId), ended: false },
        after: { sessionId: String(sessionId), ended: true },
      });
    });
    return { sessionId: String(sessionId), ended: true };
  }
}
