import { Conflict, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { writeAudit } from "../admin-audit";
import {
  canExist,
  idInput,
  listQuery,
  pageOf,
  parseBody,
  personOf,
  adminWrite,
  requireUserRow,
  routeId,
  type AdminCtx,
  adminQuery,
} from "../admin-common";
import type { ProviderParams } from "../base";
import { fullName, LAST_ADMIN, lastLogins, lockActiveAdmins } from "./user-out";

const adminsQuery = listQuery({}, 50);

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
    const q = adminQuery(params, adminsQuery);
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
    const { caller, db, now } = adminWrite(this.ctx, params);
    const input = parseBody(grantBody, data);
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
    const { caller, db, now } = adminWrite(this.ctx, params);
    const userId = routeId(id, "Admin user");
    if (userId === caller.userId) throw new Conflict("You cannot revoke your own admin rights");
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
