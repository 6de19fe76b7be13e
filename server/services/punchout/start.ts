/** POST /api/punchout/start (redeem the start token) and GET /api/punchout/session (decision 107). */
import { Forbidden, Gone, NotFound } from "@feathersjs/errors";
import { type ProviderAuthenticationService } from "../../auth/authentication";
import { sha256 } from "../../auth/password";
import { bodyOf, callerOf, json, type Ctx, type ProviderParams } from "../base";
import { parseOr400, saveBasketState } from "../basket-session";
import { unitOf, type ProfileRow } from "./credentials";
import { basketFromItems, type ItemOut } from "./items";
import { startSchema } from "./schemas";
import { callerSessionRow, SESSION_COLUMNS } from "./transfer-session";

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
    const row = await callerSessionRow<any>(
      this.ctx.db,
      callerOf(params),
      ...SESSION_COLUMNS,
      "s.contact_name",
      "s.contact_email",
      "s.extrinsics_json",
      "s.items_json",
      "s.created_at",
      "p.ordering_allowed",
    );
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
