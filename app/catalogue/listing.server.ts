import { CATALOGUE_STEPS, nextSteps } from "~/chrome.server";
import type { PortalUser } from "~/auth/require-user.server";
import { listingSearch, parseStockFilter, STOCK_FILTERS, stockFilterQuery } from "~/domain/catalogue-listing";
import { parsePage } from "~/domain/feathers-query";
import { MATRIX_OPTIONS } from "~/domain/matrix";
import { pageCount } from "~/domain/paging";
import { chosenOptions } from "~/domain/product-options";
import { productListQuery, productListSchema, type ProductListFilters } from "~/domain/product-query";
import { quickViewQuantity } from "~/domain/quick-view";
import { findItemBySlug, listItems } from "~/upstream/items.server";
import { cardsOf, type CardView } from "./product-cards.server";
import { productView } from "./product.server";

type ListingTarget = Pick<ProductListFilters, "categoryId" | "scope" | "catalogueId" | "q">;

/** Set on the address a quick add goes back to, so the quick view shows its quantity back at 0 (SPEC §4). */
export const QUICK_ADDED = "added";
// the quick view's own parameters, dropped when it closes or another opens
const QUICK_VIEW_PARAMS: readonly string[] = ["quickview", QUICK_ADDED, ...MATRIX_OPTIONS];
const WITHOUT_QUICK_VIEW = Object.fromEntries(QUICK_VIEW_PARAMS.map((k) => [k, null]));

const filtersSchema = productListSchema.pick({ en: true, colour: true, sort: true });

/** The filters a listing URL carries (SPEC §7 listing parameters); bad values are dropped, not failed. */
export function listingFilters(url: URL) {
  const p = url.searchParams;
  const parsed = filtersSchema.parse({
    en: p.get("en") ?? undefined,
    colour: p.get("colour") ?? undefined,
    sort: p.get("sort") ?? undefined,
  });
  return { ...parsed, stock: parseStockFilter(p.get("stock")), page: parsePage(p.get("page")) };
}

/**
 * The links of a page that opens quick views, made here so the browser needs no code for them: open one (the
 * page's other parameters kept), close it, and the page's address without a page number (paging adds it).
 */
export function quickViewLinks(url: URL) {
  const params = url.searchParams;
  const page = params.get("page");
  const here = (changes: Record<string, string | null>) =>
    url.pathname + listingSearch(params, { ...WITHOUT_QUICK_VIEW, ...changes });
  return {
    pathname: url.pathname,
    open: (slug: string) => here({ quickview: slug, page }),
    close: here({ page }),
    pageBase: here({ page: null }),
  };
}

/** Cards with their quick-view links (`open(slug)`), for pages that open quick views. */
export function withQuickViews(cards: readonly CardView[], open: (slug: string) => string): CardView[] {
  return cards.map((card) => ({ ...card, quickView: open(card.slug) }));
}

/** The quick view asked for by ?quickview={slug}, or null (an unknown slug just shows no modal). */
export async function loadQuickView(user: PortalUser, url: URL) {
  const slug = url.searchParams.get("quickview");
  if (!slug) return null;
  const item = await findItemBySlug(user.upstream, slug);
  if (!item) return null;
  const product = productView(item, chosenOptions(url.searchParams), user);
  const params = url.searchParams;
  return {
    product,
    close: quickViewLinks(url).close,
    /** what the option form carries along besides the options */
    keep: [...params.entries()].filter(
      ([k]) => k !== QUICK_ADDED && !(MATRIX_OPTIONS as readonly string[]).includes(k),
    ),
    qty: quickViewQuantity(product.orderable?.minimum ?? 0, params.has(QUICK_ADDED)),
    /** where a quick add comes back to: this page, quick view open, quantity back at 0 */
    addedTo: url.pathname + listingSearch(params, { [QUICK_ADDED]: "1", page: params.get("page") }),
  };
}
export type QuickViewData = NonNullable<Awaited<ReturnType<typeof loadQuickView>>>;

/** One page of products (16) for a category, a catalogue or a search, and the quick view if open. */
export async function loadListing(user: PortalUser, request: Request, target: ListingTarget) {
  const url = new URL(request.url);
  const filters = listingFilters(url);
  const query = {
    ...productListQuery({ ...target, page: filters.page, en: filters.en, colour: filters.colour, sort: filters.sort }),
    ...stockFilterQuery(filters.stock),
  };
  const [list, quickView] = await Promise.all([listItems(user.upstream, query), loadQuickView(user, url)]);
  const links = quickViewLinks(url);
  return {
    cards: withQuickViews(cardsOf(list.data, user), links.open),
    total: list.total,
    page: filters.page,
    pages: pageCount(list.total),
    filters: {
      en: filters.en ?? "",
      colour: filters.colour ?? "",
      stock: filters.stock ?? "",
      sort: filters.sort ?? "",
    },
    stockFilters: Object.entries(STOCK_FILTERS),
    links: { pathname: links.pathname, pageBase: links.pageBase },
    quickView,
    // decision 166: where an empty listing sends the user on (only what this user may open)
    browse: nextSteps(user, [...CATALOGUE_STEPS, { to: "/search", label: "Search the catalogue" }]).filter(
      (step) => step.to !== links.pathname,
    ),
  };
}
export type Listing = Awaited<ReturnType<typeof loadListing>>;
