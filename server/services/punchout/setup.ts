/** POST /api/punchout/setup and /api/punchout/oci-login: a punchout session recorded with its start token (decision 107). */
import type { Params } from "@feathersjs/feathers";
import { newToken } from "../../auth/password";
import { bodyOf, type Ctx } from "../base";
import { parseOr400 } from "../basket-session";
import { checkCredentials, same, START_TOKEN_TTL_MS, withLimits, type ProfileRow } from "./credentials";
import { ociLoginSchema, setupSchema } from "./schemas";

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
export function cxmlProfile(
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
