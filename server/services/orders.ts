import { randomBytes } from "node:crypto";
import { BadRequest, Conflict, Forbidden, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { canApprove, has, type Caller } from "../auth/caller";
import type { QuerySpec } from "../query/dialect";
import { containsPattern, countOf, pageOf, wherePrefix, type Page, type ParsedQuery } from "../query/dialect";
import { isPostgres } from "../db/knex";
import { parseOr400 } from "./basket-session";
import { amendDeliveryAddress, isAddressAmendment } from "./order-address";
import { claimBasketVersion, loadBasketState, saveBasketState } from "./basket-session";
import { addressPolicy, requireAddressChoice, requireAddressTyping, type AddressPolicy, type AddressUse } from "./address-rules";
import { deliveryAvailability, deliveryRefusal } from "./delivery-rules";
import { bodyOf, byKey, callerOf, idOf, json, ListService, money, requireCustomer, requireOrdering, scopeOf, str, type Ctx, type ListDef, type ProviderParams } from "./base";

export const PENDING_APPROVAL = "Pending Approval";
export const PENDING_FULFILLMENT = "Pending Fulfillment";
export const WEARER_PACK_TYPE = 1;
const STOCK_TYPE = 2;
const VAT_RATE = 0.2;
const MAX_QTY = 99;

// ---------------------------------------------------------------- visibility

/** Orders routed to this approver: awaiting or already decided. */
function whereRoutedTo(qb: Knex.QueryBuilder, caller: Caller): void {
  if (!canApprove(caller)) {
    qb.whereRaw("1 = 0");
    return;
  }
  qb.where((w) => w.where("orders.pending_web_approval", true).orWhereNotNull("orders.decision"))
    .where((w) => w.where("orders.approver_user_id", caller.userId).orWhereNull("orders.approver_user_id"))
    .whereNot("orders.placed_by_user_id", caller.userId);
}

/** Orders of the caller's customer the caller may see: own, all with viewAllOrders, or routed to them. */
function visibleOrders(db: Knex, caller: Caller, opts: { toApprove?: boolean; customerTest?: boolean; from?: Knex.QueryBuilder } = {}): Knex.QueryBuilder {
  const q = opts.from ?? db("orders");
  const customerId = scopeOf(caller);
  if (customerId != null && opts.customerTest !== false) q.where("orders.customer_id", customerId);
  if (opts.toApprove) whereRoutedTo(q, caller);
  else if (!caller.isEvolveUser && !has(caller, "viewAllOrders")) {
    if (canApprove(caller)) q.where((w) => w.where("orders.placed_by_user_id", caller.userId).orWhere((r) => whereRoutedTo(r, caller)));
    else q.where("orders.placed_by_user_id", caller.userId);
  }
  return q;
}

// ---------------------------------------------------------------- shape

const orderQuerySpec: QuerySpec = {
  fields: {
    internalId: { type: "int", column: "orders.id", sortable: true },
    tranId: { type: "string", column: "orders.tran_id", sortable: true },
    otherRefNum: { type: "string", column: "orders.other_ref_num", sortable: true },
    createdDate: { type: "date", column: "orders.created_date", sortable: true },
    shipDate: { type: "string", column: "orders.ship_date", sortable: true, ops: ["eq", "$gte", "$lte", "$ne"] },
    orderStatus: { type: "string", column: "orders.order_status", sortable: true },
    status: { type: "string", column: "orders.order_status", sortable: true },
    subTotal: { type: "number", column: "orders.sub_total", sortable: true },
    salesOrderTypeId: { type: "int", column: "orders.sales_order_type_id" },
    contactId: { type: "int", column: "orders.contact_id" },
    webRejected: { type: "bool", column: "orders.web_rejected" },
    pendingWebApproval: { type: "bool", column: "orders.pending_web_approval" },
    decision: { type: "string", column: "orders.decision" },
    depot: {
      type: "int",
      ops: ["eq", "$in"],
      filter: (qb, _op, value) => {
        const ids = (Array.isArray(value) ? value : [value]) as number[];
        // single-address orders carry ship_address_id; only multi-address ones need their ship groups
        qb.where((w) =>
          w.whereIn("orders.ship_address_id", ids).orWhere((m) =>
            m.whereNull("orders.ship_address_id").whereIn("orders.id", (sub) => sub.from("order_ship_groups").whereIn("address_id", ids).select("order_id")),
          ),
        );
      },
    },
  },
  extras: { orderToApprove: "bool", includeExtraData: "bool", employees: "intList", departments: "intList", orderedBy: "string" },
  defaultSort: [["orders.created_date", "desc"]],
  tieBreaker: "orders.id",
};

/**
 * orderedBy: the contact's name contains the text, or the reference / tranId starts with it ("100123" also
 * finds SO100123). Two sets of index seeks — orders of matching contacts (contacts belong to one customer)
 * and a union of tranId / reference prefix ranges — never a scan of the customer's orders (decision 041).
 */
function orderedByParts(text: string, customerId: number | null, contacts: number[]) {
  // distinct prefixes never match the same string unless one extends the other ("SO1" / "SO12" cannot both
  // arise: the set is the text, its upper case, and SO+digits for all-digit text)
  const prefixes = new Set([text, text.toUpperCase()]);
  if (/^\d+$/.test(text)) prefixes.add(`SO${text}`);
  const arms: Array<[string, string]> = [];
  for (const column of ["tran_id", "other_ref_num"]) for (const prefix of prefixes) arms.push([column, prefix]);
  // one arm per range, each read from its (column, customer_id, contact_id) index alone; the unary + keeps
  // SQLite from preferring the customer index for the customer test
  const refs = (sub: Knex.QueryBuilder, opts: { otherContacts?: boolean } = {}) => {
    arms.forEach(([column, prefix], i) => {
      const arm = (q: Knex.QueryBuilder) => {
        q.from("orders").select("orders.id").where((w) => wherePrefix(w, `orders.${column}`, prefix));
        if (customerId != null) q.whereRaw("+orders.customer_id = ?", [customerId]);
        if (opts.otherContacts && contacts.length) q.where((w) => w.whereNotIn("orders.contact_id", contacts).orWhereNull("orders.contact_id"));
        // arms are disjoint (a reference arm skips orders a tranId arm has), so UNION ALL, which is far
        // cheaper than UNION's de-duplication on SQLite
        if (column === "other_ref_num") q.whereNot((w) => prefixes.forEach((p) => wherePrefix(w, "orders.tran_id", p)));
      };
      if (i === 0) arm(sub);
      else sub.unionAll((u) => arm(u));
    });
  };
  return { refs };
}

/** Contacts whose name contains the text, resolved first: a literal id list lets the planner use the contact index. */
async function matchingContacts(db: Knex, text: string, customerId: number | null): Promise<number[]> {
  const q = db("contacts").whereRaw("lower(contacts.first_name || ' ' || contacts.last_name) like ? escape '\\'", [containsPattern(text)]).limit(5000);
  if (customerId != null) q.where("contacts.customer_id", customerId);
  return (await q.pluck("contacts.id")) as number[];
}

function refsQuery(db: Knex, refs: ReturnType<typeof orderedByParts>["refs"]): Knex.QueryBuilder {
  const q = db.queryBuilder();
  refs(q, { otherContacts: true });
  return q;
}

export interface OrderOut {
  internalId: string;
  tranId: string;
  [key: string]: unknown;
}

function orderOut(r: any, caller: Caller): OrderOut {
  const total = money(Number(r.sub_total) + Number(r.shipping_cost) + Number(r.tax_total));
  const hasShipping = r.ship_addr1 || r.ship_addr_text || r.ship_addressee;
  return {
    internalId: String(r.id),
    tranId: r.tran_id,
    otherRefNum: r.other_ref_num ?? null,
    createdDate: r.created_date,
    shipDate: r.ship_date ?? null,
    orderStatus: r.order_status,
    status: r.order_status,
    salesOrderType: { internalId: String(r.sales_order_type_id) },
    isWearerPack: r.sales_order_type_id === WEARER_PACK_TYPE,
    subTotal: money(r.sub_total),
    shippingCost: money(r.shipping_cost),
    taxTotal: money(r.tax_total),
    total,
    contact: { internalId: str(r.contact_id), name: r.contact_name },
    placedBy: r.placed_by_user_id == null ? null : { id: r.placed_by_user_id },
    employee: r.employee_contact_id == null ? null : { internalId: String(r.employee_contact_id) },
    department: r.department_id == null ? null : { internalId: String(r.department_id) },
    shippingAddress: hasShipping
      ? { internalId: str(r.ship_address_id), addressee: r.ship_addressee ?? null, addr1: r.ship_addr1 ?? "", addr2: r.ship_addr2 ?? "", city: r.ship_city ?? "", zip: r.ship_zip ?? "", addrText: r.ship_addr_text ?? "" }
      : null,
    shippingMethod: r.shipping_method_id == null ? null : { internalId: String(r.shipping_method_id) },
    message: r.message ?? null,
    paymentMethod: { internalId: String(r.payment_method_id ?? 0) },
    stripeId: r.stripe_id ?? null,
    stripePaid: !!r.stripe_paid,
    webRejected: !!r.web_rejected,
    pendingWebApproval: !!r.pending_web_approval,
    rejectionNote: r.rejection_note ?? null,
    pickingNote: r.picking_note ?? null,
    orderToApprove: !!r.pending_web_approval && canApprove(caller) && r.placed_by_user_id !== caller.userId && (r.approver_user_id == null || r.approver_user_id === caller.userId),
    approval: r.decision ? { decision: r.decision, decidedAt: r.decided_at, decidedBy: r.decided_by_user_id == null ? null : { id: r.decided_by_user_id } } : null,
  };
}

const lineOut = (l: any) => ({
  line: l.line_no,
  item: { internalId: str(l.item_id), name: l.name },
  parent: l.parent_item_id == null ? null : { internalId: String(l.parent_item_id) },
  itemId: l.item_code ?? null,
  quantity: l.quantity,
  quantityFulfilled: l.quantity_fulfilled,
  rate: money(l.rate),
  amount: money(l.amount),
  employee: l.employee_contact_id == null ? null : { internalId: String(l.employee_contact_id) },
  shipAddress: l.ship_address_id == null && !l.ship_address_name ? null : { internalId: str(l.ship_address_id), name: l.ship_address_name ?? null },
});

const shipGroupOut = (g: any) => ({
  id: String(g.id),
  destinationAddressRef: { internalId: str(g.address_id) },
  destinationAddress: g.address_text,
  addressName: g.address_name ?? null,
  shippingMethod: g.shipping_method_id == null ? null : { internalId: String(g.shipping_method_id) },
  shippingCost: money(g.shipping_cost),
});

const despatchOut = (d: any, lines: any[], order?: { id: number; tran_id: string }) => ({
  internalId: String(d.id),
  tranId: d.tran_id,
  createdDate: d.created_date,
  carrier: d.carrier ?? null,
  trackingNumber: d.tracking_number ?? null,
  status: d.status,
  order: order ? { internalId: String(order.id), tranId: order.tran_id } : { internalId: String(d.order_id) },
  lines: lines.map((l) => ({ item: { internalId: str(l.item_id), name: l.name }, quantity: l.quantity, orderLine: str(l.order_line_id) })),
});

/** Lines, ship groups (and despatches) for a page of orders: one whereIn each, never a query per order. */
async function attachDetails(db: Knex, orders: OrderOut[], withDespatches: boolean): Promise<void> {
  if (!orders.length) return;
  const ids = orders.map((o) => Number(o.internalId));
  const [lines, groups, despatches] = await Promise.all([
    db("order_lines").whereIn("order_id", ids).orderBy(["order_id", "line_no", "id"]),
    db("order_ship_groups").whereIn("order_id", ids).orderBy(["order_id", "id"]),
    withDespatches ? db("despatches").whereIn("order_id", ids).orderBy(["order_id", "created_date", "id"]) : Promise.resolve([]),
  ]);
  const despatchLines = despatches.length ? await db("despatch_lines").whereIn("despatch_id", despatches.map((d: any) => d.id)).orderBy("id") : [];
  const linesBy = byKey(lines, (l: any) => String(l.order_id));
  const groupsBy = byKey(groups, (g: any) => String(g.order_id));
  const despatchesBy = byKey(despatches, (d: any) => String(d.order_id));
  const dLinesBy = byKey(despatchLines, (l: any) => l.despatch_id);
  for (const o of orders) {
    const ls = linesBy.get(o.internalId) ?? [];
    o.itemList = { item: ls.map(lineOut) };
    o.totalQuantity = ls.reduce((n, l) => n + l.quantity, 0);
    o.shipGroupList = { shipGroup: (groupsBy.get(o.internalId) ?? []).map(shipGroupOut) };
    if (withDespatches) o.despatches = (despatchesBy.get(o.internalId) ?? []).map((d) => despatchOut(d, dLinesBy.get(d.id) ?? []));
  }
}

/** Visible orders with the list's extra filters; customerTest false only where another test implies the customer. */
function ordersBase(db: Knex, caller: Caller, parsed: ParsedQuery, customerTest = true, from?: Knex.QueryBuilder): Knex.QueryBuilder {
  const x = parsed.extras as { orderToApprove?: boolean; employees?: number[]; departments?: number[] };
  const q = visibleOrders(db, caller, { toApprove: x.orderToApprove === true, customerTest, from });
  if (x.employees?.length) {
    q.where((w) =>
      w.whereIn("orders.employee_contact_id", x.employees!).orWhereIn("orders.id", (s) => s.from("order_lines").whereIn("employee_contact_id", x.employees!).select("order_id")),
    );
  }
  if (x.departments?.length) q.whereIn("orders.department_id", x.departments);
  for (const c of parsed.conditions) c(q);
  return q;
}

function ordersDef(): ListDef<OrderOut> {
  return {
    what: "Order",
    idColumn: "orders.id",
    spec: orderQuerySpec,
    // ListService applies the parsed conditions itself
    base: (ctx, caller, parsed) => ordersBase(ctx.db, caller, { ...parsed, conditions: [] }),
    select: (qb) => qb.select("orders.*"),
    map: async (ctx, rows, caller, parsed) => {
      const out = rows.map((r) => orderOut(r, caller));
      if ((parsed.extras as any).includeExtraData) await attachDetails(ctx.db, out, false);
      return out;
    },
  };
}

// ---------------------------------------------------------------- placing

const idValue = z.union([z.string().regex(/^\d{1,15}$/), z.number().int().positive()]).transform(Number);
const orderLine = z.object({ internalId: idValue, qty: z.number().int() }).passthrough();
const customAddress = z
  .object({
    label: z.string().trim().max(200).optional(),
    addressee: z.string().trim().max(200).optional(),
    addr1: z.string().trim().min(1).max(200),
    addr2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1).max(100),
    zip: z.string().trim().min(2).max(20),
  })
  .strict();
