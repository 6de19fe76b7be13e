import { fromPence, toPence } from "./money";

/**
 * The provider's tax rule (docs/upstream-api.md POST /api/order): 20 % VAT on subtotal + shipping. A card is
 * charged before the order exists, so the portal works the amount out the same way from upstream prices.
 */
export const VAT_RATE = 0.2;

export interface ChargeLine {
  price: unknown;
  qty: number;
}

export interface CardCharge {
  subTotal: number;
  shippingCost: number;
  taxTotal: number;
  total: number;
  /** What the card provider is asked for: whole pence. */
  pence: number;
}

/** Each line rounded to the penny, then VAT on subtotal + shipping rounded to the penny, as the provider does. */
export function cardCharge(lines: readonly ChargeLine[], shipping: unknown): CardCharge {
  const subPence = lines.reduce((sum, line) => sum + toPence(line.price) * line.qty, 0);
  const shipPence = toPence(shipping);
  const taxPence = Math.round((subPence + shipPence) * VAT_RATE);
  const pence = subPence + shipPence + taxPence;
  return { subTotal: fromPence(subPence), shippingCost: fromPence(shipPence), taxTotal: fromPence(taxPence), total: fromPence(pence), pence };
}

/** A card charge matches an order when both come to the same whole pence. */
export function chargeMatchesOrder(chargedPence: number, orderTotal: unknown): boolean {
  return chargedPence === toPence(orderTotal);
}
