import { BadRequest, Forbidden, Gone, NotFound } from "@feathersjs/errors";
import type { Params } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { z } from "zod";
import { canApprove, has, type Caller } from "../auth/caller";
import { clientAddressOf } from "../auth/client-address";
import { takeAll, type LimitPolicy } from "../auth/limits";
import { hashPassword, newToken, sha256 } from "../auth/password";
import { parseOr400 } from "./basket-session";
import { bodyOf, callerOf, ListService, requireCustomer, type Ctx, type ListDef, type ProviderParams } from "./base";

export interface MailCtx extends Ctx {
  portalUrl: string;
}

const RESET_TTL_MS = 60 * 60_000;
const INVITATION_TTL_MS = 7 * 24 * 3_600_000;
const password = z.string().min(10, "at least 10 characters").max(200);
const email = z.string().trim().toLowerCase().email().max(320);
const DEFAULT_INVITED_PERMISSIONS = ["canViewFullCatalogue", "viewOrderHistory"];

/**
 * Reset requests (decision 027): per client address 20 an hour, per e-mail 3 an hour (counted only when the
 * address is within its limit). Over a limit the answer is the same; only no e-mail goes out.
 */
export const RESET_LIMITS = {
  address: { limit: 20, quietMs: 60 * 60_000 },
  email: { limit: 3, quietMs: 60 * 60_000 },
} satisfies Record<string, LimitPolicy>;

/** Voids the user's unused reset links that are still live (expires them now), but the one given. */
async function voidResetLinks(db: Knex, userId: number, now: Date, except?: number) {
  const q = db("password_tokens").where({ type: "reset", user_id: userId }).whereNull("used_at").where("expires_at", ">", now.toISOString());
  await (except === undefined ? q : q.whereNot("id", except)).update({ expires_at: now.toISOString() });
}

async function writeMail(db: Knex, now: Date, to: string, kind: string, subject: string, body: string) {
  await db("outbox").insert({ to_email: to, kind, subject, body, created_at: now.toISOString() });
}

/** A live single-use token of the given type, or 404 (unknown) / 410 (used or expired). */
async function liveToken(db: Knex, now: Date, type: "reset" | "invitation", token: string) {
  const row = await db("password_tokens").where({ token_hash: sha256(token), type }).first();
  if (!row) throw new NotFound("This link is not valid");
  if (row.used_at) throw new Gone("This link has already been used");
  if (Date.parse(row.expires_at) <= now.getTime()) throw new Gone("This link has expired");
  return row;
}

/** Marks a token used; false when another request used it first. */
async function useToken(trx: Knex, tokenId: number, now: Date): Promise<boolean> {
  return (await trx("password_tokens").where({ id: tokenId }).whereNull("used_at").update({ used_at: now.toISOString() })) === 1;
}

/**
 * /api/password-reset (public): POST {email} mails a single-use link (always 201, whether or not the
 * address is known); GET /:token checks a link; POST {token, password} sets the password, uses the
 * token up and revokes the user's sessions.
 */
export class PasswordResetService {
  constructor(private ctx: MailCtx) {}

  async get(token: unknown) {
    const row = await liveToken(this.ctx.db, this.ctx.now(), "reset", String(token));
    return { valid: true, email: row.email, expiresAt: row.expires_at };
  }

  async create(data: unknown, params: Params = {}) {
    const body = bodyOf(data);
    const { db } = this.ctx;
    const now = this.ctx.now();
    if ("token" in body) {
      const input = parseOr400(z.object({ token: z.string().min(1).max(200), password }).strict(), body);
      const row = await liveToken(db, now, "reset", input.token);
      const hash = await hashPassword(input.password);
      await db.transaction(async (trx) => {
        if (!(await useToken(trx, row.id, now))) throw new Gone("This link has already been used");
        await trx("users").where("id", row.user_id).update({ password_hash: hash });
        await voidResetLinks(trx, row.user_id, now);
        await trx("auth_sessions").where("user_id", row.user_id).whereNull("revoked_at").update({ revoked_at: now.toISOString() });
      });
      return { reset: true };
    }
    const input = parseOr400(z.object({ email }).strict(), body);
    const within = await takeAll(db, [
      [`reset:address:${clientAddressOf(params)}`, RESET_LIMITS.address],
      [`reset:email:${input.email}`, RESET_LIMITS.email],
    ], now);
    const user = within.ok && (await db("users").whereRaw("lower(email) = ?", [input.email]).where("is_inactive", false).first());
    if (user) {
      const { token, hash } = newToken();
      await db.transaction(async (trx) => {
        await voidResetLinks(trx, user.id, now);
        await trx("password_tokens").insert({
          type: "reset", token_hash: hash, user_id: user.id, email: user.email, created_at: now.toISOString(), expires_at: new Date(now.getTime() + RESET_TTL_MS).toISOString(),
        });
        await writeMail(trx, now, user.email, "reset", "Reset your password",
          `Someone asked to reset the password of ${user.email}. Choose a new one within an hour:\n${this.ctx.portalUrl}/customer/reset-password/${token}\nIf it was not you, ignore this e-mail.`);
      });
    }
    // the same answer whether the address is known, unknown or over a limit
    return { sent: true };
  }
}

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

/** POST /api/invitation (addSiteUser or evolve): invite someone to the selected customer; mails a 7-day link. */
export class InvitationService {
  constructor(private ctx: MailCtx) {}

