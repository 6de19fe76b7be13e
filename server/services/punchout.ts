/**
 * Punchout in the provider (issue 16 items 9 and 1–3, decision 107): profiles are checked here, a punchout session
 * is recorded with a single-use start token, and redeeming the token opens a provider session for the profile's
 * user with `punchout_session` set. The portal parses the cXML / OCI messages and calls these server to server.
 *
 * POST /api/punchout/setup      cXML credentials + what the PunchOutSetupRequest said → 201 {sessionId, startToken, expiresAt}
 * POST /api/punchout/oci-login  OCI USERNAME / PASSWORD / HOOK_URL → the same
 * POST /api/punchout/start      {token} → 201 {accessToken, punchoutSession}; 404 unknown, 410 used or expired
 * GET  /api/punchout/session    (authenticated) the caller's punchout session; 404 for any other caller
 * The session's basket, transfer, cancel, transfers list and OrderRequest: ./punchout-transfer.ts (decision 110).
 */
import { randomBytes, scrypt } from "node:crypto";
import { Forbidden, Gone, NotAuthenticated, NotFound } from "@feathersjs/errors";
import type { Params } from "@feathersjs/feathers";
import type { Application } from "@feathersjs/koa";
import type { Knex } from "knex";
import { z } from "zod";
import { type ProviderAuthenticationService } from "../auth/authentication";
import { clientAddressOf } from "../auth/client-address";
import { underLoginLimits } from "../auth/limits";
import { newToken, sha256, verifyPassword } from "../auth/password";
import { bodyOf, callerOf, json, type Ctx, type ProviderParams } from "./base";
import { parseOr400, saveBasketState } from "./basket-session";
import { isRowIdText } from "./ids";
import type { OrderMailCtx } from "./orders/notifications";
import {
  basketFromItems,
  duplicateIs200,
  placeOrderRequest,
  PunchoutCancelService,
  PunchoutTransferService,
  type ItemOut,
} from "./punchout-transfer";

/** A start token is valid this long after the setup request. */
export const START_TOKEN_TTL_MS = 5 * 60_000;

/** One message for every credential refusal: unknown identity, wrong secret, inactive profile, To mismatch. */
export const INVALID_PUNCHOUT_CREDENTIALS = "Invalid punchout credentials";

/** The services callable without a provider session (they authenticate by shared secret or start token). */
export const PUNCHOUT_PUBLIC_SERVICES = [
  "api/punchout/setup",
  "api/punchout/oci-login",
  "api/punchout/start",
  "api/punchout/order",
];

// ---------------------------------------------------------------------------------------------------------------
// Shared secrets: scrypt, the parameters and format of users.password_hash, so verifyPassword checks them.

const SCRYPT = { N: 16384, r: 8, p: 1 };
const KEY_LENGTH = 64;

/**
 * 'scrypt$N$r$p$salt$hash' of a shared secret. The salt is random unless given (the demo seed gives a fixed one so
 * that two seeds are identical; decision 040).
 */
export function hashSecret(secret: string, salt: Buffer = randomBytes(16)): Promise<string> {
  return new Promise((resolve, reject) =>
    scrypt(secret, salt, KEY_LENGTH, { ...SCRYPT, maxmem: 64 * 1024 * 1024 }, (err, key) =>
      err
        ? reject(err)
        : resolve(
            ["scrypt", SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString("base64url"), key.toString("base64url")].join("$"),
          ),
    ),
  );
}

/** Checked against when the identity is unknown, so that costs one scrypt as a wrong secret does; made once, at load. */
const DUMMY_HASH = hashSecret("not-a-real-punchout-secret");

// ---------------------------------------------------------------------------------------------------------------
// Bodies

const text = (max: number) => z.string().trim().min(1).max(max);
const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "http:" || url.protocol === "https:";
    } catch {
      return false;
    }
  }, "must be an http or https URL");

const contactSchema = z
  .object({ name: z.string().trim().max(200).optional(), email: z.string().trim().email().max(254).optional() })
  .strict();

