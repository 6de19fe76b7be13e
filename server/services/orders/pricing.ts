/** An order's prices: lines priced from the items, ship groups, sub total, delivery and VAT — one function for the order, its quote and a punchout transfer. */
import type { Knex } from "knex";
import { checkOrderQuantity } from "../../../app/domain/quantity";
import { money } from "../base";
import { deliveryRefusal } from "../delivery-rules";
import { bad, VAT_RATE } from "./common";
import type { CarriageRow, ItemRow } from "./rows";

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

export const pounds = (pence: number) => `£${(pence / 100).toFixed(2)}`;

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
