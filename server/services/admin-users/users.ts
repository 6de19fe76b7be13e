/** /api/admin/user and /api/admin/user-unit: users and their business units. */
import { Conflict, NotFound } from "@feathersjs/errors";
import { z } from "zod";
import { parsePermissions } from "../../auth/caller";
import { writeAudit } from "../admin-audit";
import {
  boolInput,
  customersById,
  fieldErrors,
  idInput,
  likePattern,
  listQuery,
  pageOf,
  parseBody,
  permissionsInput,
  personOf,
  adminWrite,
  requireAdmin,
  requireCustomerRow,
  requireUserRow,
  routeId,
  type AdminCtx,
  adminQuery,
} from "../admin-common";
import type { ProviderParams } from "../base";
import { adminUserOut, fullName, LAST_ADMIN, lockActiveAdmins, revokeAll } from "./user-out";

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
    const q = adminQuery(params, userQuery);
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
    const { caller, db, now } = adminWrite(this.ctx, params);
    const userId = routeId(id, "User");
    const input = parseBody(userPatch, data);
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
    const { caller, db, now } = adminWrite(this.ctx, params);
    const contactId = routeId(id, "Business unit");
    const input = parseBody(unitPatch, data);
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
