/**
 * Punchout baskets in the provider (issue 16 items 3–7, decision 110): a punchout session's basket pre-filled from the
 * setup request's ItemOut lines, the transfer of the basket back to the procurement system (or into a saved basket
 * awaiting approval), the cancel, the customer's transferred baskets, and the cXML OrderRequest that orders one.
 *
 * POST /api/punchout/transfer {}   (the punchout session's provider session) → 201 the basket to return
 * POST /api/punchout/cancel {}     → 201 the same shape, empty
 * GET  /api/punchout/transfer      the caller's customer's transfers (viewAllOrders / orderApproval) or their own
 * POST /api/punchout/order         (credentials as the setup request) → 201 {orderId, orderNumber, duplicate: false}
 *
 * A transferred line is named by SupplierPartID = the item's SKU (item_code) and SupplierPartAuxiliaryID =
 * "I<item id>-T<transfer id>": the item id rebuilds the variant on edit, the transfer id ties an OrderRequest line to
 * the transfer it came back from.
 */
import { BadRequest, Conflict, Forbidden, NotFound } from "@feathersjs/errors";
import type { HookContext } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { z } from "zod";
import { has, parsePermissions, type Caller } from "../auth/caller";
import { basketKey, EMPTY_BASKET, loadBasketState, parseOr400, type BasketState } from "./basket-session";
import { SavedBasketService } from "./baskets";
import { bodyOf, callerOf, json, money, requireCustomer, type Ctx, type ProviderParams } from "./base";
import { isRowIdText } from "./ids";
import type { OrderMailCtx } from "./orders/notifications";
import { placeStockOrderWithin, priceLines } from "./orders/placement";

// ---------------------------------------------------------------------------------------------------------------
// The auxiliary id

const AUX = /^I(\d{1,15})(?:-T(\d{1,15}))?$/;

/** "I<item id>-T<transfer id>" (decision 110). */
export const auxIdOf = (itemId: number, transferId: number) => `I${itemId}-T${transferId}`;

/** The item id and (when there) transfer id an auxiliary id names; null for any other text. */
export function parseAuxId(aux: string | null | undefined): { itemId: number; transferId: number | null } | null {
  const match = AUX.exec((aux ?? "").trim());
  if (!match) return null;
  return { itemId: Number(match[1]), transferId: match[2] === undefined ? null : Number(match[2]) };
}

// ---------------------------------------------------------------------------------------------------------------
// Items as basket and transfer lines

interface CatalogueItem {
  id: number;
  parent_id: number | null;
  matrix_type: string | null;
  display_name: string;
  item_code: string;
  price: unknown;
  default_image: string | null;
  images_json: string | null;
  size: string | null;
  leg_length: string | null;
  color: string | null;
  finish: string | null;
  logo: string | null;
  in_stock: unknown;
  is_inactive: unknown;
}

const ITEM_COLUMNS = [
  "id",
  "parent_id",
  "matrix_type",
  "display_name",
  "item_code",
  "price",
  "default_image",
  "images_json",
  "size",
  "leg_length",
  "color",
  "finish",
  "logo",
  "in_stock",
  "is_inactive",
];
const truthy = (v: unknown) => v === true || v === 1 || v === "1";

/** The variant's options, as the portal's basket lines carry them (app/domain/matrix.ts MATRIX_OPTIONS). */
function optionsOf(item: CatalogueItem): Record<string, string> | undefined {
  const entries = Object.entries({
    size: item.size,
    legLength: item.leg_length,
    color: item.color,
    finish: item.finish,
    logo: item.logo,
  }).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "");
  return entries.length ? Object.fromEntries(entries) : undefined;
}

const OPTION_LABELS: Record<string, string> = {
  size: "Size",
  legLength: "Leg length",
  color: "Colour",
  finish: "Finish",
  logo: "Logo",
};

/** "Hi-Vis Jacket (Size M, Colour Yellow)": the product's name and the variant's options. */
function describe(item: CatalogueItem, parent: CatalogueItem | undefined): string {
  const options = Object.entries(optionsOf(item) ?? {}).map(([k, v]) => `${OPTION_LABELS[k]} ${v}`);
  const name = parent?.display_name ?? item.display_name;
  return options.length ? `${name} (${options.join(", ")})` : name;
}

