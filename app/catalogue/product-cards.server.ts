import type { PortalUser } from "~/auth/require-user.server";
import {
  alternativeProducts,
  frequentlyBoughtTogether,
  ALTERNATIVES_SIZE,
  FREQUENTLY_BOUGHT_TOGETHER_SIZE,
} from "~/domain/banners";
import { formatMoney } from "~/domain/money";
import { priceShown, priceText, pricesHidden } from "~/domain/prices";
import { productCard, type ProductCard } from "~/domain/product-card";
import { stockLabel } from "~/domain/quick-view";
import { getCategory, type CategoryNode } from "~/upstream/categories.server";
import { listItems, type Item } from "~/upstream/items.server";
import { parentOf } from "./category-tree.server";

// Product cards (the listings, the dashboard, the product page's strips), worded on the server, and the product
// page's two strips of them: its alternatives and what is bought with it (SPEC §9).

/** Prices are not shown to accounts with pricingHidden (the upstream also sends null); decision 058. */
export function showsPrices(user: PortalUser): boolean {
  return !pricesHidden(user.session.account, { inPunchout: user.inPunchout });
}

/**
 * What a product card shows, ready to render: the price and stock label are worded here, so the browser needs
 * no domain code for them, and the card's features (not shown on cards) are not sent.
 */
export type CardView = Omit<ProductCard, "features" | "fromPrice"> & {
  fromPrice: number | null;
  priceText: string | null;
  stockLabel: string | null;
  /** the quick view's address on the page the card is shown on */
  quickView?: string;
};

/** Product cards of upstream items, with the price left out where it is hidden. */
export function cardsOf(items: readonly Item[], user: PortalUser): CardView[] {
  const prices = showsPrices(user);
  return items.map((item) => {
    const { features: _features, ...card } = productCard({ ...item, fromPrice: prices ? (item.price ?? null) : null });
    const fromPrice = typeof card.fromPrice === "number" ? card.fromPrice : null;
    return {
      ...card,
      fromPrice,
      priceText: priceText(priceShown(fromPrice, !prices), (amount) => `From ${formatMoney(amount)}`),
      stockLabel: stockLabel({ inStock: card.inStock, hasFinish: false }),
    };
  });
}

/**
 * SPEC §9: alternatives are 8 products of the same category in the user's catalogue (none without a scope,
 * SPEC §8); frequently bought together are 4 in-stock products from the rest of its top-level category.
 */
export async function relatedProducts(
  user: PortalUser,
  item: Item,
  scope: "full" | "my" | null,
  tree: Promise<CategoryNode[] | null> | null,
) {
  const classId = item.class?.internalId;
  if (!scope || !classId) return { alternatives: [], boughtTogether: [] };
  let parentId = parentOf((await tree) ?? [], classId);
  if (parentId === undefined) parentId = (await getCategory(user.upstream, classId).catch(() => null))?.parentId;
  const listed = { scope, visibleInCatalogue: true, includePricing: true };
  const [alternatives, together] = await Promise.all([
    listItems(user.upstream, {
      "class.internalId": classId,
      "internalId[$ne]": item.internalId,
      ...listed,
      $limit: ALTERNATIVES_SIZE,
    }),
    // enough candidates to leave out every alternative without asking again
    listItems(user.upstream, {
      "class.internalId": parentId ?? classId,
      "internalId[$ne]": item.internalId,
      inStock: true,
      ...listed,
      $limit: FREQUENTLY_BOUGHT_TOGETHER_SIZE + ALTERNATIVES_SIZE,
    }),
  ]);
  const shown = alternativeProducts(alternatives.data, scope);
  return {
    alternatives: cardsOf(shown, user),
    boughtTogether: cardsOf(frequentlyBoughtTogether(together.data, shown), user),
  };
}