/** A cXML ShipTo address as the portal reads it (app/punchout/cxml.server.ts CxmlAddress); every field optional. */
const shipToSchema = z
  .object({
    addressId: z.string().trim().max(200).optional(),
    name: z.string().trim().max(200).optional(),
    deliverTo: z.array(z.string().trim().max(200)).max(5).optional(),
    street: z.array(z.string().trim().max(200)).max(5).optional(),
    city: z.string().trim().max(100).optional(),
    state: z.string().trim().max(100).optional(),
    postalCode: z.string().trim().max(20).optional(),
    /** ISO 3166 code */
    country: z.string().trim().max(100).optional(),
    countryName: z.string().trim().max(100).optional(),
  })
  .strict();

const extrinsicsSchema = z
  .record(z.string().trim().min(1).max(100), z.string().max(1000))
  .refine((v) => Object.keys(v).length <= 50, "at most 50 extrinsics");

/** An edit / inspect line as the ItemOut gave it; the portal resolves it against the catalogue. */
const itemSchema = z
  .object({
    supplierPartId: text(100),
    supplierPartAuxiliaryId: z.string().trim().max(500).optional(),
    quantity: z.number().int().min(1).max(99_999),
    unitPrice: z.number().nonnegative().max(1_000_000).optional(),
    currency: z.string().trim().length(3).optional(),
    description: z.string().trim().max(2000).optional(),
    unitOfMeasure: z.string().trim().max(20).optional(),
  })
  .strict();

export const setupSchema = z
  .object({
    protocol: z.literal("cxml"),
    fromIdentity: text(200),
    senderIdentity: text(200),
    sharedSecret: z.string().min(1).max(500),
    toIdentity: text(200).optional(),
    operation: z.enum(["create", "edit", "inspect"]),
    buyerCookie: text(500),
    returnUrl: httpUrl,
    contact: contactSchema.optional(),
    shipTo: shipToSchema.optional(),
    extrinsics: extrinsicsSchema.optional(),
    items: z.array(itemSchema).max(500).optional(),
  })
  .strict();

export const ociLoginSchema = z
  .object({
    username: text(200),
    password: z.string().min(1).max(500),
    hookUrl: httpUrl,
    target: z.string().trim().max(100).optional(),
    caller: z.string().trim().max(100).optional(),
    okCode: z.string().trim().max(100).optional(),
  })
  .strict();

const startSchema = z.object({ token: text(200) }).strict();

// ---------------------------------------------------------------------------------------------------------------
// Credentials

interface ProfileRow {
  id: number;
  customer_id: number;
  protocol: "cxml" | "oci";
  to_identity: string | null;
  secret_hash: string;
  user_id: number;
  form_encoding: string;
  needs_approval: unknown;
  default_address_id: number | null;
  ordering_allowed: unknown;
  is_active: unknown;
}

/** The profile's user is active and still a user of the profile's customer: their unit, else null. */
async function unitOf(db: Knex, profile: ProfileRow): Promise<{ contact_id: number } | null> {
  const row = await db("user_customers as uc")
    .join("users as u", "u.id", "uc.user_id")
    .where({ "uc.user_id": profile.user_id, "uc.customer_id": profile.customer_id })
    .first("uc.contact_id", "u.is_inactive");
  return row && !row.is_inactive ? { contact_id: row.contact_id } : null;
}

/**
 * The active profile these credentials name, or null. Exactly one scrypt runs whatever the cause, so an unknown
 * identity costs what a wrong secret costs; the secret is compared in constant time (verifyPassword).
 */
async function checkCredentials(
  db: Knex,
  find: (qb: Knex.QueryBuilder) => Knex.QueryBuilder,
  secret: string,
  accept: (profile: ProfileRow) => boolean,
): Promise<ProfileRow | null> {
  const profile: ProfileRow | undefined = await find(db("punchout_profiles")).first();
  const secretOk = await verifyPassword(secret, profile?.secret_hash ?? (await DUMMY_HASH));
  if (!profile || !secretOk || !profile.is_active || !accept(profile)) return null;
  return (await unitOf(db, profile)) ? profile : null;
}

const same = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? "").trim().toLowerCase() === (b ?? "").trim().toLowerCase();

/**
 * The log-in limits (decision 027) guard the shared secrets too: failures per client address and identity, and per
 * client address, each with its own keys (a punchout failure does not block a person's log-in, nor the reverse).
 */