  async create(data: unknown, params: ProviderParams) {
    const caller: Caller = callerOf(params);
    const customerId = requireCustomer(caller);
    if (!caller.isEvolveUser && !has(caller, "addSiteUser")) throw new Forbidden("Inviting site users is not allowed for this account");
    const input = parseOr400(invitationBody, bodyOf(data));
    const permissions = input.permissions ?? DEFAULT_INVITED_PERMISSIONS;
    const notHeld = permissions.find((p) => !caller.isEvolveUser && !has(caller, p));
    if (notHeld) throw new BadRequest(`Invalid value at field "permissions": you cannot grant '${notHeld}'`, { field: "permissions" });
    // making someone an approver is granting approval: only an approver (or provider staff) may do it
    if (input.isApprover && !caller.isEvolveUser && !canApprove(caller)) {
      throw new BadRequest(`Invalid value at field "isApprover": only an approver can invite an approver`, { field: "isApprover" });
    }
    const { db } = this.ctx;
    const now = this.ctx.now();
    const existing = await db("users as u").join("user_customers as uc", "uc.user_id", "u.id").whereRaw("lower(u.email) = ?", [input.email]).where("uc.customer_id", customerId).first("u.id");
    if (existing) throw new BadRequest(`Invalid value at field "email": ${input.email} already belongs to this customer`, { field: "email" });
    const { token, hash } = newToken();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
    const customer = await db("customers").where("id", customerId).first("name");
    await db.transaction(async (trx) => {
      const [contact] = await trx("contacts").insert({ customer_id: customerId, first_name: input.firstName, last_name: input.lastName, email: input.email }).returning("id");
      await trx("password_tokens").insert({
        type: "invitation", token_hash: hash, email: input.email, customer_id: customerId, contact_id: typeof contact === "object" ? contact.id : contact,
        permissions_json: JSON.stringify({ permissions, isApprover: !!input.isApprover, needsApproval: !!input.needsApproval }),
        created_at: now.toISOString(), expires_at: expiresAt,
      });
      await writeMail(trx, now, input.email, "invitation", `You are invited to order for ${customer?.name}`,
        `${caller.firstName} ${caller.lastName} invited you to the ${customer?.name} ordering portal. Accept within 7 days:\n${this.ctx.portalUrl}/customer/invitation?token=${token}`);
    });
    return { email: input.email, expiresAt };
  }
}

/** /api/accept-invitation (public): GET /:token describes it; POST {token, password} creates or links the user. */
export class AcceptInvitationService {
  constructor(private ctx: MailCtx) {}

  async get(token: unknown) {
    const row = await liveToken(this.ctx.db, this.ctx.now(), "invitation", String(token));
    const [customer, contact] = await Promise.all([
      this.ctx.db("customers").where("id", row.customer_id).first("name"),
      this.ctx.db("contacts").where("id", row.contact_id).first("first_name", "last_name"),
    ]);
    return { valid: true, email: row.email, customer: { name: customer?.name }, firstName: contact?.first_name, lastName: contact?.last_name, expiresAt: row.expires_at };
  }

  async create(data: unknown) {
    const input = parseOr400(z.object({ token: z.string().min(1).max(200), password }).strict(), bodyOf(data));
    const { db } = this.ctx;
    const now = this.ctx.now();
    const row = await liveToken(db, now, "invitation", input.token);
    const grant = JSON.parse(row.permissions_json ?? "{}");
    const hash = await hashPassword(input.password);
    const contact = await db("contacts").where("id", row.contact_id).first();
    await db.transaction(async (trx) => {
      if (!(await useToken(trx, row.id, now))) throw new Gone("This link has already been used");
      let user = await trx("users").whereRaw("lower(email) = ?", [row.email]).first("id");
      if (!user) {
        const [inserted] = await trx("users")
          .insert({ email: row.email, password_hash: hash, first_name: contact?.first_name ?? "", last_name: contact?.last_name ?? "", created_at: now.toISOString() })
          .returning("id");
        user = { id: typeof inserted === "object" ? inserted.id : inserted };
      }
      await trx("user_customers").insert({
        user_id: user.id, customer_id: row.customer_id, contact_id: row.contact_id, permissions_json: JSON.stringify(grant.permissions ?? []),
        is_approver: !!grant.isApprover, needs_approval: !!grant.needsApproval,
      });
    });
    return { accepted: true, email: row.email };
  }
}

/** GET /api/outbox (evolve users only): e-mails the provider "sent", newest first. */
export function outboxDef(): ListDef<unknown> {
  return {
    what: "E-mail",
    idColumn: "outbox.id",
    spec: {
      fields: {
        id: { type: "int", column: "outbox.id", sortable: true },
        to: { type: "string", column: "outbox.to_email" },
        kind: { type: "string", column: "outbox.kind" },
        createdAt: { type: "date", column: "outbox.created_at", sortable: true },
      },
      defaultSort: [["outbox.id", "desc"]],
    },
    base: (ctx, caller) => {
      if (!caller.isEvolveUser) throw new Forbidden("Only provider staff may read the outbox");
      return ctx.db("outbox");
    },
    select: (qb) => qb.select("*"),
    map: (_ctx, rows) => rows.map((r) => ({ id: r.id, to: r.to_email, kind: r.kind, subject: r.subject, body: r.body, createdAt: r.created_at })),
  };
}

export const outboxService = (ctx: Ctx) => new ListService(ctx, outboxDef());
