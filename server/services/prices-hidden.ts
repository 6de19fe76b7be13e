import { has, type Caller } from "../auth/caller";

/**
 * SPEC §6 `pricingHidden` (decisions 058, 059): such a caller is sent no goods prices anywhere — items, basket lines,
 * saved baskets' items, the wish list, orders. One rule for every answer: the price is sent as null, the rest stays.
 */
export function pricesHiddenFrom(caller: Caller): boolean {
  return has(caller, "pricingHidden");
}

/** A price as sent to the caller: null when prices are hidden from it. */
export function priceFor<P>(caller: Caller, price: P): P | null {
  return pricesHiddenFrom(caller) ? null : price;
}

/** Lines (basket, saved basket, wish list) as sent to the caller: each line's `price` null when prices are hidden from it. */
export function linesFor<L extends object>(caller: Caller, lines: L[]): L[] {
  return pricesHiddenFrom(caller) ? lines.map((line) => ({ ...line, price: null })) : lines;
}
