import { Forbidden } from "@feathersjs/errors";
import type { Knex } from "knex";
import { has, parsePermissions, type Caller } from "../auth/caller";
import { containsPattern } from "../query/dialect";
import { requireCustomer, type ListDef } from "./base";

/** Reading a customer's site users needs addSiteUser (or provider staff acting for the customer). */
function requireSiteUserAdmin(caller: Caller): number {
  const customerId = requireCustomer(caller);
  if (!caller.isEvolveUser && !has(caller, "addSiteUser"))
    throw new Forbidden("Site users are not shown to this account");
  return customerId;
}

export interface SiteUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  lastLoginAt: string | null;
  isActive: boolean;
  isApprover: boolean;
  needsApproval: boolean;
  permissions: string[];
}

/**
 * GET /api/site-user (+/:id; decision 112): the selected customer's site users — every user with a business unit of
 * the customer (provider staff acting for it have none, so are not listed), active or not — with their permissions
 * and settings in that unit and their last successful log-in. Sorted by last name, first name; `q` finds a user by
 * name or e-mail (contains, any case). Another customer's user is a 404.
 */
export const siteUsersDef = (): ListDef<SiteUser> => ({
  what: "Site user",
  idColumn: "u.id",
  spec: {
    fields: {
      id: { type: "int", column: "u.id", sortable: true },
      firstName: { type: "string", column: "u.first_name", sortable: true },
      lastName: { type: "string", column: "u.last_name", sortable: true },
      email: { type: "string", column: "u.email", sortable: true },
    },
    extras: { q: "string" },
    defaultSort: [
      ["u.last_name", "asc"],
      ["u.first_name", "asc"],
    ],
    tieBreaker: "u.id",
  },
  base: (ctx, caller, parsed) => {
    const customerId = requireSiteUserAdmin(caller);
    const q = ctx
      .db("user_customers as uc")
      .join("users as u", "u.id", "uc.user_id")
      .where("uc.customer_id", customerId);
    const text = typeof parsed.extras.q === "string" ? parsed.extras.q.trim() : "";
    if (text) {
      const pattern = containsPattern(text);
      q.where((w: Knex.QueryBuilder) => {
        w.whereRaw(`lower(u.first_name || ' ' || u.last_name) like ? escape '\\'`, [pattern]).orWhereRaw(
          `lower(u.email) like ? escape '\\'`,
          [pattern],
        );
      });
    }
    return q;
  },
  select: (qb) =>
    qb.select(
      "u.id",
      "u.first_name",
      "u.last_name",
      "u.email",
      "u.is_inactive",
      "uc.permissions_json",
      "uc.is_approver",
      "uc.needs_approval",
    ),
  map: async (ctx, rows) => {
    const emails = [...new Set(rows.map((r) => String(r.email).toLowerCase()))];
    // log-ins are recorded by lower-cased e-mail (server/auth/authentication.ts)
    const logins: Array<{ email: string; at: string }> =
      emails.length === 0
        ? []
        : await ctx
            .db("login_attempts")
            .whereIn("email", emails)
            .where("success", true)
            .groupBy("email")
            .select("email", ctx.db.raw("max(attempted_at) as at"));
    const lastLogin = new Map(logins.map((l) => [l.email, l.at]));
    return rows.map((r) => ({
      id: String(r.id),
      firstName: r.first_name,
      lastName: r.last_name,
      email: r.email,
      lastLoginAt: lastLogin.get(String(r.email).toLowerCase()) ?? null,
      isActive: !r.is_inactive,
      isApprover: !!r.is_approver,
      needsApproval: !!r.needs_approval,
      permissions: parsePermissions(r.permissions_json),
    }));
  },
});
