// The delivery-method rule (decision 073), in one place: the provider refuses an order with it, GET /api/carriage
// answers it per method, and the demo seed's historic orders follow it. Pure: no database, no HTTP.

export interface DeliveryRuleRow {
  description: string;
  /** The subtotal before VAT the method needs; null or 0 = none. */
  minimum_order_amount: unknown;
}

export interface DeliveryAvailability {
  available: boolean;
  /** The method's minimum subtotal before VAT, or null. */
  minimumOrderAmount: number | null;
  /** How much more the subtotal must be for the method (0 when available). */
  amountNeeded: number;
}

const pence = (v: unknown) => Math.round(Number(v ?? 0) * 100);
const pounds = (p: number) => `£${(p / 100).toFixed(2)}`;

/** The minimum subtotal a delivery method needs, or null when it has none. */
export function minimumOrderAmount(row: Pick<DeliveryRuleRow, "minimum_order_amount">): number | null {
  const min = pence(row.minimum_order_amount);
  return min > 0 ? min / 100 : null;
}

/** Whether an order of this subtotal (before VAT) may use the delivery method, and what it still needs. */
export function deliveryAvailability(
  row: Pick<DeliveryRuleRow, "minimum_order_amount">,
  subTotal: number,
): DeliveryAvailability {
  const min = minimumOrderAmount(row);
  const short = min == null ? 0 : Math.max(0, pence(min) - pence(subTotal));
  return { available: short === 0, minimumOrderAmount: min, amountNeeded: short / 100 };
}

/** The method's short name: its description up to a dash ("Free Delivery – orders over £150" → "Free Delivery"). */
function shortName(description: string): string {
  return description.split(/\s[–—-]\s/)[0].trim() || description;
}

/**
 * Why an order of this subtotal may not use the method, or null when it may. For a caller with pricingHidden
 * (decision 066) the words name the method's minimum, a published rule, but not the order's own amount.
 */
export function deliveryRefusal(
  row: DeliveryRuleRow,
  subTotal: number,
  opts: { pricesHidden?: boolean } = {},
): string | null {
  const { available, minimumOrderAmount: min } = deliveryAvailability(row, subTotal);
  if (available || min == null) return null;
  const rule = `${shortName(row.description)} needs an order of ${pounds(pence(min))} or more before VAT`;
  return opts.pricesHidden ? `${rule}; this order is less` : `${rule}; this order is ${pounds(pence(subTotal))}`;
}