const paymentMethod = z
  .object({
    paymentToken: z.string().max(500).optional(),
    cvc: z.string().max(10).optional(),
    custentitypayment_method: z.union([z.number().int(), z.string().regex(/^\d+$/)]).transform(Number),
    session: z.string().max(500).optional(),
  })
  .strict();
const common = {
  deliveryInstructions: z.string().max(2000).optional(),
  fullOrder: z.unknown().optional(),
  customAddress: customAddress.nullable().optional(),
  stripeId: z.string().max(200).nullable().optional(),
  stripePaid: z.boolean().optional(),
  paymentMethod: paymentMethod.nullable().optional(),
  otherRefNum: z.string().trim().max(100).optional(),
  punchoutSession: z.string().max(200).nullable().optional(),
  /** The live basket version the order is placed from (decision 074): spent once. */
  basketVersion: z.number().int().nonnegative().optional(),
};
const stockOrder = z
  .object({
    orderType: z.literal("standard"),
    items: z.array(orderLine).min(1, "at least one line is needed").max(200),
    addressId: idValue.nullable().optional(),
    shippingMethod: idValue.nullable().optional(),
    loadedBasket: z.unknown().optional(),
    punchoutLoadedBasket: z.unknown().optional(),
    savedItems: z.unknown().optional(),
    chosenBasket: z.union([idValue, z.string().max(100)]).nullable().optional(),
    ...common,
  })
  .strict();