async function withLimits<T>(
  db: Knex,
  now: Date,
  params: Params,
  identity: string,
  check: () => Promise<T | null>,
): Promise<T> {
  const address = clientAddressOf(params);
  return underLoginLimits(
    db,
    now,
    {
      perName: `punchout:address+identity:${address}|${identity.trim().toLowerCase()}`,
      perAddress: `punchout:address:${address}`,
      refusal: "Too many failed punchout log-in attempts.",
    },
    async () => {
      const result = await check();
      if (result === null) throw new NotAuthenticated(INVALID_PUNCHOUT_CREDENTIALS);
      return result;
    },
  );
}

interface NewSession {
  operation: "create" | "edit" | "inspect";
  buyerCookie: string | null;
  returnUrl: string;
  ociTarget?: string | null;
  ociCaller?: string | null;
  ociOkCode?: string | null;
  contact?: { name?: string; email?: string };
  shipTo?: object;
  extrinsics?: Record<string, string>;
  items?: object[];
}

/** Records a pending punchout session and answers its start token (stored as sha256 only). */
async function recordSession(ctx: Ctx, profile: ProfileRow, s: NewSession) {
  const now = ctx.now();
  const { token, hash } = newToken(); // 256 random bits
  const expiresAt = new Date(now.getTime() + START_TOKEN_TTL_MS).toISOString();
  const [row] = await ctx
    .db("punchout_sessions")
    .insert({
      profile_id: profile.id,
      customer_id: profile.customer_id,
      protocol: profile.protocol,
      operation: s.operation,
      buyer_cookie: s.buyerCookie,
      return_url: s.returnUrl,
      oci_target: s.ociTarget || null,
      oci_caller: s.ociCaller || null,
      oci_ok_code: s.ociOkCode || null,
      contact_name: s.contact?.name ?? null,
      contact_email: s.contact?.email ?? null,
      ship_to_json: s.shipTo ? JSON.stringify(s.shipTo) : null,
      extrinsics_json: s.extrinsics ? JSON.stringify(s.extrinsics) : null,
      // the lines only mean something to edit and inspect
      items_json: s.operation !== "create" && s.items ? JSON.stringify(s.items) : null,
      start_token_hash: hash,
      token_expires_at: expiresAt,
      state: "pending",
      created_at: now.toISOString(),
    })
    .returning("id");
  const id = typeof row === "object" && row !== null ? (row as { id: number }).id : row;
  return { sessionId: String(id), startToken: token, expiresAt };
}

/** The cXML profile a set-up or OrderRequest's From / Sender / To credentials and shared secret name; else 401 (limited). */
function cxmlProfile(
  ctx: Ctx,
  params: Params,
  body: { fromIdentity: string; senderIdentity: string; sharedSecret: string; toIdentity?: string },
): Promise<ProfileRow> {
  return withLimits(ctx.db, ctx.now(), params, body.senderIdentity, () =>
    checkCredentials(
      ctx.db,
      (qb) =>
        qb
          .where("protocol", "cxml")
          .whereRaw("lower(from_identity) = ?", [body.fromIdentity.toLowerCase()])
          .whereRaw("lower(sender_identity) = ?", [body.senderIdentity.toLowerCase()]),
      body.sharedSecret,
      (p) => body.toIdentity === undefined || !p.to_identity || same(p.to_identity, body.toIdentity),
    ),
  );
}

/** POST /api/punchout/setup — a cXML PunchOutSetupRequest's credentials and contents, as the portal parsed them. */
export class PunchoutSetupService {
  constructor(private ctx: Ctx) {}
  async create(data: unknown, params: Params = {}) {
    const body = parseOr400(setupSchema, bodyOf(data));
    const profile = await cxmlProfile(this.ctx, params, body);
    return recordSession(this.ctx, profile, {
      operation: body.operation,
      buyerCookie: body.buyerCookie,
      returnUrl: body.returnUrl,
      contact: body.contact,
      shipTo: body.shipTo,
      extrinsics: body.extrinsics,
      items: body.items,
    });
  }
}

