import { randomBytes } from "node:crypto";
import { Conflict, Forbidden } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { canApprove, type Caller } from "../../auth/caller";
import {
  addressPolicy,
  postcodeField,
  requireAddressChoice,
  requireAddressTyping,
  type AddressPolicy,
  type AddressUse,
} from "../address-rules";
import {
  basketKey,
  claimBasketVersion,
  loadBasketState,
  parseOr400,
  saveBasketState,
  type BasketKey,
} from "../basket-session";
import { bodyOf, callerOf, json, money, requireCustomer, requireOrdering, type ProviderParams } from "../base";
import { deliveryAvailability, deliveryRefusal } from "../delivery-rules";
import { pricesHiddenFrom } from "../prices-hidden";
import { requirePortalOrdering } from "../punchout-rules";
import { entitledItemIds } from "../wearers";
import { spendAllowances } from "./allowances";
import { bad, idValue, PENDING_APPROVAL, PENDING_FULFILLMENT, STOCK_TYPE, VAT_RATE, WEARER_PACK_TYPE } from "./common";
import { addressText } from "../../../app/domain/address";
import { isUpstreamIdValue } from "../../../app/domain/id-rule";
import { checkOrderQuantity } from "../../../app/domain/quantity";
import { notifyApprovers, type OrderMailCtx } from "./notifications";
import type { AddressRow, CarriageRow, ContactRow, ItemRow, OrderRow, UserCustomerRow } from "./rows";

// POST /api/order: parse the body, price the lines from the items, resolve addresses and carriage, spend the
// basket version (decision 074) and allowances, insert the order, empty the basket, notify approvers.

const orderLine = z.object({ internalId: idValue, qty: z.number().int() }).passthrough();
const customAddress = z
  .object({
    label: z.string().trim().max(200).optional(),
    addressee: z.string().trim().max(200).optional(),
    addr1: z.string().trim().min(1).max(200),
    addr2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1).max(100),
    zip: postcodeField(),
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
  /** The amount the card was charged, in pence (decision 078): the order is placed only if it totals exactly that. */
  stripeAmount: z.number().int().nonnegative().optional(),
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
    chosenBasket: z
      .union([idValue, z.string().max(100)])
      .nullable()
      .optional(),
    ...common,
  })
  .strict();