const manpackOrder = z
  .object({
    orderType: z.literal("manpack"),
    packs: z
      .array(
        z.object({
          contactId: idValue,
          items: z.array(orderLine).min(1, "at least one line is needed").max(200),
          shippingMethod: idValue.nullable().optional(),
          addressId: idValue.nullable().optional(),
        }).strict(),
      )
      .min(1, "at least one pack is needed")
      .max(100),
    addressId: idValue.nullable().optional(),
    shippingMethod: idValue.nullable().optional(),
    ...common,
  })
  .strict();

type StockOrder = z.infer<typeof stockOrder>;
type ManpackOrder = z.infer<typeof manpackOrder>;

function bad(field: string, message: string): BadRequest {
  return new BadRequest(`Invalid value at field "${field}": ${message}`, { field });
}

export const BASKET_CHANGED = "Your basket changed since checkout was opened: check it and place the order again.";

/** Why a basket version cannot be spent: an order already placed from it, or a change since. */
async function basketSpent(db: Knex, userId: number, customerId: number, version: number): Promise<Conflict> {
  const placed = await db("orders").where({ placed_by_user_id: userId, customer_id: customerId, basket_version: version }).orderBy("id").first("tran_id");
  if (placed) return new Conflict(`This basket has already been ordered (${placed.tran_id}). Your basket is now empty.`, { field: "basketVersion", tranId: placed.tran_id });
  return new Conflict(BASKET_CHANGED, { field: "basketVersion" });
}