/**
 * Days to delivery a line is quoted with: the catalogue holds no lead times, so stock items are quoted 3 working
 * days and items made or bought to order 10 (decision 110).
 */
export const LEAD_TIME_DAYS = { inStock: 3, toOrder: 10 };

// ---------------------------------------------------------------------------------------------------------------
// Start: the edit / inspect lines as the session's basket

export interface ItemOut {
  supplierPartId: string;
  supplierPartAuxiliaryId?: string;
  quantity: number;
  description?: string;
}

export interface UnknownItem {
  supplierPartId: string;
  supplierPartAuxiliaryId: string | null;
  description: string | null;
}

/**
 * The ItemOut lines that name an orderable catalogue item — by the auxiliary id's item whose SKU is the
 * SupplierPartID, else (a line this portal did not write) by the SKU alone — as basket lines; the others are
 * answered as unknown. Quantities of one item add up, at most the basket's 99 a line.
 */
export async function basketFromItems(
  db: Knex,
  items: readonly ItemOut[],
): Promise<{ state: BasketState; unknownItems: UnknownItem[] }> {
  const auxIds = items
    .map((i) => parseAuxId(i.supplierPartAuxiliaryId)?.itemId)
    .filter((id): id is number => id !== undefined);
  const codes = items.map((i) => i.supplierPartId.trim());
  const rows: CatalogueItem[] = items.length
    ? await db("items")
        .where((w) => {
          w.whereIn("id", auxIds.length ? auxIds : [-1]).orWhereIn("item_code", codes);
        })
        .orderBy("id")
        .select(ITEM_COLUMNS)
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const orderable = (r: CatalogueItem | undefined) =>
    !!r && !truthy(r.is_inactive) && r.matrix_type !== "parent" && r.price != null;
  const state: BasketState = structuredClone(EMPTY_BASKET);
  const unknownItems: UnknownItem[] = [];
  const parentIds = rows.map((r) => r.parent_id).filter((id): id is number => id != null);
  const parents: CatalogueItem[] = parentIds.length
    ? await db("items")
        .whereIn("id", [...new Set(parentIds)])
        .select(ITEM_COLUMNS)
    : [];
  const parentById = new Map(parents.map((r) => [r.id, r]));
  for (const line of items) {
    const aux = parseAuxId(line.supplierPartAuxiliaryId);
    const code = line.supplierPartId.trim().toLowerCase();
    const item = aux ? byId.get(aux.itemId) : rows.find((r) => r.item_code.toLowerCase() === code && orderable(r));
    if (!item || item.item_code.toLowerCase() !== code || !orderable(item)) {
      unknownItems.push({
        supplierPartId: line.supplierPartId,
        supplierPartAuxiliaryId: line.supplierPartAuxiliaryId ?? null,
        description: line.description ?? null,
      });
      continue;
    }
    const existing = state.stock.find((l) => l.productId === String(item.id));
    if (existing) {
      existing.qty = Math.min(99, existing.qty + line.quantity);
      continue;
    }
    const parent = item.parent_id == null ? undefined : parentById.get(item.parent_id);
    const images = json<Record<string, string[]>>(item.images_json ?? parent?.images_json, {});
    state.stock.push({
      productId: String(item.id),
      parentId: String(item.parent_id ?? item.id),
      qty: Math.min(99, line.quantity),
      name: item.display_name,
      price: Number(item.price),
      thumbnail: item.default_image ?? parent?.default_image ?? Object.values(images)[0]?.[0] ?? null,
      ...(optionsOf(item) && { options: optionsOf(item) }),
    });
  }
  return { state, unknownItems };
}

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

/** The caller's open-or-ended punchout session (the one its provider session was opened for), else 404. */
async function sessionOf(db: Knex, caller: Caller): Promise<SessionRow> {
  const id = caller.punchoutSession;
  if (!id || !isRowIdText(id)) throw new NotFound(NOT_PUNCHOUT);
  const row: SessionRow | undefined = await db("punchout_sessions as s")
    .join("punchout_profiles as p", "p.id", "s.profile_id")
    .where({ "s.id": Number(id), "s.auth_session_id": caller.sessionId })
    .first(
      "s.id",
      "s.profile_id",
      "s.customer_id",
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
    );
  if (!row) throw new NotFound(NOT_PUNCHOUT);
  return row;
}

