import type { PortalUser } from "~/auth/require-user.server";
import { alternativeProducts, frequentlyBoughtTogether, ALTERNATIVES_SIZE, FREQUENTLY_BOUGHT_TOGETHER_SIZE } from "~/domain/banners";
import { searchScope } from "~/domain/catalogue-listing";
import { canPlaceOrders, hasPermission } from "~/domain/permissions";
import { cardImage, productCard, productLink, type ProductCard } from "~/domain/product-card";
import { chooseOptions, type OptionPicker } from "~/domain/product-options";
import { quantityRule } from "~/domain/quantity";
import { colorsFromImages, quickViewImage, showsNextDayDelivery, stockLabel } from "~/domain/quick-view";
import type { OptionValues } from "~/domain/matrix";
import { getCategory } from "~/upstream/categories.server";
import { findItemBySlug, listItems, type Item } from "~/upstream/items.server";

/** Prices are not shown to accounts with pricingHidden (the upstream also sends null). */
export function showsPrices(user: PortalUser): boolean {
  return !hasPermission(user.session.account, "pricingHidden", { inPunchout: user.inPunchout });
}

/** Product cards of upstream items, with the price left out where it is hidden. */
export function cardsOf(items: readonly Item[], user: PortalUser): ProductCard[] {
  const prices = showsPrices(user);
  return items.map((item) => productCard({ ...item, fromPrice: prices ? item.price ?? null : null }));
}

/** What the product page and the quick view show of one product with the options chosen so far. */
export function productView(item: Item, requested: OptionValues, user: PortalUser) {
  const prices = showsPrices(user);
  const simples = item.simples.map((s) => ({ ...s, options: s.options ?? {} }));
  const choice = chooseOptions(simples, requested);
  // an item with no variants is itself what is ordered
  const orderable = simples.length === 0 ? item : choice.variant;
  const card = productCard({ ...item, fromPrice: item.price });
  const colors = colorsFromImages(item.images);
  const chosenColor = choice.chosen.color ?? null;
  const image = quickViewImage({ image: cardImage(item), colors, chosenColor });
  const colourImages = chosenColor
    ? colors.find((c) => c.color.toLowerCase() === chosenColor.toLowerCase())?.images ?? []
    : colors.map((c) => c.images?.[0] ?? "").filter(Boolean);
  const flags = { inStock: item.inStock, hasFinish: item.hasFinish };
  return {
    productId: item.internalId,
    name: item.displayName,
    productCode: (orderable ?? item).itemId ?? item.itemId ?? "",
    category: card.category,
    description: item.description ?? "",
    slug: card.slug,
    link: productLink(card.slug),
    image,
    gallery: [...new Set([image, ...colourImages])].slice(0, 4),
    price: prices ? (orderable?.price ?? item.price ?? null) : null,
    fromPrice: !orderable && simples.length > 0,
    enStandards: card.enStandards,
    features: item.features.filter((f) => f.heading || f.subheading),
    stockLabel: stockLabel(flags),
    nextDayDelivery: showsNextDayDelivery(flags),
    pickers: choice.pickers satisfies OptionPicker[],
    chosen: choice.chosen,
    orderable: orderable ? { internalId: orderable.internalId, ...quantityRule(orderable) } : null,
    canOrder: canPlaceOrders(user.session.account, { inPunchout: user.inPunchout }),
    inWishList: (user.session.wishList?.productIds ?? []).includes(item.internalId),
  };
}
export type ProductView = ReturnType<typeof productView>;

/** The product for a slug, or a 404 Response thrown for the ErrorBoundary. */
export async function requireItem(user: PortalUser, slug: string): Promise<Item> {
  const item = await findItemBySlug(user.upstream, slug);
  if (!item) throw new Response("Product not found", { status: 404 });
  return item;
}

/**
 * SPEC §9: alternatives are 8 products of the same category in the user's catalogue (none without a scope,
 * SPEC §8); frequently bought together are 4 in-stock products from the rest of its top-level category.
 */
export async function relatedProducts(user: PortalUser, item: Item) {
  const scope = searchScope(user.session.account);
  const classId = item.class?.internalId;
  if (!scope || !classId) return { alternatives: [], boughtTogether: [] };
  const [alternatives, category] = await Promise.all([
    listItems(user.upstream, {
      "class.internalId": classId,
      "internalId[$ne]": item.internalId,
      scope,
      visibleInCatalogue: true,
      includePricing: true,
      $limit: ALTERNATIVES_SIZE,
    }),
    getCategory(user.upstream, classId).catch(() => null),
  ]);
  const shown = alternativeProducts(alternatives.data, scope);
  const exclude = [item.internalId, ...shown.map((i) => i.internalId)];
  const together = await listItems(user.upstream, {
    "class.internalId": category?.parentId ?? classId,
    "internalId[$nin]": exclude.join(","),
    inStock: true,
    scope,
    visibleInCatalogue: true,
    includePricing: true,
    $limit: FREQUENTLY_BOUGHT_TOGETHER_SIZE,
  });
  return { alternatives: cardsOf(shown, user), boughtTogether: cardsOf(frequentlyBoughtTogether(together.data), user) };
}
