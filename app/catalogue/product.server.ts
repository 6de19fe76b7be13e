import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { addLine } from "~/basket/basket-changes.server";
import { searchScope } from "~/domain/catalogue-listing";
import { formatMoney } from "~/domain/money";
import { priceShown, priceText } from "~/domain/prices";
import { canPlaceOrders, hasStockCatalogue } from "~/domain/permissions";
import { cardImage, productCard, productLink } from "~/domain/product-card";
import { chooseOptions, choiceErrors, chosenOptions, OPTION_LABELS, type OptionPicker } from "~/domain/product-options";
import { checkOrderQuantity, quantityRule } from "~/domain/quantity";
import { gridCellLabel, gridField, gridWaitsFor, readGridPost, sizeGrid } from "~/domain/size-grid";
import { colorsFromImages, quickViewImage, showsNextDayDelivery, stockLabel } from "~/domain/quick-view";
import { MATRIX_OPTIONS, variantFor, type OptionValues } from "~/domain/matrix";
import { addBasketLines } from "~/upstream/basket.server";
import { isRefusal } from "~/upstream/errors.server";
import { findItemBySlug, type Item } from "~/upstream/items.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { categoryTree } from "./category-tree.server";
import { relatedProducts, showsPrices } from "./product-cards.server";

// The product page (/product/{slug}): one product with its options, its size-and-colour grid and the strips beside
// it, and its two adds (one line, or the grid's lines). Product cards and the strips are in product-cards.server.ts.

/** A user who may put stock lines in the basket (decision 161: a wearer-pack-only user cannot), so may use the grid. */
function ordersStock(user: PortalUser): boolean {
  return (
    canPlaceOrders(user.session.account, { inPunchout: user.inPunchout }) && hasStockCatalogue(user.session.account)
  );
}

const simplesOf = (item: Item) => item.simples.map((s) => ({ ...s, options: s.options ?? {} }));

/**
 * The product page's size-and-colour grid (decision 168), worded for the page: a row per size, a cell per colour with
 * its field, label, stock and (unless hidden) price, or null where the variant is not made. Null for a product
 * without the grid and for a user who cannot order stock.
 */
export function gridView(item: Item, user: PortalUser, chosen: OptionValues) {
  const grid = ordersStock(user) ? sizeGrid(simplesOf(item), chosen) : null;
  if (!grid) return null;
  const prices = showsPrices(user);
  return {
    // "Finish: Plain": the other options the grid's variants share, chosen on the page first
    fixed: grid.fixed.map(({ option, value }) => `${OPTION_LABELS[option]}: ${value}`),
    colours: grid.colours,
    rows: grid.rows.map((row) => ({
      size: row.size,
      cells: row.cells.map(({ colour, variant }) =>
        variant
          ? {
              colour,
              field: gridField(variant.internalId),
              label: gridCellLabel(row.size, colour),
              ...quantityRule(variant),
              stockLabel: stockLabel({ inStock: variant.inStock, hasFinish: variant.hasFinish }),
              priceText: prices && variant.price != null ? formatMoney(variant.price) : null,
            }
          : { colour, field: null },
      ),
    })),
  };
}
export type GridView = NonNullable<ReturnType<typeof gridView>>;

