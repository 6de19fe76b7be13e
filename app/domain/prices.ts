import { toPence } from "./money";

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
