/** /api/invitation: a customer's invitations, sent, listed, sent again and withdrawn. */
import { BadRequest, Forbidden, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { canApprove, has, type Caller } from "../../auth/caller";
import { newToken } from "../../auth/password";
import { bodyOf, callerOf, idOf, requireCustomer, type ProviderParams } from "../base";
import { parseOr400 } from "../basket-session";
import { portalLink, renderMail, writeMail } from "../mail-templates";
import { DEFAULT_INVITED_PERMISSIONS, email, INVITATION_TTL_MS, type MailCtx } from "./tokens";

const invitationBody = z
  .object({
    email,
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    permissions: z.array(z.string().max(60)).max(40).optional(),
    isApprover: z.boolean().optional(),
    needsApproval: z.boolean().optional(),
  })
  .strict();

/** Inviting site users needs addSiteUser (or provider staff acting for the customer). */
function requireInviter(caller: Caller): number {
  const customerId = requireCustomer(caller);
  if (!caller.isEvolveUser && !has(caller, "addSiteUser"))
    throw new Forbidden("Inviting site users is not allowed for this account");
  return customerId;
}

/** What an invitation grants (its permissions_json). */
interface Grant {
  permissions: string[];
  isApprover: boolean;
  needsApproval: boolean;
}

const grantOf = (row: { permissions_json?: string | null }): Grant => {
  const g = JSON.parse(row.permissions_json ?? "{}");
  return {
    permissions: Array.isArray(g.permissions) ? g.permissions : [],
    isApprover: !!g.isApprover,
    needsApproval: !!g.needsApproval,
  };
};

/** Refuses a grant the caller could not make themselves: a permission they lack (400 at permissions), an approver from a non-approver. */
function checkGrant(caller: Caller, grant: Grant, refuse: (field: string, why: string) => Error): void {
  const notHeld = grant.permissions.find((p) => !caller.isEvolveUser && !has(caller, p));
  if (notHeld) throw refuse("permissions", `you cannot grant '${notHeld}'`);
  // making someone an approver is granting approval: only an approver (or provider staff) may do it
  if (grant.isApprover && !caller.isEvolveUser && !canApprove(caller))
    throw refuse("isApprover", "only an approver can invite an approver");
}

/** The customer's open invitations: neither accepted nor withdrawn (expired ones included). */
const openInvitations = (db: Knex, customerId: number) =>
  db("password_tokens as t")
    .where({ "t.type": "invitation", "t.customer_id": customerId })
    .whereNull("t.used_at")
    .whereNull("t.revoked_at");

const invitationColumns = [
  "t.id",
  "t.email",
  "t.permissions_json",
  "t.created_at",
  "t.expires_at",
  "t.contact_id",
  "c.first_name",
  "c.last_name",
  "inviter.first_name as inviter_first_name",
  "inviter.last_name as inviter_last_name",
];

const withNames = (q: Knex.QueryBuilder) =>
  q
    .leftJoin("contacts as c", "c.id", "t.contact_id")
    .leftJoin("users as inviter", "inviter.id", "t.invited_by_user_id");

function invitationOut(r: any, now: Date) {
  const grant = grantOf(r);
  return {
    id: String(r.id),
    email: r.email,
    firstName: r.first_name ?? "",
    lastName: r.last_name ?? "",
    permissions: grant.permissions,
    isApprover: grant.isApprover,
    needsApproval: grant.needsApproval,
    createdAt: r.created_at,
    expiresAt: r.expires_at,
    status: Date.parse(r.expires_at) <= now.getTime() ? ("expired" as const) : ("pending" as const),
    // invitations sent before decision 112 did not record who sent them
    invitedBy: r.inviter_first_name == null ? null : { firstName: r.inviter_first_name, lastName: r.inviter_last_name },
  };
}

const invitationMail = (portalUrl: string, from: string, customer: string | undefined, token: string, again = false) =>
  renderMail("invitation", {
    from,
    customer: String(customer),
    link: portalLink(portalUrl, `/customer/invitation?token=${token}`),
    again,
  });

const PAGE = z
  .object({
    $limit: z.coerce.number().int().min(0).max(100).default(20),
    $skip: z.coerce.number().int().min(0).default(0),
  })
  .strict();

/**
 * /api/invitation (addSiteUser or evolve; decision 112). POST invites someone to the selected customer and mails a
 * 7-day link; GET lists the customer's open invitations (not accepted, not withdrawn), newest first, each "pending" or
 * "expired"; PATCH /:id {resend: true} mails a new 7-day link and voids the old one (410); DELETE /:id withdraws it
 * (its link answers 410). Another customer's invitation, or one accepted or withdrawn, is a 404.
 */
export class InvitationService {
  constructor(private ctx: MailCtx) {}

  async find(params: ProviderParams) {
    const customerId = requireInviter(callerOf(params));
    const query = params.query ?? {};
    const [unknown] = Object.keys(query).filter((k) => k !== "$limit" && k !== "$skip");
    if (unknown !== undefined) throw new BadRequest(`Unknown query parameter "${unknown}"`, { field: unknown });
    const page = parseOr400(PAGE, query);
    const { db } = this.ctx;
    const counted = await openInvitations(db, customerId).count({ n: "*" }).first();
    const rows =
      page.$limit === 0
        ? []
        : await withNames(openInvitations(db, customerId))
            .orderBy([
              { column: "t.created_at", order: "desc" },
              { column: "t.id", order: "desc" },
            ])
            .limit(page.$limit)
            .offset(page.$skip)
            .select(invitationColumns);
    const now = this.ctx.now();
    return {
      total: Number(counted?.n ?? 0),
      limit: page.$limit,
      skip: page.$skip,
      data: rows.map((r: any) => invitationOut(r, now)),
    };
  }

  /** One open invitation of the caller's customer, or 404. */
  private async open(id: unknown, customerId: number, db: Knex = this.ctx.db) {
    const key = idOf(id, "Invitation");
    const row = await withNames(openInvitations(db, customerId).where("t.id", key)).first(
      ...invitationColumns,
      "t.token_hash",
    );
    if (!row) throw new NotFound(`Invitation '${key}' not found`);
    return row;
  }

  async get(id: unknown, params: ProviderParams) {
    const customerId = requireInviter(callerOf(params));
    return invitationOut(await this.open(id, customerId), this.ctx.now());
  }

  async create(data: unknown, params: ProviderParams) {
    const caller: Caller = callerOf(params);
    const customerId = requireInviter(caller);
    const input = parseOr400(invitationBody, bodyOf(data));
    const grant = {
      permissions: input.permissions ?? DEFAULT_INVITED_PERMISSIONS,
      isApprover: !!input.isApprover,
      needsApproval: !!input.needsApproval,
    };
    checkGrant(caller, grant, (field, why) => new BadRequest(`Invalid value at field "${field}": ${why}`, { field }));
    const { db } = this.ctx;
    const now = this.ctx.now();
    const existing = await db("users as u")
      .join("user_customers as uc", "uc.user_id", "u.id")
      .whereRaw("lower(u.email) = ?", [input.email])
      .where("uc.customer_id", customerId)
      .first("u.id");
    if (existing)
      throw new BadRequest(`Invalid value at field "email": ${input.email} already belongs to this customer`, {
        field: "email",
      });
    const sameEmail = (q: Knex = db) => openInvitations(q, customerId).whereRaw("lower(t.email) = ?", [input.email]);
    if (await sameEmail().where("t.expires_at", ">", now.toISOString()).first("t.id")) {
      throw new BadRequest(
        `Invalid value at field "email": ${input.email} already has a pending invitation (send it again from the list)`,
        { field: "email" },
      );
    }
    const { token, hash } = newToken();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
    const customer = await db("customers").where("id", customerId).first("name");
    await db.transaction(async (trx) => {
      // an expired invitation to the same address is replaced by this one
      const expired = await sameEmail(trx).select("t.id", "t.contact_id");
      if (expired.length > 0) await withdraw(trx, expired, now);
      const [contact] = await trx("contacts")
        .insert({ customer_id: customerId, first_name: input.firstName, last_name: input.lastName, email: input.email })
        .returning("id");
      await trx("password_tokens").insert({
        type: "invitation",
        token_hash: hash,
        email: input.email,
        customer_id: customerId,
        contact_id: typeof contact === "object" ? contact.id : contact,
        permissions_json: JSON.stringify(grant),
        invited_by_user_id: caller.userId,
        created_at: now.toISOString(),
        expires_at: expiresAt,
      });
      await writeMail(
        trx,
        now,
        input.email,
        invitationMail(this.ctx.portalUrl, `${caller.firstName} ${caller.lastName}`, customer?.name, token),
      );
    });
    return { email: input.email, expiresAt };
  }

  /**
   * PATCH /:id {resend: true}: a new link, 7 days from now, mailed again; the old link answers 410. The invitation
   * keeps its id, invitee, grant and sender. Sending it again is granting it again: the caller must hold what it
   * grants (else 403, nothing written).
   */
  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const customerId = requireInviter(caller);
    parseOr400(z.object({ resend: z.literal(true) }).strict(), bodyOf(data));
    const row = await this.open(id, customerId);
    checkGrant(
      caller,
      grantOf(row),
      (_field, why) => new Forbidden(`This invitation cannot be sent again by this account: ${why}`),
    );
    const { db } = this.ctx;
    const now = this.ctx.now();
    const { token, hash } = newToken();
    const customer = await db("customers").where("id", customerId).first("name");
    await db.transaction(async (trx) => {
      const changed = await trx("password_tokens")
        .where({ id: row.id, token_hash: row.token_hash })
        .whereNull("used_at")
        .whereNull("revoked_at")
        .update({ token_hash: hash, expires_at: new Date(now.getTime() + INVITATION_TTL_MS).toISOString() });
      // accepted, withdrawn or sent again by someone else since it was read
      if (changed !== 1) throw new NotFound(`Invitation '${row.id}' not found`);
      await trx("replaced_invitation_links").insert({
        token_hash: row.token_hash,
        invitation_id: row.id,
        replaced_at: now.toISOString(),
      });
      await writeMail(
        trx,
        now,
        row.email,
        invitationMail(this.ctx.portalUrl, `${caller.firstName} ${caller.lastName}`, customer?.name, token, true),
      );
    });
    return invitationOut(await this.open(row.id, customerId), now);
  }

  /** DELETE /:id: withdraws the invitation (its link answers 410); taking away grants nothing, so addSiteUser is enough. */
  async remove(id: unknown, params: ProviderParams) {
    const customerId = requireInviter(callerOf(params));
    const row = await this.open(id, customerId);
    const now = this.ctx.now();
    await this.ctx.db.transaction(async (trx) => {
      if (!(await withdraw(trx, [row], now))) throw new NotFound(`Invitation '${row.id}' not found`);
    });
    return { id: String(row.id), revoked: true };
  }
}

/**
 * Withdraws open invitations; their contacts, made for the invitees and used by no user, are made inactive so they
 * do not linger among the customer's people. False when none was still open.
 */
async function withdraw(
  trx: Knex,
  rows: Array<{ id: number; contact_id: number | null }>,
  now: Date,
): Promise<boolean> {
  const ids = rows.map((r) => r.id);
  const changed = await trx("password_tokens")
    .whereIn("id", ids)
    .whereNull("used_at")
    .whereNull("revoked_at")
    .update({ revoked_at: now.toISOString() });
  const contacts = rows.map((r) => r.contact_id).filter((c): c is number => c != null);
  if (contacts.length > 0) {
    await trx("contacts")
      .whereIn("id", contacts)
      .whereNotIn("id", trx("user_customers").select("contact_id"))
      .update({ is_inactive: true });
  }
  return changed > 0;
}
