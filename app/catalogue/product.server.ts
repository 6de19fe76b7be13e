import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { addLine } from "~/basket/basket.server";
import {
  alternativeProducts,
  frequentlyBoughtTogether,
  ALTERNATIVES_SIZE,
  FREQUENTLY_BOUGHT_TOGETHER_SIZE,
} from "~/domain/banners";
import { searchScope } from "~/domain/catalogue-listing";
import { formatMoney } from "~/domain/money";
import { priceShown, priceText, pricesHidden } from "~/domain/prices";
import { canPlaceOrders } from "~/domain/permissions";
import { cardImage, productCard, productLink, type ProductCard } from "~/domain/product-card";
import { chooseOptions, choiceErrors, chosenOptions, type OptionPicker } from "~/domain/product-options";
import { quantityRule } from "~/domain/quantity";
import { colorsFromImages, quickViewImage, showsNextDayDelivery, stockLabel } from "~/domain/quick-view";
import { MATRIX_OPTIONS, variantFor, type OptionValues } from "~/domain/matrix";
import { getCategory, type CategoryNode } from "~/upstream/categories.server";
import { findItemBySlug, listItems, type Item } from "~/upstream/items.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { categoryTree, parentOf } from "./category-tree.server";

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
    ? (colors.find((c) => c.color.toLowerCase() === chosenColor.toLowerCase())?.images ?? [])
    : colors.map((c) => c.images?.[0] ?? "").filter(Boolean);
  const flags = { inStock: item.inStock, hasFinish: item.hasFinish };
  const price = prices ? (orderable?.price ?? item.price ?? null) : null;
  const fromPrice = !orderable && simples.length > 0;
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
    price,
    fromPrice,
    priceText: priceText(priceShown(price, !prices), (amount) => `${fromPrice ? "From " : ""}${formatMoney(amount)}`),
    enStandards: card.enStandards,
    features: item.features.filter((f) => f.heading || f.subheading),
    stockLabel: stockLabel(flags),
    nextDayDelivery: showsNextDayDelivery(flags),
    pickers: choice.pickers satisfies OptionPicker[],
    chosen: choice.chosen,
    orderable: orderable ? { internalId: orderable.internalId, ...quantityRule(orderable) } : null,
    /** the quantity field's rule before the options resolve (the variant's once they do); the add checks the variant's */
    quantity: quantityRule(orderable ?? item),
    canOrder: canPlaceOrders(user.session.account, { inPunchout: user.inPunchout }),
    inWishList: (user.session.wishList?.productIds ?? []).includes(item.internalId),
  };
}
export type ProductView = ReturnType<typeof productView>;

/** The product for a slug, or a 404 Response thrown for the ErrorBoundary. */
export async function requireItem(user: PortalUser, slug: string): Promise<Item> {
  // an empty slug would ask for no slug at all, i.e. any product
  const item = slug ? await findItemBySlug(user.upstream, slug) : null;
  if (!item) throw new Response("Product not found", { status: 404 });
  return item;
}

/**
 * The product page: the product with the options in the address, its alternatives and what is bought with it.
 * Two rounds of upstream calls after the guard: the item (with the category tree, which does not depend on it,
 * usually cached), then both product strips together.
 */
export async function loadProductPage(user: PortalUser, request: Request, slug: string) {
  const scope = searchScope(user.session.account);
  const tree = scope ? categoryTree(user, scope).catch(() => null) : null;
  const item = await requireItem(user, slug);
  const related = await relatedProducts(user, item, scope, tree);
  return { product: productView(item, chosenOptions(new URL(request.url).searchParams), user), ...related };
}

/**
 * SPEC §9: alternatives are 8 products of the same category in the user's catalogue (none without a scope,
 * SPEC §8); frequently bought together are 4 in-stock products from the rest of its top-level category.
 */
async function relatedProducts(
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

// a function, so that zod is built on the server only (decision 002); options are read by chosenOptions
const addSchema = () =>
  z.object({
    qty: z.string().max(20, "Enter a quantity").default("1"),
    ...Object.fromEntries(
      MATRIX_OPTIONS.map((option) => [option, z.string().max(200, "Choose one of the options given").optional()]),
    ),
  });

/**
 * POST /product/{slug} (decision 062): the product page's one-step add. The posted options are resolved to the
 * variant here; an option left unchosen is an error on that option, and any refusal answers 4xx on the product
 * page with nothing written. The add itself is the basket's (`addLine`: catalogue price, quantity rules, merge);
 * a line that went in answers 303 to the page showing the variant added, with a toast.
 */
export async function addFromProductPage(user: PortalUser, request: Request, slug: string) {
  if (!canPlaceOrders(user.session.account, { inPunchout: user.inPunchout })) {
    return invalidForm({}, "Your account can browse the catalogue but not order.", 403);
  }
  const form = await parseForm(request, addSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? Object.values(form.fieldErrors)[0] ?? null);
  const posted = chosenOptions(
    new URLSearchParams(
      Object.entries(form.data).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
    ),
  );
  // a refusal answers the product page, which (without JavaScript) shows the options and quantity as they were posted
  const refuse = (fieldErrors: Record<string, string>, formError: string) =>
    data(
      { ok: false as const, fieldErrors, formError, posted: { options: posted, qty: form.data.qty } },
      { status: 400 },
    );
  const item = await requireItem(user, slug);
  const simples = item.simples.map((s) => ({ ...s, options: s.options ?? {} }));
  let productId = item.internalId;
  let shown: OptionValues = {};
  if (simples.length > 0) {
    const choice = variantFor(simples, posted);
    if (!choice.ok) {
      const errors = choiceErrors(choice, item.displayName);
      return refuse(errors.fieldErrors, errors.formError);
    }
    productId = choice.variant.internalId;
    shown = { ...choice.variant.options, logo: posted.logo };
  }
  const change = await addLine(user.upstream, productId, form.data.qty, { pricesHidden: !showsPrices(user) });
  if (!change.ok) return refuse({}, change.message);
  const query = new URLSearchParams(
    MATRIX_OPTIONS.flatMap((option) => (shown[option] ? [[option, shown[option] as string]] : [])),
  ).toString();
  const toast = await flashToast(request, { kind: "success", message: change.message });
  return redirect(`${productLink(slug)}${query ? `?${query}` : ""}`, { status: 303, headers: toast });
}