/** What the product page and the quick view show of one product with the options chosen so far. */
export function productView(item: Item, requested: OptionValues, user: PortalUser) {
  const prices = showsPrices(user);
  const simples = simplesOf(item);
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
  const chosen = chosenOptions(new URL(request.url).searchParams);
  return {
    product: productView(item, chosen, user),
    grid: gridView(item, user, chosen),
    gridAfter: ordersStock(user)
      ? gridWaitsFor(simplesOf(item), chosen).map((o) => OPTION_LABELS[o].toLowerCase())
      : [],
    ...related,
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
  const simples = simplesOf(item);
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

/** A refused grid post (decision 168): each refused cell's message and what every cell held, by the cell's field. */
export type GridRefusal = {
  ok: false;
  form: "grid";
  fieldErrors: Record<string, string>;
  formError: string;
  typed: Record<string, string>;
};

export const GRID_NOTHING_TYPED = "Enter a quantity for at least one size and colour.";
export const GRID_REFUSED = "Nothing was added to your basket. Change the quantities marked below and add again.";
export const GRID_NOT_READ = "The quantities could not be read. Reload the page and enter them again.";
export const NO_STOCK_ORDERING = "Your account cannot order stock, so it cannot use the size and colour grid.";

// a function, so that zod is built on the server only (decision 002): intent=grid and the cells' text
const gridSchema = () =>
  z
    .object({ intent: z.literal("grid") })
    .catchall(z.string().max(20, "Enter a quantity of at most 99"))
    .refine((fields) => Object.keys(fields).length <= 500, GRID_NOT_READ);

/** True for a post of the product page's grid form (intent=grid), read from a copy of the request. */
export async function isGridPost(request: Request): Promise<boolean> {
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  return form?.get("intent") === "grid";
}

/**
 * POST /product/{slug} with intent=grid (decision 168): every cell with a quantity becomes its own basket line, all
 * or nothing. Each cell is checked by the item's quantity rules here, so every refused cell shows its reason; the
 * provider adds the lines in one transaction and checks them again (with the lines already in the basket). Any
 * refusal answers the page (4xx) with the cells' messages and what was typed, and nothing is added. The lines in
 * answers 303 to the page with a toast.
 */
export async function addGridFromProductPage(user: PortalUser, request: Request, slug: string) {
  // every refusal is the grid's, so the page shows it above the grid, with what each cell held
  let typed: Record<string, string> = {};
  const refuse = (fieldErrors: Record<string, string>, formError: string, status = 400) =>
    data({ ok: false as const, form: "grid" as const, fieldErrors, formError, typed } satisfies GridRefusal, {
      status,
    });
  if (!canPlaceOrders(user.session.account, { inPunchout: user.inPunchout })) {
    return refuse({}, "Your account can browse the catalogue but not order.", 403);
  }
  if (!ordersStock(user)) return refuse({}, NO_STOCK_ORDERING, 403);
  const form = await parseForm(request, gridSchema());
  if (!form.ok) return refuse({}, GRID_NOT_READ);
  const item = await requireItem(user, slug);
  const simples = simplesOf(item);
  // the grid posts to the page's own address: its other options (a finish) are the ones chosen there
  const grid = sizeGrid(simples, chosenOptions(new URL(request.url).searchParams));
  if (!grid) return refuse({}, `${item.displayName} is ordered one size and colour at a time.`);
  const fields = Object.entries(form.data).filter((entry): entry is [string, string] => typeof entry[1] === "string");
  const read = readGridPost(grid, fields);
  if (!read) return refuse({}, GRID_NOT_READ);
  typed = Object.fromEntries(Object.entries(read.typed).map(([id, text]) => [gridField(id), text]));
  if (read.ordered.length === 0) return refuse({}, GRID_NOTHING_TYPED);

  const byId = new Map(simples.map((s) => [s.internalId, s]));
  const fieldErrors: Record<string, string> = {};
  const lines: { productId: string; qty: number }[] = [];
  for (const cell of read.ordered) {
    const check = checkOrderQuantity(byId.get(cell.internalId)!, cell.qty);
    if (check.ok) lines.push({ productId: cell.internalId, qty: check.qty });
    else fieldErrors[gridField(cell.internalId)] = check.message;
  }
  if (Object.keys(fieldErrors).length) return refuse(fieldErrors, GRID_REFUSED);

  try {
    await addBasketLines(user.upstream, lines);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    // the provider names each refused line by its index in `lines`: its message goes under that cell
    const cells: Record<string, string> = {};
    for (const [name, message] of Object.entries(error.errors)) {
      const index = /^lines\.(\d+)\./.exec(name)?.[1];
      const line = index === undefined ? undefined : lines[Number(index)];
      if (line) cells[gridField(line.productId)] = message;
    }
    return Object.keys(cells).length
      ? refuse(cells, GRID_REFUSED, error.status)
      : refuse({}, error.message, error.status);
  }
  const count = lines.length;
  const toast = await flashToast(request, {
    kind: "success",
    message: `Added ${count} ${count === 1 ? "line" : "lines"} to your basket`,
  });
  // back to the page as it was, its options (and so this grid) still chosen
  return redirect(`${productLink(slug)}${new URL(request.url).search}`, { status: 303, headers: toast });
}