/**
 * The subtotal before VAT of basket lines at today's catalogue prices, as an order of them would be priced; lines
 * of products that cannot be ordered count nothing (the order itself refuses them).
 */
export async function pricedSubTotal(db: Knex, lines: ReadonlyArray<{ productId: string; qty: number }>): Promise<number> {
  const wanted = lines.filter((l) => l.qty > 0);
  if (!wanted.length) return 0;
  const items = await db("items").whereIn("id", [...new Set(wanted.map((l) => Number(l.productId)))]).where("is_inactive", false).whereNotNull("price");
  const price = new Map(items.map((i: any) => [String(i.id), Number(i.price)]));
  return money(wanted.reduce((sum, l) => sum + (price.has(l.productId) ? money(price.get(l.productId)! * l.qty) : 0), 0));
}

/** Prices and rules come from the items, never from the request. */
async function priceLines(trx: Knex, lines: Array<{ internalId: number; qty: number }>, prefix: string) {
  const items = await trx("items").whereIn("id", [...new Set(lines.map((l) => l.internalId))]);
  const byId = new Map(items.map((i: any) => [i.id, i]));
  const summed = new Map<number, { qty: number; index: number }>();
  lines.forEach((l, index) => {
    const prev = summed.get(l.internalId);
    summed.set(l.internalId, { qty: (prev?.qty ?? 0) + l.qty, index: prev?.index ?? index });
  });
  const priced = [];
  for (const [id, { qty, index }] of summed) {
    const item: any = byId.get(id);
    const field = `${prefix}${index}`;
    if (!item || item.is_inactive) throw bad(`${field}.internalId`, `product ${id} does not exist`);
    if (item.matrix_type === "parent") throw bad(`${field}.internalId`, `product ${id} needs a size/colour choice`);
    if (item.price == null) throw bad(`${field}.internalId`, `product ${id} has no price`);
    const step = item.quantity_step || 1;
    const min = item.minimum_sale_quantity || 1;
    if (qty < 1 || qty > MAX_QTY) throw bad(`${field}.qty`, `quantity must be between 1 and ${MAX_QTY}`);
    if (qty < min) throw bad(`${field}.qty`, `the minimum quantity of ${item.item_code} is ${min}`);
    if (qty % step !== 0) throw bad(`${field}.qty`, `${item.item_code} is sold in multiples of ${step}`);
    const rate = Number(item.price);
    priced.push({ item, qty, rate, amount: money(rate * qty) });
  }
  return priced;
}

interface Destination {
  id: number | null;
  name: string;
  addressee: string | null;
  addr1: string;
  addr2: string;
  city: string;
  zip: string;
  text: string;
}

interface AddressRequest {
  policy: AddressPolicy;
  use: AddressUse;
  addressId: number | null | undefined;
  custom: z.infer<typeof customAddress> | null | undefined;
  field: string;
}

/** The order's destination, by SPEC §6 (decision 075): an address the caller may choose, or one they may type. */
async function resolveAddress(trx: Knex, caller: Caller, customerId: number, r: AddressRequest, now: Date): Promise<Destination> {
  const { addressId, custom, field } = r;
  if (addressId != null) {
    const a = await trx("addresses").where({ id: addressId, customer_id: customerId, is_inactive: false }).first();
    if (!a) throw bad(field, `address ${addressId} is not one of this customer's delivery addresses`);
    requireAddressChoice(r.policy, r.use, a.id, field);
    return { id: a.id, name: a.label, addressee: a.addressee ?? null, addr1: a.addr1, addr2: a.addr2, city: a.city, zip: a.zip, text: a.addr_text };
  }
  if (custom) {
    requireAddressTyping(r.policy.rights, field);
    const text = [custom.addr1, custom.addr2, custom.city, custom.zip].filter(Boolean).join(", ");
    const row = { customer_id: customerId, kind: "custom", created_by_user_id: caller.userId, label: custom.label || custom.addr1, addressee: custom.addressee ?? null, addr1: custom.addr1, addr2: custom.addr2 ?? "", city: custom.city, zip: custom.zip, addr_text: text, created_at: now.toISOString() };
    const [inserted] = await trx("addresses").insert(row).returning("id");
    return { id: typeof inserted === "object" ? inserted.id : inserted, name: row.label, addressee: row.addressee, addr1: row.addr1, addr2: row.addr2, city: row.city, zip: row.zip, text };
  }
  throw bad(field, "a delivery address (addressId or customAddress) is required");
}

/** The ship method asked for, or by default the cheapest one these lines may use (decision 073). */
async function resolveCarriage(trx: Knex, customerId: number, id: number | null | undefined, field: string, lines: ReadonlyArray<{ amount: number }>) {
  const q = trx("carriage").where("is_inactive", false).where((w) => w.whereNull("customer_id").orWhere("customer_id", customerId));
  const subTotal = money(lines.reduce((s, l) => s + l.amount, 0));
  const row = id != null ? await q.where("id", id).first() : (await q.orderBy(["shipping_flat_rate_amount", "id"])).find((r: any) => deliveryAvailability(r, subTotal).available);
  if (!row) throw bad(field, id != null ? `shipping method ${id} is not available` : "no shipping method is available");
  return row;
}