/** POST /api/punchout/oci-login — an OCI log-in (USERNAME, PASSWORD, HOOK_URL, ~TARGET, ~CALLER, ~OkCode). */
export class PunchoutOciLoginService {
  constructor(private ctx: Ctx) {}
  async create(data: unknown, params: Params = {}) {
    const body = parseOr400(ociLoginSchema, bodyOf(data));
    const { db } = this.ctx;
    const profile = await withLimits(db, this.ctx.now(), params, body.username, () =>
      checkCredentials(
        db,
        (qb) => qb.where("protocol", "oci").whereRaw("lower(oci_username) = ?", [body.username.toLowerCase()]),
        body.password,
        () => true,
      ),
    );
    return recordSession(this.ctx, profile, {
      operation: "create",
      buyerCookie: null,
      returnUrl: body.hookUrl,
      ociTarget: body.target,
      ociCaller: body.caller,
      ociOkCode: body.okCode,
    });
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Start

const USED = "This punchout link has already been used";
const EXPIRED = "This punchout link has expired";

/** POST /api/punchout/start {token} — redeems a start token once and opens a provider session inside the punchout. */
export class PunchoutStartService {
  constructor(
    private ctx: Ctx,
    private auth: () => ProviderAuthenticationService,
  ) {}

  async create(data: unknown) {
    const { token } = parseOr400(startSchema, bodyOf(data));
    const { db } = this.ctx;
    const now = this.ctx.now();
    const row = await db("punchout_sessions").where("start_token_hash", sha256(token)).first();
    if (!row) throw new NotFound("This punchout link is not valid");
    if (row.token_used_at) throw new Gone(USED);
    if (Date.parse(row.token_expires_at) <= now.getTime()) throw new Gone(EXPIRED);
    const profile: ProfileRow | undefined = await db("punchout_profiles").where("id", row.profile_id).first();
    const unit = profile && profile.is_active ? await unitOf(db, profile) : null;
    if (!profile || !unit) throw new Forbidden("This punchout profile is no longer active");

    const opened = await db.transaction(async (trx) => {
      // the conditional update decides: of two redemptions of one token only one changes the row
      const won = await trx("punchout_sessions")
        .where("id", row.id)
        .whereNull("token_used_at")
        .where("token_expires_at", ">", now.toISOString())
        .update({ token_used_at: now.toISOString(), state: "open" });
      if (won !== 1) throw new Gone(USED);
      const session = await this.auth().openSession(trx, {
        userId: profile.user_id,
        customerId: profile.customer_id,
        contactId: unit.contact_id,
        punchoutSession: String(row.id),
      });
      await trx("punchout_sessions").where("id", row.id).update({ auth_session_id: session.sessionId });
      // the session's own basket (decision 110): empty for create, the ItemOut lines the catalogue knows for edit / inspect
      const filled = await basketFromItems(trx, row.operation === "create" ? [] : json<ItemOut[]>(row.items_json, []));
      if (filled.state.stock.length) {
        await saveBasketState(
          trx,
          { userId: profile.user_id, customerId: profile.customer_id, punchoutSession: String(row.id) },
          filled.state,
          now,
        );
      }
      return { ...session, unknownItems: filled.unknownItems };
    });
    return {
      accessToken: opened.token,
      punchoutSession: {
        id: String(row.id),
        protocol: row.protocol,
        operation: row.operation,
        buyerCookie: row.buyer_cookie ?? null,
        returnUrl: row.return_url,
        orderingAllowed: flag(profile.ordering_allowed),
        items: json<object[]>(row.items_json, []),
        unknownItems: opened.unknownItems,
      },
    };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The caller's punchout session

const flag = (v: unknown) => v === true || v === 1 || v === "1";

/** GET /api/punchout/session — what the portal needs about the caller's punchout session. */
export class PunchoutSessionService {
  constructor(private ctx: Ctx) {}
  async find(params: ProviderParams) {
    const caller = callerOf(params);
    const id = caller.punchoutSession;
    const notOne = () => new NotFound("This is not a punchout session");
    if (!id || !isRowIdText(id)) throw notOne();
    const row = await this.ctx
      .db("punchout_sessions as s")
      .join("punchout_profiles as p", "p.id", "s.profile_id")
      .where({ "s.id": Number(id), "s.auth_session_id": caller.sessionId })
      .first(
        "s.id",
        "s.protocol",
        "s.operation",
        "s.buyer_cookie",
        "s.return_url",
        "s.oci_target",
        "s.oci_caller",
        "s.oci_ok_code",
        "s.contact_name",
        "s.contact_email",
        "s.ship_to_json",
        "s.extrinsics_json",
        "s.items_json",
        "s.state",
        "s.created_at",
        "p.form_encoding",
        "p.needs_approval",
        "p.ordering_allowed",
        "p.default_address_id",
        "p.from_identity",
        "p.sender_identity",
        "p.to_identity",
      );
    if (!row) throw notOne();
    return {
      id: String(row.id),
      protocol: row.protocol,
      operation: row.operation,
      state: row.state,
      returnUrl: row.return_url,
      formEncoding: row.form_encoding,
      needsApproval: flag(row.needs_approval),
      orderingAllowed: flag(row.ordering_allowed),
      defaultAddressId: row.default_address_id == null ? null : String(row.default_address_id),
      buyerCookie: row.buyer_cookie ?? null,
      // the profile's identities, for the credentials of the PunchOutOrderMessage (never the secret)
      cxml:
        row.protocol === "cxml"
          ? {
              fromIdentity: row.from_identity,
              senderIdentity: row.sender_identity,
              toIdentity: row.to_identity ?? null,
            }
          : null,
      oci:
        row.protocol === "oci"
          ? { target: row.oci_target ?? null, caller: row.oci_caller ?? null, okCode: row.oci_ok_code ?? null }
          : null,
      contact: { name: row.contact_name ?? null, email: row.contact_email ?? null },
      shipTo: json<object | null>(row.ship_to_json, null),
      extrinsics: json<Record<string, string>>(row.extrinsics_json, {}),
      items: json<object[]>(row.items_json, []),
      createdAt: row.created_at,
    };
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Classification of transferred lines

// ---------------------------------------------------------------------------------------------------------------
// The OrderRequest (decision 110)

const orderLineSchema = z
  .object({
    lineNumber: z.number().int().min(1).max(99_999),
    supplierPartId: text(100),
    supplierPartAuxiliaryId: z.string().trim().max(500).optional(),
    quantity: z.number().int().min(1).max(99_999),
    unitPricePence: z.number().int().nonnegative().max(100_000_000).optional(),
    description: z.string().trim().max(2000).optional(),
  })
  .strict();

export const orderRequestSchema = z
  .object({
    fromIdentity: text(200),
    senderIdentity: text(200),
    sharedSecret: z.string().min(1).max(500),
    toIdentity: text(200).optional(),
    orderId: text(200),
    payloadId: text(500),
    orderDate: z.string().trim().max(100).optional(),
    totalPence: z.number().int().nonnegative().max(10_000_000_000).optional(),
    shipTo: shipToSchema.optional(),
    comments: z.string().trim().max(2000).optional(),
    extrinsics: extrinsicsSchema.optional(),
    items: z.array(orderLineSchema).min(1, "at least one line is needed").max(500),
  })
  .strict();

/** POST /api/punchout/order — a cXML OrderRequest for a transferred basket, as the portal parsed it. */
export class PunchoutOrderService {
  constructor(private ctx: OrderMailCtx) {}
  async create(data: unknown, params: Params = {}) {
    const body = parseOr400(orderRequestSchema, bodyOf(data));
    const profile = await cxmlProfile(this.ctx, params, body);
    return placeOrderRequest(this.ctx, profile, body);
  }
}

/** Registers the punchout services (called from registerServices). */
export function registerPunchout(app: Application, ctx: OrderMailCtx): void {
  const auth = () => app.service("api/authentication") as unknown as ProviderAuthenticationService;
  app.use("api/punchout/setup", new PunchoutSetupService(ctx) as any, { methods: ["create"] });
  app.use("api/punchout/oci-login", new PunchoutOciLoginService(ctx) as any, { methods: ["create"] });
  app.use("api/punchout/start", new PunchoutStartService(ctx, auth) as any, { methods: ["create"] });
  app.use("api/punchout/session", new PunchoutSessionService(ctx) as any, { methods: ["find"] });
  app.use("api/punchout/transfer", new PunchoutTransferService(ctx) as any, { methods: ["create", "find"] });
  app.use("api/punchout/cancel", new PunchoutCancelService(ctx) as any, { methods: ["create"] });
  app.use("api/punchout/order", new PunchoutOrderService(ctx) as any, { methods: ["create"] });
  app.service("api/punchout/order").hooks({ after: { create: [duplicateIs200] } });
}