const manpackOrder = z
  .object({
    orderType: z.literal("manpack"),
    packs: z
      .array(
        z
          .object({
            contactId: idValue,
            items: z.array(orderLine).min(1, "at least one line is needed").max(200),
            shippingMethod: idValue.nullable().optional(),
            addressId: idValue.nullable().optional(),
          })
          .strict(),
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

export const BASKET_CHANGED = "Your basket changed since checkout was opened: check it and place the order again.";

/** Why a basket version cannot be spent: an order already placed from it, or a change since. */
async function basketSpent(db: Knex, key: BasketKey, version: number): Promise<Conflict> {
  // orders of this basket only: a punchout session's basket counts its versions apart from the everyday one (decision 110)
  const placed: Pick<OrderRow, "tran_id"> | undefined = await db("orders")
    .where({ placed_by_user_id: key.userId, customer_id: key.customerId, basket_version: version })
    .whereRaw("coalesce(punchout_session, '') = ?", [key.punchoutSession])
    .orderBy("id")
    .first("tran_id");
  if (placed)
    return new Conflict(`This basket has already been ordered (${placed.tran_id}). Your basket is now empty.`, {
      field: "basketVersion",
      tranId: placed.tran_id,
    });
  return new Conflict(BASKET_CHANGED, { field: "basketVersion" });
}

/**
 * The subtotal before VAT of basket lines at today's catalogue prices, as an order of them would be priced; lines
 * of products that cannot be ordered count nothing (the order itself refuses them).
 */
export async function pricedSubTotal(
  db: Knex,
  lines: ReadonlyArray<{ productId: string; qty: number }>,
): Promise<number> {
  const wanted = lines.filter((l) => l.qty > 0);
  if (!wanted.length) return 0;
  const items: ItemRow[] = await db("items")
    .whereIn("id", [...new Set(wanted.map((l) => Number(l.productId)))])
    .where("is_inactive", false)
    .whereNotNull("price");
  const price = new Map(items.map((i) => [String(i.id), Number(i.price)]));
  return money(
    wanted.reduce((sum, l) => sum + (price.has(l.productId) ? money(price.get(l.productId)! * l.qty) : 0), 0),
  );
}

const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

export interface OrderAmounts {
  subTotal: number;
  shippingCost: number;
  taxTotal: number;
  total: number;
  /** The total in whole pence: what a card is charged (GET /api/order-quote). */
  totalPence: number;
}

/**
 * The one pricing of an order (issue 12 item 4): the priced lines' amounts, the delivery groups' flat rates and VAT
 * on both, each rounded to the penny. POST /api/order stores it; GET /api/order-quote answers it before the order.
 */
export function orderAmounts(
  lines: ReadonlyArray<{ amount: number }>,
  shippingRates: readonly unknown[],
): OrderAmounts {
  const subTotal = money(lines.reduce((s, l) => s + l.amount, 0));
  const shippingCost = money(shippingRates.reduce<number>((s, rate) => s + Number(rate), 0));
  const taxTotal = money((subTotal + shippingCost) * VAT_RATE);
  const total = money(subTotal + shippingCost + taxTotal);
  return { subTotal, shippingCost, taxTotal, total, totalPence: Math.round(total * 100) };
}

/**
 * An order's ship groups (SPEC §3 'Multiple delivery addresses'): one per destination, charged the delivery method of
 * the first pack (or the stock order) that goes there; later packs to the same place add their lines only. A method's
 * minimum order (decision 073) holds for its group's lines, before VAT. POST /api/order and GET /api/order-quote both
 * group with this, so a quote totals what the order will (decision 078).
 */
export class ShipGroups<D, L extends { amount: number }> {
  private readonly byDestination = new Map<string, { dest: D; carriage: CarriageRow; field: string; lines: L[] }>();

  /** `field` names where the group's method came from, for a refusal of its minimum. */
  add(destination: string, dest: D, carriage: CarriageRow, field: string, lines: readonly L[]): void {
    const group = this.byDestination.get(destination);
    if (group) group.lines.push(...lines);
    else this.byDestination.set(destination, { dest, carriage, field, lines: [...lines] });
  }

  get list() {
    return [...this.byDestination.values()];
  }

  /** 400 naming the method's field when a group's lines do not reach its method's minimum order. */
  checkMinimums(opts: { pricesHidden: boolean }): void {
    for (const g of this.byDestination.values()) {
      const refusal = deliveryRefusal(g.carriage, money(g.lines.reduce((s, l) => s + l.amount, 0)), opts);
      if (refusal) throw bad(g.field, refusal);
    }
  }

  /** The order's amounts: every group's lines, each group's flat rate. */
  amounts(): OrderAmounts {
    const groups = this.list;
    return orderAmounts(
      groups.flatMap((g) => g.lines),
      groups.map((g) => g.carriage.shipping_flat_rate_amount),
    );
  }
}

export interface PricedLine {
  item: ItemRow;
  qty: number;
  rate: number;
  amount: number;
}

/** Prices and rules come from the items, never from the request. */
export async function priceLines(
  trx: Knex,
  lines: Array<{ internalId: number; qty: number }>,
  prefix: string,
): Promise<PricedLine[]> {
  const items: ItemRow[] = await trx("items").whereIn("id", [...new Set(lines.map((l) => l.internalId))]);
  const byId = new Map(items.map((i) => [i.id, i]));
  const summed = new Map<number, { qty: number; index: number }>();
  lines.forEach((l, index) => {
    const prev = summed.get(l.internalId);
    summed.set(l.internalId, { qty: (prev?.qty ?? 0) + l.qty, index: prev?.index ?? index });
  });
  const priced: PricedLine[] = [];
  for (const [id, { qty, index }] of summed) {
    const item = byId.get(id);
    const field = `${prefix}${index}`;
    if (!item || item.is_inactive) throw bad(`${field}.internalId`, `product ${id} does not exist`);
    if (item.matrix_type === "parent") throw bad(`${field}.internalId`, `product ${id} needs a size/colour choice`);
    if (item.price == null) throw bad(`${field}.internalId`, `product ${id} has no price`);
    // the quantity rule the portal shows with (SPEC §5 and §9, decision 172), in its words
    const quantity = checkOrderQuantity(
      { quantityStep: item.quantity_step, minimumSaleQuantity: item.minimum_sale_quantity },
      qty,
    );
    if (!quantity.ok) throw bad(`${field}.qty`, quantity.message);
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
async function resolveAddress(
  trx: Knex,
  caller: Caller,
  customerId: number,
  r: AddressRequest,
  now: Date,
): Promise<Destination> {
  const { addressId, custom, field } = r;
  if (addressId != null) {
    const a: AddressRow | undefined = await trx("addresses")
      .where({ id: addressId, customer_id: customerId, is_inactive: false })
      .first();
    if (!a) throw bad(field, `address ${addressId} is not one of this customer's delivery addresses`);
    requireAddressChoice(r.policy, r.use, a.id, field);
    return {
      id: a.id,
      name: a.label,
      addressee: a.addressee ?? null,
      addr1: a.addr1,
      addr2: a.addr2,
      city: a.city,
      zip: a.zip,
      text: a.addr_text,
    };
  }
  if (custom) {
    requireAddressTyping(r.policy.rights, field);
    const text = addressText(custom);
    const row = {
      customer_id: customerId,
      kind: "custom",
      created_by_user_id: caller.userId,
      label: custom.label || custom.addr1,
      addressee: custom.addressee ?? null,
      addr1: custom.addr1,
      addr2: custom.addr2 ?? "",
      city: custom.city,
      zip: custom.zip,
      addr_text: text,
      created_at: now.toISOString(),
    };
    const [inserted]: Array<{ id: number } | number> = await trx("addresses").insert(row).returning("id");
    return {
      id: typeof inserted === "object" ? inserted.id : inserted,
      name: row.label,
      addressee: row.addressee,
      addr1: row.addr1,
      addr2: row.addr2,
      city: row.city,
      zip: row.zip,
      text,
    };
  }
  throw bad(field, "a delivery address (addressId or customAddress) is required");
}

/** The ship method asked for, or by default the cheapest one these lines may use (decision 073). */
export async function resolveCarriage(
  trx: Knex,
  customerId: number,
  id: number | null | undefined,
  field: string,
  lines: ReadonlyArray<{ amount: number }>,
): Promise<CarriageRow> {
  const q = trx("carriage")
    .where("is_inactive", false)
    .where((w) => {
      w.whereNull("customer_id").orWhere("customer_id", customerId);
    });
  const subTotal = money(lines.reduce((s, l) => s + l.amount, 0));
  const row: CarriageRow | undefined =
    id != null
      ? await q.where("id", id).first()
      : ((await q.orderBy(["shipping_flat_rate_amount", "id"])) as CarriageRow[]).find(
          (r) => deliveryAvailability(r, subTotal).available,
        );
  if (!row) throw bad(field, id != null ? `shipping method ${id} is not available` : "no shipping method is available");
  return row;
}

function headerOf(params: ProviderParams, name: string): string | undefined {
  const v = (params.headers as Record<string, string | string[] | undefined> | undefined)?.[name];
  return Array.isArray(v) ? v[0] : v;
}

/** The order an idempotency key of this user already made. */
async function orderOfKey(db: Knex, userId: number, key: string): Promise<number | undefined> {
  const existing: Pick<OrderRow, "id"> | undefined = await db("orders")
    .where({ placed_by_user_id: userId, idempotency_key: key })
    .first("id");
  return existing?.id;
}

/**
 * POST /api/order: the id of the order placed — or, for a replayed Idempotency-Key, of the order that key
 * already made. Every rule is checked here; nothing is written unless the whole order is.
 */
export async function placeOrder(ctx: OrderMailCtx, data: unknown, params: ProviderParams): Promise<number> {
  const caller = callerOf(params);
  const customerId = requireCustomer(caller);
  const body = bodyOf(data);
  const isManpack = body.orderType === "manpack";
  if (body.orderType !== "standard" && !isManpack) throw bad("orderType", 'expected "standard" or "manpack"');
  requireOrdering(caller, isManpack ? "manpack" : "standard");
  // inside a punchout session the basket goes back by a transfer unless its profile allows ordering here (decision 110)
  await requirePortalOrdering(ctx.db, caller);
  const key = headerOf(params, "idempotency-key");
  if (key !== undefined && (key.length < 1 || key.length > 200))
    throw bad("Idempotency-Key", "expected 1 to 200 characters");
  const db = ctx.db;
  // a replayed key answers the order it already made before the body is looked at: the retry of a checkout whose
  // order emptied the basket carries no lines any more, and must still land on that order
  if (key) {
    const existing = await orderOfKey(db, caller.userId, key);
    if (existing !== undefined) return existing;
  }
  // a basket version an order was already placed from is refused before the body (which, its basket emptied by
  // that order, may carry no lines): the second tab learns the basket was ordered, not that it has no lines
  if (typeof body.basketVersion === "number") {
    const spent = await basketSpent(db, basketKey(caller, customerId), body.basketVersion);
    if (spent.data?.tranId) throw spent;
  }
  const order = isManpack ? parseOr400(manpackOrder, body) : parseOr400(stockOrder, body);
  try {
    return await db.transaction((trx) => insertOrder(ctx, trx, caller, customerId, order, key));
  } catch (error: unknown) {
    // the same key raced in from a second request (refused by the unique key, or by the basket version the first
    // one spent): answer the order the first one made
    const code = (error as { code?: unknown } | null | undefined)?.code;
    if (key && (code === "23505" || String(code).startsWith("SQLITE_CONSTRAINT") || error instanceof Conflict)) {
      const existing = await orderOfKey(db, caller.userId, key);
      if (existing !== undefined) return existing;
    }
    throw error;
  }
}

/**
 * How a punchout OrderRequest (decision 110) differs from a person's order: its lines are priced at the prices the
 * basket was transferred at, and its address is the provider's choice (the request's ShipTo or the profile's
 * default address), not the profile user's, so the user's address permissions do not apply.
 */
export interface PlacementOptions {
  /** item id → unit price (pounds) to charge instead of today's catalogue price */
  rates?: ReadonlyMap<number, number>;
  addressChosenByProvider?: boolean;
}

/**
 * Places a stock order inside `trx` for a caller the provider built itself (a punchout OrderRequest): the same
 * parsing, pricing, delivery and insert as POST /api/order. Answers the order id.
 */
export async function placeStockOrderWithin(
  ctx: OrderMailCtx,
  trx: Knex.Transaction,
  caller: Caller,
  customerId: number,
  data: unknown,
  options: PlacementOptions,
): Promise<number> {
  requireOrdering(caller, "standard");
  const order = parseOr400(stockOrder, bodyOf(data));
  return insertOrder(ctx, trx, caller, customerId, order, undefined, options);
}

async function insertOrder(
  ctx: OrderMailCtx,
  trx: Knex.Transaction,
  caller: Caller,
  customerId: number,
  order: StockOrder | ManpackOrder,
  key: string | undefined,
  options: PlacementOptions = {},
): Promise<number> {
  const now = ctx.now();
  const unit: UserCustomerRow | undefined = await trx("user_customers")
    .where({ user_id: caller.userId, customer_id: customerId })
    .first();
  const contact: ContactRow | null | undefined = caller.contactId
    ? await trx("contacts").where("id", caller.contactId).first()
    : null;
  if (order.paymentMethod) {
    const customer: { payment_methods_json: string } | undefined = await trx("customers")
      .where("id", customerId)
      .first("payment_methods_json");
    const methods = json<Array<{ id: number }>>(customer?.payment_methods_json, [{ id: 0 }]);
    if (!methods.some((m) => m.id === order.paymentMethod!.custentitypayment_method)) {
      throw bad("paymentMethod.custentitypayment_method", "this payment method is not offered to the customer");
    }
  }

  // the live basket this order spends (decision 074): first, so a second order of it waits here and is refused
  if (
    order.basketVersion !== undefined &&
    !(await claimBasketVersion(trx, basketKey(caller, customerId), order.basketVersion, now))
  ) {
    throw await basketSpent(trx, basketKey(caller, customerId), order.basketVersion);
  }
  const policy = await addressPolicy(trx, caller, customerId);
  if (options.addressChosenByProvider)
    policy.rights = { choose: { stock: true, wearerPack: true }, type: true, typeOnly: false };
  type Line = PricedLine & { employee: number | null; dest: Destination };
  const lines: Line[] = [];
  // one delivery group per destination, charged its method's flat rate; field names the method's origin
  const groups = new ShipGroups<Destination, Line>();
  let employeeId: number | null = null;
  if (order.orderType === "standard") {
    const dest = await resolveAddress(
      trx,
      caller,
      customerId,
      { policy, use: "stock", addressId: order.addressId, custom: order.customAddress, field: "addressId" },
      now,
    );
    for (const l of await priceLines(trx, order.items, "items.")) {
      const rate = options.rates?.get(l.item.id);
      lines.push(
        rate === undefined
          ? { ...l, employee: null, dest }
          : { ...l, rate, amount: money(rate * l.qty), employee: null, dest },
      );
    }
    const carriage = await resolveCarriage(trx, customerId, order.shippingMethod, "shippingMethod", lines);
    groups.add(`${dest.id}`, dest, carriage, "shippingMethod", lines);
  } else {
    const contactIds = order.packs.map((p) => p.contactId);
    const wearers: ContactRow[] = await trx("contacts")
      .whereIn("id", contactIds)
      .where({ customer_id: customerId, is_inactive: false });
    const wearerIds = new Set(wearers.map((w) => w.id));
    for (const [i, pack] of order.packs.entries()) {
      if (!wearerIds.has(pack.contactId))
        throw bad(`packs.${i}.contactId`, `contact ${pack.contactId} is not an active contact of this customer`);
      // SPEC §6: wp_contact_only limits the contacts to the user's own, for ordering as for listing
      if (caller.wpContactOnly && pack.contactId !== caller.contactId) {
        throw new Forbidden("This account orders wearer packs for its own contact only", {
          field: `packs.${i}.contactId`,
        });
      }
      const dest = await resolveAddress(
        trx,
        caller,
        customerId,
        {
          policy,
          use: "wearerPack",
          addressId: pack.addressId ?? order.addressId,
          custom: order.customAddress,
          field: `packs.${i}.addressId`,
        },
        now,
      );
      const packLines = (await priceLines(trx, pack.items, `packs.${i}.items.`)).map((l) => ({
        ...l,
        employee: pack.contactId,
        dest,
      }));
      // only what the wearer is entitled to (decision 096)
      const wearer = wearers.find((w) => w.id === pack.contactId)!;
      const entitled = await entitledItemIds(trx, customerId, wearer);
      const notEntitled =
        entitled &&
        packLines.find(
          (l) => !entitled.has(l.item.id) && !(l.item.parent_id != null && entitled.has(l.item.parent_id)),
        );
      if (notEntitled) {
        const index = pack.items.findIndex((x) => x.internalId === notEntitled.item.id);
        throw bad(
          `packs.${i}.items.${index}.internalId`,
          `${wearer.first_name} ${wearer.last_name} is not entitled to ${notEntitled.item.display_name} (${notEntitled.item.item_code})`,
        );
      }
      lines.push(...packLines);
      // a default method is chosen for the pack's own lines; the group (this pack and later ones) only grows
      const carriage = await resolveCarriage(
        trx,
        customerId,
        pack.shippingMethod ?? order.shippingMethod,
        `packs.${i}.shippingMethod`,
        packLines,
      );
      groups.add(`${dest.id}`, dest, carriage, `packs.${i}.shippingMethod`, packLines);
    }
    employeeId = order.packs.length === 1 ? order.packs[0].contactId : null;
    await spendAllowances(trx, order.packs, lines, wearers, now);
  }

  // a delivery method's minimum order (decision 073) holds for the lines of its group, before VAT
  groups.checkMinimums({ pricesHidden: pricesHiddenFrom(caller) });

  const needsApproval = !!unit?.needs_approval && !caller.isEvolveUser;
  const { subTotal, shippingCost, taxTotal, totalPence } = groups.amounts();
  // a card charged the quote (GET /api/order-quote); a price changed since, and the order would total otherwise
  if (order.stripeAmount !== undefined && order.stripeAmount !== totalPence) {
    throw new Conflict(
      `The order now totals ${pounds(totalPence)}, not the ${pounds(order.stripeAmount)} charged to the card: prices changed while you were paying`,
      {
        field: "stripeAmount",
        totalPence,
      },
    );
  }
  const first = groups.list[0];
  const contactName = contact
    ? `${contact.first_name} ${contact.last_name}`.trim()
    : `${caller.firstName} ${caller.lastName}`.trim();
  const otherRef = order.otherRefNum || null;
  const [inserted]: Array<{ id: number } | number> = await trx("orders")
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
      ship_address_id: groups.list.length === 1 ? first.dest.id : null,
      ship_addressee: groups.list.length === 1 ? (first.dest.addressee ?? first.dest.name) : null,
      ship_addr1: groups.list.length === 1 ? first.dest.addr1 : null,
      ship_addr2: groups.list.length === 1 ? first.dest.addr2 : null,
      ship_city: groups.list.length === 1 ? first.dest.city : null,
      ship_zip: groups.list.length === 1 ? first.dest.zip : null,
      ship_addr_text: groups.list.length === 1 ? first.dest.text : null,
      message: order.deliveryInstructions ?? null,
      payment_method_id: order.paymentMethod?.custentitypayment_method ?? 0,
      stripe_id: order.stripeId ?? null,
      stripe_paid: order.stripePaid === true,
      pending_web_approval: needsApproval,
      approver_user_id: needsApproval ? (unit?.approver_user_id ?? null) : null,
      idempotency_key: key ?? null,
      basket_version: order.basketVersion ?? null,
      punchout_session: caller.punchoutSession,
    })
    .returning("id");
  const orderId: number = typeof inserted === "object" ? inserted.id : inserted;
  const tranId = `SO${100_000 + orderId}`;
  await trx("orders")
    .where("id", orderId)
    .update({ tran_id: tranId, search_text: `${contactName} ${otherRef ?? ""} ${tranId}`.toLowerCase() });
  // written in item order (line_no keeps the basket's): the report totals' triggers (decision 126) then lock their item
  // rows in one order in every placement, so two placements at once wait for each other rather than deadlock
  await trx("order_lines").insert(
    lines
      .map((l, i) => ({
        order_id: orderId,
        line_no: i + 1,
        item_id: l.item.id,
        parent_item_id: l.item.parent_id ?? null,
        item_code: l.item.item_code,
        name: l.item.display_name,
        quantity: l.qty,
        rate: l.rate,
        amount: l.amount,
        employee_contact_id: l.employee,
        ship_address_id: l.dest.id,
        ship_address_name: l.dest.name,
        quantity_fulfilled: 0,
      }))
      .sort((a, b) => a.item_id - b.item_id || a.line_no - b.line_no),
  );
  await trx("order_ship_groups").insert(
    groups.list.map((g) => ({
      order_id: orderId,
      address_id: g.dest.id,
      address_name: g.dest.name,
      address_text: g.dest.text,
      shipping_method_id: g.carriage.id,
      shipping_cost: g.carriage.shipping_flat_rate_amount,
    })),
  );
  if (order.orderType === "standard" && order.chosenBasket != null && isUpstreamIdValue(String(order.chosenBasket))) {
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
  const basket = await loadBasketState(trx, basketKey(caller, customerId));
  if (order.orderType === "standard") {
    basket.stock = [];
    basket.loadedBasket = null; // the loaded saved basket went with its lines (decision 077)
  } else basket.manpack = [];
  await saveBasketState(trx, basketKey(caller, customerId), basket, now);
  if (needsApproval) {
    await notifyApprovers(
      trx,
      ctx.portalUrl,
      { orderId, tranId, customerId, approverUserId: unit?.approver_user_id ?? null, who: contactName },
      now,
    );
  }
  return orderId;
}