export class OrderService extends ListService<OrderOut> {
  constructor(ctx: Ctx) {
    super(ctx, ordersDef());
  }

  /** With orderedBy: total = orders of matching contacts + reference matches of other contacts. */
  async find(params: ProviderParams): Promise<Page<OrderOut>> {
    const caller = callerOf(params);
    const parsed = this.parse(params, caller);
    const text = String(parsed.extras.orderedBy ?? "").trim();
    if (!text) return super.find(params);
    const db = this.ctx.db;
    const base = ordersBase(db, caller, parsed);
    const contacts = await matchingContacts(db, text, scopeOf(caller));
    const { refs } = orderedByParts(text, scopeOf(caller), contacts);
    const x = parsed.extras as Record<string, unknown>;
    // nothing but the customer restricts the list: the reference matches are counted from their indexes alone
    const plain = parsed.conditions.length === 0 && !x.orderToApprove && !(x.employees as unknown[])?.length && !(x.departments as unknown[])?.length && (caller.isEvolveUser || has(caller, "viewAllOrders"));
    const [byContact, byRef] = await Promise.all([
      // the matching contacts are the customer's, so no customer test: a seek on (contact_id, created_date)
      contacts.length ? countOf(ordersBase(db, caller, parsed, false).whereIn("orders.contact_id", contacts)) : Promise.resolve(0),
      plain
        ? countOf(db.from(refsQuery(db, refs).as("matches")))
        : countOf(base.clone().whereIn("orders.id", (sub) => refs(sub, { otherContacts: true }))),
    ]);
    const total = byContact + byRef;
    let rows: any[] = [];
    if (parsed.limit > 0 && total > parsed.skip) {
      // the two match sets are disjoint: take the first skip+limit of each (each on its own index), then
      // merge them — never materialise every match, never walk the whole date index
      const depth = { ...parsed, skip: 0, limit: parsed.skip + parsed.limit };
      const pages: Knex.QueryBuilder[] = [];
      if (byContact > 0) {
        // few: read them through the contact index and sort; many: walk the date index, they come soon
        const filtered = byContact <= 2000 ? ordersBase(db, caller, parsed, false) : base.clone();
        pages.push(pageOf(filtered.whereIn("orders.contact_id", contacts), depth, this.def.select));
      }
      if (byRef > 0) {
        // start from the reference matches (a CROSS JOIN keeps SQLite from walking the date index instead)
        const matches = refsQuery(db, refs).as("m");
        const from = isPostgres(db) ? db.from(matches).join("orders", "orders.id", "m.id") : db.from(matches).crossJoin("orders" as any, "orders.id", "m.id");
        pages.push(pageOf(ordersBase(db, caller, parsed, true, from), depth, this.def.select));
      }
      if (pages.length === 1) rows = await pageOf(db.from(pages[0].as("orders")), parsed, (q) => q.select("*"));
      else {
        const merged = db.queryBuilder().select("*").from(pages[0].as("a")).unionAll((u) => u.select("*").from(pages[1].as("b")));
        rows = await pageOf(db.from(merged.as("orders")), parsed, (q) => q.select("*"));
      }
    }
    return { total, limit: parsed.limit, skip: parsed.skip, data: await this.def.map(this.ctx, rows, caller, parsed) };
  }

  async get(id: unknown, params: ProviderParams): Promise<OrderOut> {
    // details (lines, ship groups, despatches) always come with a single order
    const order = await super.get(id, { ...params, query: {} });
    await attachDetails(this.ctx.db, [order], true);
    return order;
  }

  async create(data: unknown, params: ProviderParams): Promise<OrderOut> {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    const body = bodyOf(data);
    const isManpack = body.orderType === "manpack";
    if (body.orderType !== "standard" && !isManpack) throw bad("orderType", 'expected "standard" or "manpack"');
    requireOrdering(caller, isManpack ? "manpack" : "standard");
    const key = headerOf(params, "idempotency-key");
    if (key !== undefined && (key.length < 1 || key.length > 200)) throw bad("Idempotency-Key", "expected 1 to 200 characters");
    const db = this.ctx.db;
    // a replayed key answers the order it already made before the body is looked at: the retry of a checkout whose
    // order emptied the basket carries no lines any more, and must still land on that order
    if (key) {
      const existing = await db("orders").where({ placed_by_user_id: caller.userId, idempotency_key: key }).first("id");
      if (existing) return this.get(existing.id, params);
    }
    // a basket version an order was already placed from is refused before the body (which, its basket emptied by
    // that order, may carry no lines): the second tab learns the basket was ordered, not that it has no lines
    if (typeof body.basketVersion === "number") {
      const spent = await basketSpent(db, caller.userId, customerId, body.basketVersion);
      if (spent.data?.tranId) throw spent;
    }
    const order = isManpack ? parseOr400(manpackOrder, body) : parseOr400(stockOrder, body);
    let orderId: number;
    try {
      orderId = await db.transaction((trx) => this.place(trx, caller, customerId, order, key));
    } catch (error: any) {
      // the same key raced in from a second request (refused by the unique key, or by the basket version the first
      // one spent): answer the order the first one made
      if (key && (error?.code === "23505" || String(error?.code).startsWith("SQLITE_CONSTRAINT") || error instanceof Conflict)) {
        const existing = await db("orders").where({ placed_by_user_id: caller.userId, idempotency_key: key }).first("id");
        if (existing) return this.get(existing.id, params);
      }
      throw error;
    }
    return this.get(orderId, params);
  }