function answerOf(s: SessionRow, state: string, transferId: number | null, lines: TransferLine[], extra: object = {}) {
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
async function endSession(trx: Knex, s: SessionRow, caller: Caller, state: string, now: Date): Promise<boolean> {
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
async function transferLines(db: Knex, basket: BasketState, transferId: number): Promise<TransferLine[]> {
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

const emptyBody = z.object({}).strict();

/** POST /api/punchout/transfer {} and GET /api/punchout/transfer. */
export class PunchoutTransferService {
  constructor(private ctx: Ctx) {}

  async create(data: unknown, params: ProviderParams) {
    parseOr400(emptyBody, bodyOf(data));
    const caller = callerOf(params);
    const { db } = this.ctx;
    const s = await sessionOf(db, caller);
    if (s.state !== "open") throw new Conflict(ENDED);
    const key = basketKey(caller, s.customer_id);
    const basket = await loadBasketState(db, key);
    if (!basket.stock.some((l) => l.qty > 0)) throw new BadRequest(EMPTY);
    const now = this.ctx.now();
    const needsApproval = truthy(s.needs_approval);
    // priced now, so a refusal (a product gone, a quantity rule) is a 400 before anything is written
    await transferLines(db, basket, 0);

    // awaiting approval: the punched-out saved basket is made first, by the saved-basket service itself, and taken
    // back if this transfer loses the race
    let savedBasketId: number | null = null;
    if (needsApproval) {
      const saved = await new SavedBasketService(this.ctx).create(
        {
          newBasketName: `Punchout basket – ${s.buyer_cookie ?? `session ${s.id}`}`.slice(0, 200),
          address_id: s.default_address_id == null ? null : String(s.default_address_id),
          items: basket.stock
            .filter((l) => l.qty > 0)
            .map((l) => ({
              productId: l.productId,
              parentId: l.parentId ?? null,
              qty: l.qty,
              thumbnail: l.thumbnail ?? null,
            })),
        },
        { caller: { ...caller, customerId: s.customer_id } },
      );
      savedBasketId = Number((saved as { id: unknown }).id);
    }
    const state = needsApproval ? "awaiting-approval" : "transferred";
    let result: { transferId: number; lines: TransferLine[] } | null;
    try {
      result = await db.transaction(async (trx) => {
        if (!(await endSession(trx, s, caller, state, now))) return null;
        const [row] = await trx("punchout_transfers")
          .insert({
            session_id: s.id,
            customer_id: s.customer_id,
            user_id: caller.userId,
            lines_json: "[]",
            total: 0,
            status: state,
            saved_basket_id: savedBasketId,
            created_at: now.toISOString(),
          })
          .returning("id");
        const transferId = Number(typeof row === "object" && row !== null ? (row as { id: number }).id : row);
        const lines = await transferLines(trx, basket, transferId);
        const totalPence = lines.reduce((sum, l) => sum + l.unitPricePence * l.quantity, 0);
        await trx("punchout_transfers")
          .where("id", transferId)
          .update({ lines_json: JSON.stringify(lines), total: money(totalPence / 100) });
        return { transferId, lines };
      });
    } catch (error) {
      if (savedBasketId != null) await dropSavedBasket(db, savedBasketId);
      throw error;
    }
    if (!result) {
      if (savedBasketId != null) await dropSavedBasket(db, savedBasketId);
      throw new Conflict(ENDED);
    }
    return answerOf(
      s,
      state,
      result.transferId,
      result.lines,
      needsApproval ? { savedBasketId: String(savedBasketId) } : {},
    );
  }

  async find(params: ProviderParams) {
    return listTransfers(this.ctx.db, callerOf(params), params.query ?? {});
  }
}

async function dropSavedBasket(db: Knex, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    await trx("saved_basket_items").where("basket_id", id).delete();
    await trx("saved_baskets").where("id", id).delete();
  });
}

/** POST /api/punchout/cancel {} — ends the session and returns an empty basket. */
export class PunchoutCancelService {
  constructor(private ctx: Ctx) {}
  async create(data: unknown, params: ProviderParams) {
    parseOr400(emptyBody, bodyOf(data));
    const caller = callerOf(params);
    const s = await sessionOf(this.ctx.db, caller);
    if (s.state !== "open") throw new Conflict(ENDED);
    const now = this.ctx.now();
    const won = await this.ctx.db.transaction((trx) => endSession(trx, s, caller, "cancelled", now));
    if (!won) throw new Conflict(ENDED);
    return answerOf(s, "cancelled", null, []);
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The customer's transfers

const listQuery = z
  .object({
    $limit: z.coerce.number().int().min(0).max(100).default(20),
    $skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
    customerId: z.string().optional(),
  })
  .strict();

async function listTransfers(db: Knex, caller: Caller, query: unknown) {
  if (!caller.isEvolveUser && !has(caller, "viewOrderHistory"))
    throw new Forbidden("Viewing order history is not allowed for this account");
  const customerId = requireCustomer(caller);
  const q = parseOr400(listQuery, query);
  const all = caller.isEvolveUser || has(caller, "viewAllOrders") || has(caller, "orderApproval");
  const base = () => {
    const qb = db("punchout_transfers as t").where("t.customer_id", customerId);
    if (!all) qb.where("t.user_id", caller.userId);
    return qb;
  };
  const total = Number((await base().count({ n: "*" }).first())?.n ?? 0);
  const rows = await base()
    .join("punchout_sessions as s", "s.id", "t.session_id")
    .leftJoin("users as u", "u.id", "t.user_id")
    .leftJoin("orders as o", "o.id", "t.order_id")
    .orderBy([
      { column: "t.created_at", order: "desc" },
      { column: "t.id", order: "desc" },
    ])
    .limit(q.$limit)
    .offset(q.$skip)
    .select(
      "t.id",
      "t.created_at",
      "t.lines_json",
      "t.total",
      "t.status",
      "t.order_id",
      "s.buyer_cookie",
      "s.protocol",
      "u.id as user_id",
      "u.first_name",
      "u.last_name",
      "u.email",
      "o.tran_id",
    );
  return {
    total,
    limit: q.$limit,
    skip: q.$skip,
    data: rows.map((r: any) => ({
      id: String(r.id),
      createdAt: r.created_at,
      user:
        r.user_id == null
          ? null
          : { id: String(r.user_id), firstName: r.first_name, lastName: r.last_name, email: r.email },
      buyerCookie: r.buyer_cookie ?? null,
      protocol: r.protocol,
      status: r.status,
      totalPence: Math.round(Number(r.total) * 100),
      lines: json<TransferLine[]>(r.lines_json, []).map((l) => ({
        description: l.description,
        supplierPartId: l.supplierPartId,
        quantity: l.quantity,
        unitPricePence: l.unitPricePence,
      })),
      orderId: r.order_id == null ? null : String(r.order_id),
      orderNumber: r.tran_id ?? null,
    })),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The OrderRequest

interface ProfileForOrder {
  id: number;
  customer_id: number;
  user_id: number;
  default_address_id: number | null;
}

interface OrderRequestBody {
  orderId: string;
  payloadId: string;
  comments?: string;
  shipTo?: {
    addressId?: string;
    name?: string;
    deliverTo?: string[];
    street?: string[];
    city?: string;
    postalCode?: string;
  };
  items: Array<{ lineNumber: number; supplierPartId: string; supplierPartAuxiliaryId?: string; quantity: number }>;
}

/** The profile user's caller in the profile's customer, inside the transfer's punchout session (decision 110). */
async function profileCaller(db: Knex, profile: ProfileForOrder, sessionId: number): Promise<Caller> {
  const row = await db("user_customers as uc")
    .join("users as u", "u.id", "uc.user_id")
    .where({ "uc.user_id": profile.user_id, "uc.customer_id": profile.customer_id })
    .first(
      "uc.contact_id",
      "uc.permissions_json",
      "uc.is_approver",
      "uc.needs_approval",
      "uc.wp_contact_only",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.is_inactive",
    );
  if (!row || row.is_inactive) throw new Forbidden("This punchout profile is no longer active");
  return {
    sessionId: 0,
    userId: profile.user_id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    isEvolveUser: false,
    isEnhancedUser: false,
    isSuperUser: false,
    customerId: profile.customer_id,
    contactId: row.contact_id,
    permissions: parsePermissions(row.permissions_json),
    isApprover: truthy(row.is_approver),
    needsApproval: truthy(row.needs_approval),
    wpContactOnly: truthy(row.wp_contact_only),
    punchoutSession: String(sessionId),
  };
}

/** The ShipTo as the order's typed address; 400 naming what is missing. */
function customAddressOf(shipTo: NonNullable<OrderRequestBody["shipTo"]>) {
  const street = (shipTo.street ?? []).filter((s) => s.trim() !== "");
  if (!street.length)
    throw new BadRequest('Invalid value at field "shipTo.street": the ShipTo address needs a street', {
      field: "shipTo.street",
    });
  if (!shipTo.city)
    throw new BadRequest('Invalid value at field "shipTo.city": the ShipTo address needs a city', {
      field: "shipTo.city",
    });
  if (!shipTo.postalCode || shipTo.postalCode.trim().length < 2) {
    throw new BadRequest('Invalid value at field "shipTo.postalCode": the ShipTo address needs a postcode', {
      field: "shipTo.postalCode",
    });
  }
  const addressee = shipTo.deliverTo?.find((d) => d.trim() !== "") ?? shipTo.name;
  return {
    label: (shipTo.name || street[0]).slice(0, 200),
    ...(addressee && { addressee: addressee.slice(0, 200) }),
    addr1: street[0],
    ...(street.length > 1 && { addr2: street.slice(1).join(", ").slice(0, 200) }),
    city: shipTo.city,
    zip: shipTo.postalCode,
  };
}

const lineField = (i: number) => `items.${i}`;

/**
 * Places the order an OrderRequest asks for, once. Every line must name a line of one transfer of the profile's
 * customer (by its auxiliary id), at most the quantity transferred; it is priced at the transferred price, delivered
 * to the ShipTo (typed) or the profile's default address, and placed as the profile's user. The same orderID and
 * payloadID again answer the order already made (duplicate: true); the same orderID with another payloadID is a 409.
 */
export async function placeOrderRequest(ctx: OrderMailCtx, profile: ProfileForOrder, body: OrderRequestBody) {
  const { db } = ctx;
  const already = async () => {
    const row = await db("punchout_transfers as t")
      .leftJoin("orders as o", "o.id", "t.order_id")
      .where({ "t.customer_id": profile.customer_id, "t.order_request_id": body.orderId })
      .first("t.order_payload_id", "t.order_id", "o.tran_id");
    if (!row) return null;
    if (row.order_payload_id !== body.payloadId) {
      throw new Conflict(`Order ${body.orderId} was already received with another payloadID`, { field: "payloadId" });
    }
    return { orderId: String(row.order_id), orderNumber: row.tran_id as string, duplicate: true };
  };
  const duplicateOrRefused = async () => {
    const made = await already();
    if (made) return made;
    throw new Conflict("This transferred basket has already been ordered");
  };
  const before = await already();
  if (before) return before;

  // every line names one transfer of this customer
  const refs = body.items.map((line, i) => {
    const aux = parseAuxId(line.supplierPartAuxiliaryId);
    if (!aux || aux.transferId == null) {
      throw new BadRequest(`Line ${line.lineNumber} (${line.supplierPartId}) was not transferred from this portal`, {
        field: `${lineField(i)}.supplierPartAuxiliaryId`,
      });
    }
    return { ...aux, transferId: aux.transferId, line, i };
  });
  const transferId = refs[0].transferId;
  const other = refs.find((r) => r.transferId !== transferId);
  if (other)
    throw new BadRequest(
      `Line ${other.line.lineNumber} (${other.line.supplierPartId}) is from another transferred basket: one order orders one basket`,
      { field: `${lineField(other.i)}.supplierPartAuxiliaryId` },
    );
  const transfer = await db("punchout_transfers").where({ id: transferId, customer_id: profile.customer_id }).first();
  if (!transfer)
    throw new BadRequest(
      `Line ${refs[0].line.lineNumber} (${refs[0].line.supplierPartId}) was not transferred from this portal`,
      { field: `${lineField(0)}.supplierPartAuxiliaryId` },
    );
  if (transfer.status === "awaiting-approval")
    throw new BadRequest("This basket is awaiting approval in the portal and was not returned for ordering");
  // ordered since the check above, perhaps by this very request sent twice at once: that is a duplicate
  if (transfer.status !== "transferred") return duplicateOrRefused();

  const transferred = json<TransferLine[]>(transfer.lines_json, []);
  const ordered = new Map<number, number>();
  for (const r of refs) {
    const line = transferred.find(
      (l) =>
        Number(l.itemId) === r.itemId && l.supplierPartId.toLowerCase() === r.line.supplierPartId.trim().toLowerCase(),
    );
    if (!line)
      throw new BadRequest(`Line ${r.line.lineNumber} (${r.line.supplierPartId}) was not in the transferred basket`, {
        field: `${lineField(r.i)}.supplierPartId`,
      });
    const qty = (ordered.get(r.itemId) ?? 0) + r.line.quantity;
    if (qty > line.quantity) {
      throw new BadRequest(
        `Line ${r.line.lineNumber} (${r.line.supplierPartId}) orders ${qty}, more than the ${line.quantity} transferred`,
        { field: `${lineField(r.i)}.quantity` },
      );
    }
    ordered.set(r.itemId, qty);
  }
  const rates = new Map(transferred.map((l) => [Number(l.itemId), l.unitPricePence / 100]));
  const caller = await profileCaller(db, profile, transfer.session_id);
  const now = ctx.now();
  const order = {
    orderType: "standard",
    items: [...ordered].map(([internalId, qty]) => ({ internalId, qty })),
    ...(body.shipTo ? { customAddress: customAddressOf(body.shipTo) } : { addressId: profile.default_address_id }),
    otherRefNum: body.orderId.slice(0, 100),
    ...(body.comments && { deliveryInstructions: body.comments.slice(0, 2000) }),
  };
  try {
    const placed = await db.transaction(async (trx) => {
      // the conditional update decides: of two OrderRequests for one transfer only one changes the row
      const won = await trx("punchout_transfers")
        .where({ id: transfer.id, status: "transferred" })
        .whereNull("order_request_id")
        .update({
          status: "ordered",
          order_request_id: body.orderId,
          order_payload_id: body.payloadId,
          ordered_at: now.toISOString(),
        });
      if (won !== 1) return null;
      const orderId = await placeStockOrderWithin(ctx, trx, caller, profile.customer_id, order, {
        rates,
        addressChosenByProvider: true,
      });
      await trx("punchout_transfers").where("id", transfer.id).update({ order_id: orderId });
      const tran = await trx("orders").where("id", orderId).first("tran_id");
      return { orderId: String(orderId), orderNumber: tran.tran_id as string, duplicate: false };
    });
    if (placed) return placed;
  } catch (error) {
    const code = (error as { code?: unknown } | null | undefined)?.code;
    if (!(code === "23505" || String(code).startsWith("SQLITE_CONSTRAINT"))) throw error;
  }
  // lost a race: the same request again is answered as a duplicate, anything else is refused
  return duplicateOrRefused();
}

/** After hook: a duplicate OrderRequest is answered 200, a new order 201. */
export function duplicateIs200(context: HookContext): void {
  if ((context.result as { duplicate?: boolean } | undefined)?.duplicate)
    context.http = { ...context.http, status: 200 };
}

/**
 * The UNSPSC code of each item (a variant shares its product's class_id): its category's code, else the nearest
 * ancestor category's, else null (decision 107). A handful of queries whatever the number of items.
 */
export async function unspscForItems(db: Knex, itemIds: readonly number[]): Promise<Map<number, string | null>> {
  const items: Array<{ id: number; class_id: number | null }> = itemIds.length
    ? await db("items")
        .whereIn("id", [...new Set(itemIds)])
        .select("id", "class_id")
    : [];
  const categories = new Map<number, { parent_id: number | null; unspsc: string | null }>();
  let wanted = [...new Set(items.map((i) => i.class_id).filter((c): c is number => c != null))];
  for (let depth = 0; wanted.length && depth < 20; depth++) {
    const rows: Array<{ id: number; parent_id: number | null; unspsc: string | null }> = await db("categories")
      .whereIn("id", wanted)
      .select("id", "parent_id", "unspsc");
    for (const r of rows) categories.set(r.id, { parent_id: r.parent_id, unspsc: r.unspsc });
    wanted = [
      ...new Set(
        rows.filter((r) => !r.unspsc && r.parent_id != null && !categories.has(r.parent_id)).map((r) => r.parent_id!),
      ),
    ];
  }
  const codeOf = (categoryId: number | null): string | null => {
    for (let id = categoryId, depth = 0; id != null && depth < 20; depth++) {
      const category = categories.get(id);
      if (!category) return null;
      if (category.unspsc) return category.unspsc;
      id = category.parent_id;
    }
    return null;
  };
  return new Map(items.map((i) => [i.id, codeOf(i.class_id)]));
}
