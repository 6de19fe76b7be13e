/** A punchout session's transfer (decision 110): the session row, its answer, its end, the lines it returns. */
import { NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { type Caller } from "../../auth/caller";
import { json } from "../base";
import { type BasketState } from "../basket-session";
import { isRowIdText } from "../ids";
import { priceLines } from "../orders/pricing";
import { auxIdOf, describe, ITEM_COLUMNS, LEAD_TIME_DAYS, truthy, unspscForItems, type CatalogueItem } from "./items";

// ---------------------------------------------------------------------------------------------------------------
// Transfer and cancel

export const NOT_PUNCHOUT = "This is not a punchout session";

export const ENDED = "This punchout session has already ended";

export const EMPTY = "The basket is empty";

export interface TransferLine {
  lineNumber: number;
  itemId: string;
  productId: string;
  supplierPartId: string;
  supplierPartAuxiliaryId: string;
  manufacturerPartId: string;
  description: string;
  quantity: number;
  unitPricePence: number;
  unitOfMeasure: "EA";
  unspsc: string | null;
  leadTimeDays: number;
}

interface SessionRow {
  id: number;
  profile_id: number;
  customer_id: number;
  protocol: "cxml" | "oci";
  operation: string;
  buyer_cookie: string | null;
  return_url: string;
  oci_target: string | null;
  oci_caller: string | null;
  oci_ok_code: string | null;
  ship_to_json: string | null;
  state: string;
  form_encoding: string;
  needs_approval: unknown;
  default_address_id: number | null;
  from_identity: string | null;
  sender_identity: string | null;
  to_identity: string | null;
}

/** What every reader of the caller's punchout session reads of it and its profile. */
export const SESSION_COLUMNS = [
  "s.id",
  "s.protocol",
  "s.operation",
  "s.buyer_cookie",
  "s.return_url",
  "s.oci_target",
  "s.oci_caller",
  "s.oci_ok_code",
  "s.ship_to_json",
  "s.state",
  "p.form_encoding",
  "p.needs_approval",
  "p.default_address_id",
  "p.from_identity",
  "p.sender_identity",
  "p.to_identity",
];

/**
 * The caller's open-or-ended punchout session (the one its provider session was opened for) with its profile: the
 * `columns` of punchout_sessions as s and punchout_profiles as p; else 404.
 */
export async function callerSessionRow<R>(db: Knex, caller: Caller, ...columns: string[]): Promise<R> {
  const id = caller.punchoutSession;
  if (!id || !isRowIdText(id)) throw new NotFound(NOT_PUNCHOUT);
  const row = (await db("punchout_sessions as s")
    .join("punchout_profiles as p", "p.id", "s.profile_id")
    .where({ "s.id": Number(id), "s.auth_session_id": caller.sessionId })
    .first(...columns)) as R | undefined;
  if (!row) throw new NotFound(NOT_PUNCHOUT);
  return row;
}

/** The caller's punchout session as the transfer and the cancel need it, else 404. */
export function sessionOf(db: Knex, caller: Caller): Promise<SessionRow> {
  return callerSessionRow<SessionRow>(db, caller, ...SESSION_COLUMNS, "s.profile_id", "s.customer_id");
}

export function answerOf(
  s: SessionRow,
  state: string,
  transferId: number | null,
  lines: TransferLine[],
  extra: object = {},
) {
  return {
    state,
    transferId: transferId == null ? null : String(transferId),
    ...extra,
    protocol: s.protocol,
    operation: s.operation,
    formEncoding: s.form_encoding === "base64" ? "base64" : "urlencoded",
    returnUrl: s.return_url,
    buyerCookie: s.buyer_cookie ?? null,
    // toIdentity "" when the profile names none (the message's To credential is then the set-up's, which the portal keeps)
    credentials:
      s.protocol === "cxml"
        ? {
            fromIdentity: s.from_identity ?? "",
            senderIdentity: s.sender_identity ?? "",
            toIdentity: s.to_identity ?? "",
          }
        : null,
    oci:
      s.protocol === "oci"
        ? { target: s.oci_target ?? null, caller: s.oci_caller ?? null, okCode: s.oci_ok_code ?? null }
        : null,
    currency: "GBP" as const,
    totalPence: lines.reduce((sum, l) => sum + l.unitPricePence * l.quantity, 0),
    shipTo: json<object | null>(s.ship_to_json, null),
    lines,
  };
}

/**
 * Ends the punchout session (open → `state`) by a conditional update, so of two transfers (or a transfer and a
 * cancel) exactly one wins, and revokes its provider session as a log-out does. False when it had already ended.
 */
export async function endSession(trx: Knex, s: SessionRow, caller: Caller, state: string, now: Date): Promise<boolean> {
  const won = await trx("punchout_sessions")
    .where({ id: s.id, state: "open" })
    .update({ state, closed_at: now.toISOString() });
  if (won !== 1) return false;
  await trx("auth_sessions")
    .where("id", caller.sessionId)
    .whereNull("revoked_at")
    .update({ revoked_at: now.toISOString() });
  return true;
}

/** The basket's lines priced as an order of them would be (priceLines), classified and described. */
export async function transferLines(db: Knex, basket: BasketState, transferId: number): Promise<TransferLine[]> {
  const wanted = basket.stock.filter((l) => l.qty > 0).map((l) => ({ internalId: Number(l.productId), qty: l.qty }));
  const priced = await priceLines(db, wanted, "stock.");
  const ids = priced.map((p) => p.item.id);
  const rows: CatalogueItem[] = await db("items")
    .whereIn("id", [...new Set([...ids, ...priced.map((p) => p.item.parent_id).filter((x): x is number => x != null)])])
    .select(ITEM_COLUMNS);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unspsc = await unspscForItems(db, ids);
  return priced.map((p, i) => {
    const item = byId.get(p.item.id)!;
    const parent = item.parent_id == null ? undefined : byId.get(item.parent_id);
    return {
      lineNumber: i + 1,
      itemId: String(item.id),
      productId: String(item.parent_id ?? item.id),
      supplierPartId: item.item_code,
      supplierPartAuxiliaryId: auxIdOf(item.id, transferId),
      // the catalogue keeps no manufacturer part numbers: the SKU stands for it
      manufacturerPartId: item.item_code,
      description: describe(item, parent),
      quantity: p.qty,
      unitPricePence: Math.round(p.rate * 100),
      unitOfMeasure: "EA" as const,
      unspsc: unspsc.get(item.id) ?? null,
      leadTimeDays: truthy(item.in_stock) ? LEAD_TIME_DAYS.inStock : LEAD_TIME_DAYS.toOrder,
    };
  });
}