  private async place(trx: Knex.Transaction, caller: Caller, customerId: number, order: StockOrder | ManpackOrder, key: string | undefined): Promise<number> {
    const now = this.ctx.now();
    const unit = await trx("user_customers").where({ user_id: caller.userId, customer_id: customerId }).first();
    const contact = caller.contactId ? await trx("contacts").where("id", caller.contactId).first() : null;
    if (order.paymentMethod) {
      const customer = await trx("customers").where("id", customerId).first("payment_methods_json");
      const methods = json<Array<{ id: number }>>(customer?.payment_methods_json, [{ id: 0 }]);
      if (!methods.some((m) => m.id === order.paymentMethod!.custentitypayment_method)) {
        throw bad("paymentMethod.custentitypayment_method", "this payment method is not offered to the customer");
      }
    }

    // the live basket this order spends (decision 074): first, so a second order of it waits here and is refused
    if (order.basketVersion !== undefined && !(await claimBasketVersion(trx, caller.userId, customerId, order.basketVersion, now))) {
      throw await basketSpent(trx, caller.userId, customerId, order.basketVersion);
    }
    const policy = await addressPolicy(trx, caller, customerId);
    type Line = { item: any; qty: number; rate: number; amount: number; employee: number | null; dest: Destination };
    const lines: Line[] = [];
    // one delivery group per destination, charged its method's flat rate; field names the method's origin
    const groups = new Map<string, { dest: Destination; carriage: any; field: string }>();
    let employeeId: number | null = null;
    if (order.orderType === "standard") {
      const dest = await resolveAddress(trx, caller, customerId, { policy, use: "stock", addressId: order.addressId, custom: order.customAddress, field: "addressId" }, now);
      for (const l of await priceLines(trx, order.items, "items.")) lines.push({ ...l, employee: null, dest });
      const carriage = await resolveCarriage(trx, customerId, order.shippingMethod, "shippingMethod", lines);
      groups.set(`${dest.id}`, { dest, carriage, field: "shippingMethod" });
    } else {
      const contactIds = order.packs.map((p) => p.contactId);
      const wearers = await trx("contacts").whereIn("id", contactIds).where({ customer_id: customerId, is_inactive: false });
      const wearerIds = new Set(wearers.map((w: any) => w.id));
      for (const [i, pack] of order.packs.entries()) {
        if (!wearerIds.has(pack.contactId)) throw bad(`packs.${i}.contactId`, `contact ${pack.contactId} is not an active contact of this customer`);
        // SPEC §6: wp_contact_only limits the contacts to the user's own, for ordering as for listing
        if (caller.wpContactOnly && pack.contactId !== caller.contactId) {
          throw new Forbidden("This account orders wearer packs for its own contact only", { field: `packs.${i}.contactId` });
        }
        const dest = await resolveAddress(trx, caller, customerId, { policy, use: "wearerPack", addressId: pack.addressId ?? order.addressId, custom: order.customAddress, field: `packs.${i}.addressId` }, now);
        const packLines = (await priceLines(trx, pack.items, `packs.${i}.items.`)).map((l) => ({ ...l, employee: pack.contactId, dest }));
        lines.push(...packLines);
        // a default method is chosen for the pack's own lines; the group (this pack and later ones) only grows
        const carriage = await resolveCarriage(trx, customerId, pack.shippingMethod ?? order.shippingMethod, `packs.${i}.shippingMethod`, packLines);
        if (!groups.has(`${dest.id}`)) groups.set(`${dest.id}`, { dest, carriage, field: `packs.${i}.shippingMethod` });
      }
      employeeId = order.packs.length === 1 ? order.packs[0].contactId : null;
      await spendAllowances(trx, order.packs, lines, wearers);
    }

    // a delivery method's minimum order (decision 073) holds for the lines of its group, before VAT
    for (const [key, g] of groups) {
      const refusal = deliveryRefusal(g.carriage, money(lines.filter((l) => `${l.dest.id}` === key).reduce((s, l) => s + l.amount, 0)));
      if (refusal) throw bad(g.field, refusal);
    }

    const needsApproval = !!unit?.needs_approval && !caller.isEvolveUser;
    const subTotal = money(lines.reduce((s, l) => s + l.amount, 0));
    const shippingCost = money([...groups.values()].reduce((s, g) => s + Number(g.carriage.shipping_flat_rate_amount), 0));
    const taxTotal = money((subTotal + shippingCost) * VAT_RATE);
    const first = [...groups.values()][0];
    const contactName = contact ? `${contact.first_name} ${contact.last_name}`.trim() : `${caller.firstName} ${caller.lastName}`.trim();
    const otherRef = order.otherRefNum || null;
    const [inserted] = await trx("orders")
      .insert({
        tran_id: `PENDING-${randomBytes(8).toString("hex")}`,
        other_ref_num: otherRef,
        customer_id: customerId,
        placed_by_user_id: caller.userId,
        contact_id: caller.contactId,
        contact_name: contactName,
        employee_contact_id: employeeId,
        department_id: contact?.department_id ?? null,
        created_date: now.toISOString(),
        order_status: needsApproval ? PENDING_APPROVAL : PENDING_FULFILLMENT,
        sales_order_type_id: order.orderType === "manpack" ? WEARER_PACK_TYPE : STOCK_TYPE,
        sub_total: subTotal,
        shipping_cost: shippingCost,
        tax_total: taxTotal,
        shipping_method_id: first.carriage.id,
        ship_address_id: groups.size === 1 ? first.dest.id : null,
        ship_addressee: groups.size === 1 ? first.dest.addressee ?? first.dest.name : null,
        ship_addr1: groups.size === 1 ? first.dest.addr1 : null,
        ship_addr2: groups.size === 1 ? first.dest.addr2 : null,
        ship_city: groups.size === 1 ? first.dest.city : null,
        ship_zip: groups.size === 1 ? first.dest.zip : null,
        ship_addr_text: groups.size === 1 ? first.dest.text : null,
        message: order.deliveryInstructions ?? null,
        payment_method_id: order.paymentMethod?.custentitypayment_method ?? 0,
        stripe_id: order.stripeId ?? null,
        stripe_paid: order.stripePaid === true,
        pending_web_approval: needsApproval,
        approver_user_id: needsApproval ? unit?.approver_user_id ?? null : null,
        idempotency_key: key ?? null,
        basket_version: order.basketVersion ?? null,
        punchout_session: caller.punchoutSession,
      })
      .returning("id");
    const orderId: number = typeof inserted === "object" ? inserted.id : inserted;
    const tranId = `SO${100_000 + orderId}`;
    await trx("orders").where("id", orderId).update({ tran_id: tranId, search_text: `${contactName} ${otherRef ?? ""} ${tranId}`.toLowerCase() });
    await trx("order_lines").insert(
      lines.map((l, i) => ({
        order_id: orderId, line_no: i + 1, item_id: l.item.id, parent_item_id: l.item.parent_id ?? null, item_code: l.item.item_code,
        name: l.item.display_name, quantity: l.qty, rate: l.rate, amount: l.amount, employee_contact_id: l.employee,
        ship_address_id: l.dest.id, ship_address_name: l.dest.name, quantity_fulfilled: 0,
      })),
    );
    await trx("order_ship_groups").insert(
      [...groups.values()].map((g) => ({
        order_id: orderId, address_id: g.dest.id, address_name: g.dest.name, address_text: g.dest.text,
        shipping_method_id: g.carriage.id, shipping_cost: g.carriage.shipping_flat_rate_amount,
      })),
    );
    if (order.orderType === "standard" && order.chosenBasket != null && /^\d{1,15}$/.test(String(order.chosenBasket))) {
      // only a basket the caller may order from: their own, or (an approver) a punched-out one of the customer;
      // any other id is ignored, so nothing of a colleague's is written (decision 074)
      await trx("saved_baskets")
        .where({ id: Number(order.chosenBasket), customer_id: customerId })
        .where((w) => {
          w.where("user_id", caller.userId);
          if (canApprove(caller) || caller.isEvolveUser) w.orWhere("is_punchout", true);
        })
        .update({ checked_out: true, updated_at: now.toISOString() });
    }
    // the part of the live basket just ordered is emptied
    const basket = await loadBasketState(trx, caller.userId, customerId);
    if (order.orderType === "standard") basket.stock = [];
    else basket.manpack = [];
    await saveBasketState(trx, caller.userId, customerId, basket, now);
    if (needsApproval) await notifyApprovers(trx, customerId, unit?.approver_user_id ?? null, tranId, contactName, now);
    return orderId;
  }

