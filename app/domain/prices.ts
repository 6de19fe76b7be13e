import { formatMoney, toPence } from "./money";
import { hasPermission, type AccountLike, type PunchoutContext } from "./permissions";

export interface HeldPrice {
  productId: string;
  price: unknown;
}

export interface FetchedPrice {
  internalId: string;
  price?: unknown;
}

export interface PriceCheck {
  /** SPEC §5 verifyPrices: true when any fetched price differs from the held one or is missing. */
  verifyPrices: boolean;
  /** The lines to name in the notice. */
  changed: string[];
}

// Compared in whole pence so '12.5' and 12.50 are the same price.
export function verifyPrices(held: readonly HeldPrice[], fetched: readonly FetchedPrice[]): PriceCheck {
  const current = new Map(fetched.map((item) => [String(item.internalId), item.price]));
  const changed = held
    .filter((line) => {
      const price = current.get(String(line.productId));
      return price === undefined || price === null || price === "" || toPence(price) !== toPence(line.price);
    })
    .map((line) => line.productId);
  return { verifyPrices: changed.length > 0, changed };
}

/** Issue 12 item 8, decision 058: the one wording for a price the account may not see. */
export const PRICE_HIDDEN_TEXT = "Price on application";

/**
 * A price as a screen may show it: hidden for an account with pricingHidden (decided once, from the session), else
 * the amount, which may be missing. A hidden price is never read as a missing one.
 */
/** Whether the session's account sees no prices (SPEC §6 pricingHidden): decided here once for every screen. */
export function pricesHidden(account: AccountLike, ctx: PunchoutContext): boolean {
  return hasPermission(account, "pricingHidden", ctx);
}

export type PriceShown = { hidden: true } | { hidden: false; amount: number | null };

export function priceShown(amount: number | null | undefined, pricesHidden: boolean): PriceShown {
  return pricesHidden ? { hidden: true } : { hidden: false, amount: amount ?? null };
}

/** The words for a shown price: the hidden wording, the formatted amount, or `missing` when there is no amount. */
export function priceText(
  shown: PriceShown,
  format: (amount: number) => string,
  missing: string | null = null,
): string | null {
  if (shown.hidden) return PRICE_HIDDEN_TEXT;
  return shown.amount === null ? missing : format(shown.amount);
}

/** An amount as a screen words it: the hidden wording when the account's prices are hidden, else '£1,234.50'. */
export function shownMoney(amount: unknown, pricesHidden: boolean): string {
  return pricesHidden ? PRICE_HIDDEN_TEXT : formatMoney(amount);
}
