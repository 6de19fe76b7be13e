import { CURRENCY_DECIMALS } from "./constants";

const PENCE = 10 ** CURRENCY_DECIMALS;

const gbp = new Intl.NumberFormat("en-GB", {
  style: "currency",
  currency: "GBP",
  minimumFractionDigits: CURRENCY_DECIMALS,
  maximumFractionDigits: CURRENCY_DECIMALS,
});

/**
 * SPEC §5: money is parsed as a float, default 0. The upstream sends numbers or numeric strings;
 * a pasted '£1,234.50' is read too, because dropping it to 0 would silently misprice.
 */
export function parseMoney(value: unknown): number {
  if (typeof value === "number") return Number.isFinite(value) ? value : 0;
  if (typeof value !== "string") return 0;
  const parsed = Number.parseFloat(
    value
      .trim()
      .replace(/^(-?)\s*£/, "$1")
      .replace(/,/g, ""),
  );
  return Number.isFinite(parsed) ? parsed : 0;
}

/** Whole pence, so sums of prices do not drift (0.1 + 0.2). */
export function toPence(value: unknown): number {
  return Math.round(parseMoney(value) * PENCE);
}

export function fromPence(pence: number): number {
  return pence / PENCE;
}

/** Sum of money values, exact to the penny. */
export function sumMoney(values: Iterable<unknown>): number {
  let pence = 0;
  for (const v of values) pence += toPence(v);
  return fromPence(pence);
}

/**
 * '£1,234.50', '-£3.00'; anything unparseable shows as £0.00. The sign is decided on whole pence
 * so -0.001 shows as £0.00, not -£0.00.
 */
export function formatMoney(value: unknown): string {
  const pence = toPence(value);
  const text = gbp.format(fromPence(Math.abs(pence)));
  return pence < 0 ? `-${text}` : text;
}

export interface OrderMoney {
  subTotal?: unknown;
  shippingCost?: unknown;
  taxTotal?: unknown;
}

/** SPEC §5: total = subTotal + shipping + tax. */
export function orderTotal(order: OrderMoney): number {
  return sumMoney([order.subTotal, order.shippingCost, order.taxTotal]);
}

export interface ShipMethodLike {
  description: string;
  shippingflatrateamount?: unknown;
}

/** SPEC §9: 'description – £x.xx' (en dash). */
export function shippingLabel(method: ShipMethodLike): string {
  return `${method.description} – ${formatMoney(method.shippingflatrateamount)}`;
}