  /** PATCH /api/order/:id {decision: 'approve'} | {decision: 'reject', note}. */
  async patch(id: unknown, data: unknown, params: ProviderParams): Promise<OrderOut> {
    const caller = callerOf(params);
    const body = bodyOf(data);
    const orderId = idOf(id, "Order");
    if (isAddressAmendment(body)) {
      await amendDeliveryAddress(this.ctx.db, caller, await visibleOrders(this.ctx.db, caller).where("orders.id", orderId).first(), body);
      return this.get(orderId, params);
    }
    const decision = parseOr400(
      z.discriminatedUnion("decision", [
        z.object({ decision: z.literal("approve"), note: z.string().max(2000).optional() }).strict(),
        z.object({ decision: z.literal("reject"), note: z.string().trim().min(1, "a rejection needs a note").max(2000) }).strict(),
      ]),
      body,
    );
    const order = await visibleOrders(this.ctx.db, caller).where("orders.id", orderId).first();
    if (!order) throw new NotFound(`Order '${orderId}' not found`);
    if (!canApprove(caller)) throw new Forbidden("Only an approver may decide orders");
    if (order.placed_by_user_id === caller.userId) throw new Forbidden("You cannot approve your own order");
    if (order.approver_user_id != null && order.approver_user_id !== caller.userId) throw new Forbidden("This order is routed to another approver");
    const now = this.ctx.now().toISOString();
    const changes =
      decision.decision === "approve"
        ? { order_status: PENDING_FULFILLMENT, pending_web_approval: false, decision: "approved", decided_at: now, decided_by_user_id: caller.userId, picking_note: decision.note ?? order.picking_note }
        : { order_status: "Closed", pending_web_approval: false, web_rejected: true, rejection_note: decision.note, decision: "rejected", decided_at: now, decided_by_user_id: caller.userId };
    // conditional update: of two concurrent decisions exactly one wins
    const updated = await this.ctx.db("orders").where({ id: orderId, pending_web_approval: true }).update(changes);
    if (updated === 0) {
      const current = await this.ctx.db("orders").where("id", orderId).first("decision");
      throw new Conflict(
        current?.decision ? `Order ${order.tran_id} has already been ${current.decision}` : `Order ${order.tran_id} is not awaiting approval`,
      );
    }
    return this.get(orderId, params);
  }
}

/**
 * Wearer-pack allowances (contact_budgets): a 'Points' budget is charged item_points × qty; otherwise the
 * budget whose type is the item's allocation_type is charged qty. Lines without a matching budget are free.
 * Over an allowance → 400 naming the pack; else used_qty grows, inside the order's transaction.
 */
