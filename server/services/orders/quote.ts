import { BadRequest } from "@feathersjs/errors";
import type { Knex } from "knex";
import type { Caller } from "../../auth/caller";
import { defaultAddress } from "../address-rules";
import { basketKey, loadBasket, type BasketState } from "../basket-session";
import { callerOf, money, requireCustomer, requireOrdering, type Ctx, type ProviderParams } from "../base";
import { deliveryRefusal } from "../delivery-rules";
import { pricesHiddenFrom } from "../prices-hidden";
import { bad, idValue } from "./common";
import { resolveCarriage } from "./destinations";
import { orderAmounts, priceLines, ShipGroups, type PricedLine } from "./pricing";
import type { ContactRow } from "./rows";

// GET /api/order-quote?forBasket=stock&shippingMethod=ID (issue 12 item 4, decision 078): what an order of the
// caller's live stock basket would come to, priced by the same functions as POST /api/order (priceLines,
// resolveCarriage, orderAmounts), so a card is charged exactly what the order will total. Nothing is written.
// GET /api/order-quote?forBasket=manpack (issue 15 item 6, decision 102): the same for the live wearer-pack basket,
// each pack with its own address and method (as the basket holds them, else the customer's default address and the
// cheapest method the pack may use), a delivery charge per ship group, as POST /api/order (manpack) prices it.

export interface OrderQuote {
  forBasket: "stock" | "manpack";
  /** A wearer-pack quote: the first ship group's method. */
  shippingMethod: string;
  /** Goods amounts are null for a caller with pricingHidden (decision 058); the delivery charge stays. */
  subTotal: number | null;
  shippingCost: number;
  taxTotal: number | null;
  total: number | null;
  totalPence: number | null;
  /** The basket version priced: an order naming it is of exactly these lines (decision 074). */
  basketVersion: number;
  /** A wearer-pack quote: each pack priced, in basket order (packs without lines left out, as in the order). */
  packs?: QuotedPack[];
}

export interface QuotedPack {
  contactId: string;
  /** The address and method the order of this pack takes: the pack's own, else the defaults. */
  addressId: string;
  shippingMethod: string;
  subTotal: number | null;
}

const QUERY_KEYS = new Set(["forBasket", "shippingMethod", "customerId"]);

export class OrderQuoteService {
  constructor(private ctx: Ctx) {}

  async find(params: ProviderParams): Promise<OrderQuote> {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    const query = (params.query ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(query)) {
      if (!QUERY_KEYS.has(key)) throw new BadRequest(`Unknown query parameter "${key}"`, { field: key });
    }
    if (query.forBasket === "manpack") {
      // each pack carries its own method: a single one for the whole basket would be a different order
      if (query.shippingMethod !== undefined) {
        throw new BadRequest(
          'Invalid query parameter "shippingMethod": a wearer-pack quote takes each pack\'s own method',
          { field: "shippingMethod" },
        );
      }
      requireOrdering(caller, "manpack");
      return this.manpackQuote(caller, customerId);
    }
    if (query.forBasket !== "stock")
      throw new BadRequest('Invalid query parameter "forBasket": expected "stock" or "manpack"', {
        field: "forBasket",
      });
    const shipping = query.shippingMethod === undefined ? undefined : idValue.safeParse(query.shippingMethod);
    if (shipping && !shipping.success)
      throw new BadRequest('Invalid query parameter "shippingMethod": expected a ship method id', {
        field: "shippingMethod",
      });
    // the same permission as placing the order it quotes (decision 028)
    requireOrdering(caller, "standard");

    const { state, version } = await loadBasket(this.ctx.db, basketKey(caller, customerId));
    const items = state.stock.filter((l) => l.qty > 0).map((l) => ({ internalId: Number(l.productId), qty: l.qty }));
    if (!items.length) throw bad("forBasket", "the stock basket is empty");
    const lines = await priceLines(this.ctx.db, items, "stock.");
    const carriage = await resolveCarriage(this.ctx.db, customerId, shipping?.data, "shippingMethod", lines);
    const amounts = orderAmounts(lines, [carriage.shipping_flat_rate_amount]);
    // the order of these lines by this method would be refused: so is its quote, in the same words (decision 073)
    // (for a caller with pricingHidden, without the basket's amount: decision 066)
    const pricesHidden = pricesHiddenFrom(caller);
    const refusal = deliveryRefusal(carriage, amounts.subTotal, { pricesHidden });
    if (refusal) throw bad("shippingMethod", refusal);
    const quote: OrderQuote = {
      forBasket: "stock",
      shippingMethod: String(carriage.id),
      ...amounts,
      basketVersion: version,
    };
    if (pricesHidden) Object.assign(quote, { subTotal: null, taxTotal: null, total: null, totalPence: null });
    return quote;
  }