async function spendAllowances(
  trx: Knex.Transaction,
  packs: Array<{ contactId: number }>,
  lines: Array<{ item: any; qty: number; employee: number | null }>,
  wearers: any[],
): Promise<void> {
  const budgets = await trx("contact_budgets").whereIn("contact_id", packs.map((p) => p.contactId));
  const spend = new Map<number, number>();
  for (const l of lines) {
    const mine = budgets.filter((b: any) => b.contact_id === l.employee);
    const points = mine.find((b: any) => b.type === "Points");
    const budget = points ?? mine.find((b: any) => b.type === l.item.allocation_type);
    if (!budget) continue;
    spend.set(budget.id, (spend.get(budget.id) ?? 0) + (points ? (l.item.item_points ?? 0) * l.qty : l.qty));
  }
  for (const [budgetId, amount] of spend) {
    const b: any = budgets.find((x: any) => x.id === budgetId);
    const left = b.qty - b.used_qty;
    // conditional: a concurrent order cannot spend the same allowance twice
    const charged = amount <= left && (await trx("contact_budgets").where("id", budgetId).whereRaw("used_qty + ? <= qty", [amount]).increment("used_qty", amount)) === 1;
    if (!charged) {
      const i = packs.findIndex((p) => p.contactId === b.contact_id);
      const w = wearers.find((x: any) => x.id === b.contact_id);
      throw bad(`packs.${i}.items`, `${w?.first_name ?? "the wearer"} ${w?.last_name ?? ""} has ${left} ${b.type} allowance left; this pack needs ${amount}`.replace("  ", " "));
    }
  }
}

async function notifyApprovers(trx: Knex, customerId: number, approverUserId: number | null, tranId: string, who: string, now: Date) {
  const approvers = await trx("user_customers as uc")
    .join("users as u", "u.id", "uc.user_id")
    .where({ "uc.customer_id": customerId, "uc.is_approver": true })
    .modify((q) => (approverUserId != null ? q.where("u.id", approverUserId) : q))
    .select("u.email");
  if (!approvers.length) return;
  await trx("outbox").insert(
    approvers.map((a: any) => ({
      to_email: a.email, kind: "approval", created_at: now.toISOString(),
      subject: `Order ${tranId} awaits your approval`, body: `${who} placed order ${tranId}. Review it at /order-to-approve.`,
    })),
  );
}

function headerOf(params: ProviderParams, name: string): string | undefined {
  const v = (params.headers as Record<string, string | string[] | undefined> | undefined)?.[name];
  return Array.isArray(v) ? v[0] : v;
}

// ---------------------------------------------------------------- despatches, re-order

/** GET /api/despatch (orderId) and /api/despatch/:id, visible through their order. */
export class DespatchService {
  constructor(private ctx: Ctx) {}
  private base(caller: Caller) {
    return this.ctx.db("despatches").whereIn("despatches.order_id", visibleOrders(this.ctx.db, caller).select("orders.id"));
  }
  private async out(rows: any[]) {
    const lines = rows.length ? await this.ctx.db("despatch_lines").whereIn("despatch_id", rows.map((r) => r.id)).orderBy("id") : [];
    const orders = rows.length ? await this.ctx.db("orders").whereIn("id", [...new Set(rows.map((r) => r.order_id))]).select("id", "tran_id") : [];
    const linesBy = byKey(lines, (l: any) => l.despatch_id);
    const orderBy = new Map(orders.map((o: any) => [o.id, o]));
    return rows.map((d) => despatchOut(d, linesBy.get(d.id) ?? [], orderBy.get(d.order_id)));
  }
  async find(params: ProviderParams) {
    const caller = callerOf(params);
    const { orderId, ...rest } = (params.query ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown) throw new BadRequest(`Invalid query parameter '${unknown}'`, { field: unknown });
    const q = this.base(caller).orderBy([{ column: "created_date", order: "desc" }, { column: "id", order: "desc" }]).limit(1000);
    if (orderId !== undefined) q.where("despatches.order_id", idOf(orderId, "Order"));
    const data = await this.out(await q);
    return { total: data.length, limit: 1000, skip: 0, data };
  }
  async get(id: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const key = idOf(id, "Despatch");
    const row = await this.base(caller).where("despatches.id", key).first();
    if (!row) throw new NotFound(`Despatch '${key}' not found`);
    return (await this.out([row]))[0];
  }
}

/** POST /api/re-order {orderId}: the order's lines as basket lines, without products that are gone. */
export class ReOrderService {
  constructor(private ctx: Ctx) {}
  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { orderId } = parseOr400(z.object({ orderId: idValue }).strict(), bodyOf(data));
    const db = this.ctx.db;
    const order = await visibleOrders(db, caller).where("orders.id", orderId).first();
    if (!order) throw new NotFound(`Order '${orderId}' not found`);
    const lines = await db("order_lines").where("order_id", orderId).orderBy(["line_no", "id"]);
    const items = await db("items").whereIn("id", lines.map((l: any) => l.item_id).filter((x: any) => x != null));
    const live = new Map(items.filter((i: any) => !i.is_inactive && i.price != null).map((i: any) => [i.id, i]));
    const dropped: Array<{ internalId: string | null; name: string }> = [];
    const basketLines: Array<{ employee: number | null; line: Record<string, unknown> }> = [];
    for (const l of lines) {
      const item: any = live.get(l.item_id);
      if (!item) {
        dropped.push({ internalId: str(l.item_id), name: l.name });
        continue;
      }
      const images = json<Record<string, string[]>>(item.images_json, {});
      basketLines.push({
        employee: l.employee_contact_id,
        line: {
          productId: String(item.id), parentId: String(item.parent_id ?? item.id), qty: Math.min(l.quantity, MAX_QTY), name: item.display_name,
          price: Number(item.price), thumbnail: item.default_image ?? Object.values(images)[0]?.[0] ?? null,
        },
      });
    }
    const isManpack = order.sales_order_type_id === WEARER_PACK_TYPE;
    const result: Record<string, unknown> = { orderId: String(orderId), orderType: isManpack ? "manpack" : "standard", dropped };
    if (isManpack) {
      const byEmployee = byKey(basketLines, (b) => b.employee ?? order.employee_contact_id);
      result.packs = [...byEmployee].map(([employee, ls]) => ({ employeeId: str(employee), data: ls.map((b) => b.line) }));
    } else {
      result.lines = basketLines.map((b) => b.line);
    }
    return result;
  }
}