  /**
   * The wearer-pack basket as POST /api/order (manpack) would price it: field names as the order's (`packs.N…`, N
   * counting the packs with lines), so a refusal reads the same. Allowances, entitlements and address permissions
   * are the order's to check; the quote prices.
   */
  private async manpackQuote(caller: Caller, customerId: number): Promise<OrderQuote> {
    const db = this.ctx.db;
    const { state, version } = await loadBasket(db, basketKey(caller, customerId));
    const packs = packsWithLines(state);
    if (!packs.length) throw bad("forBasket", "the wearer-pack basket is empty");
    const contacts: ContactRow[] = await db("contacts")
      .whereIn("id", [...new Set(packs.map((p) => Number(p.employeeId)))])
      .where({ customer_id: customerId, is_inactive: false });
    const active = new Set(contacts.map((c) => String(c.id)));
    const fallbackAddress = await defaultAddress(db, customerId);
    const quoted: QuotedPack[] = [];
    // one ship group per address, charged the method of its first pack: the order's own grouping
    const groups = new ShipGroups<number, PricedLine>();
    for (const [i, pack] of packs.entries()) {
      if (!active.has(pack.employeeId))
        throw bad(`packs.${i}.contactId`, `contact ${pack.employeeId} is not an active contact of this customer`);
      const addressId = await packAddress(
        db,
        customerId,
        pack.addressId ?? fallbackAddress?.id ?? null,
        `packs.${i}.addressId`,
      );
      const lines = await priceLines(db, pack.items, `packs.${i}.items.`);
      const carriage = await resolveCarriage(
        db,
        customerId,
        pack.shippingMethod == null ? undefined : Number(pack.shippingMethod),
        `packs.${i}.shippingMethod`,
        lines,
      );
      groups.add(String(addressId), addressId, carriage, `packs.${i}.shippingMethod`, lines);
      quoted.push({
        contactId: pack.employeeId,
        addressId: String(addressId),
        shippingMethod: String(carriage.id),
        subTotal: money(lines.reduce((s, l) => s + l.amount, 0)),
      });
    }
    const pricesHidden = pricesHiddenFrom(caller);
    groups.checkMinimums({ pricesHidden });
    const amounts = groups.amounts();
    const quote: OrderQuote = {
      forBasket: "manpack",
      shippingMethod: String(groups.list[0].carriage.id),
      ...amounts,
      basketVersion: version,
      packs: quoted,
    };
    if (pricesHidden) {
      Object.assign(quote, {
        subTotal: null,
        taxTotal: null,
        total: null,
        totalPence: null,
        packs: quoted.map((p) => ({ ...p, subTotal: null })),
      });
    }
    return quote;
  }
}

/** The packs an order of the basket would carry: each with its lines of a positive quantity, the empty ones left out. */
function packsWithLines(state: BasketState) {
  return state.manpack
    .map((pack) => ({
      employeeId: String(pack.employeeId),
      addressId: pack.addressId == null ? null : Number(pack.addressId),
      shippingMethod: pack.shippingMethod ?? null,
      items: pack.data.filter((l) => l.qty > 0).map((l) => ({ internalId: Number(l.productId), qty: l.qty })),
    }))
    .filter((pack) => pack.items.length > 0);
}

/** The pack's address id when it is an active delivery address of the customer, as the order requires. */
async function packAddress(db: Knex, customerId: number, addressId: number | null, field: string): Promise<number> {
  if (addressId == null) throw bad(field, "a delivery address (addressId or customAddress) is required");
  const row: { id: number } | undefined = await db("addresses")
    .where({ id: addressId, customer_id: customerId, is_inactive: false })
    .first("id");
  if (!row) throw bad(field, `address ${addressId} is not one of this customer's delivery addresses`);
  return row.id;
}
