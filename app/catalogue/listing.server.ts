import type { PortalUser } from "~/auth/require-user.server";
import { pageCount, parseStockFilter, stockFilterQuery } from "~/domain/catalogue-listing";
import { parsePage } from "~/domain/feathers-query";
import { chosenOptions } from "~/domain/product-options";
import { productListQuery, productListSchema, type ProductListFilters } from "~/domain/product-query";
import { findItemBySlug, listItems } from "~/upstream/items.server";
import { cardsOf, productView } from "./product.server";

type ListingTarget = Pick<ProductListFilters, "categoryId" | "scope" | "catalogueId" | "q">;

/** The filters a listing URL carries (SPEC §7 listing parameters); bad values are dropped, not failed. */
export function listingFilters(url: URL) {
  const p = url.searchParams;
  const parsed = productListSchema.pick({ en: true, colour: true, sort: true }).parse({
    en: p.get("en") ?? undefined,
    colour: p.get("colour") ?? undefined,
    sort: p.get("sort") ?? undefined,
  });
  return { ...parsed, stock: parseStockFilter(p.get("stock")), page: parsePage(p.get("page")) };
}

/** The quick view asked for by ?quickview={slug}, or null (an unknown slug just shows no modal). */
export async function loadQuickView(user: PortalUser, url: URL) {
  const slug = url.searchParams.get("quickview");
  if (!slug) return null;
  const item = await findItemBySlug(user.upstream, slug);
  return item ? productView(item, chosenOptions(url.searchParams), user) : null;
}

/** One page of products (16) for a category, a catalogue or a search, and the quick view if open. */
export async function loadListing(user: PortalUser, request: Request, target: ListingTarget) {
  const url = new URL(request.url);
  const filters = listingFilters(url);
  const query = {
    ...productListQuery({ ...target, page: filters.page, en: filters.en, colour: filters.colour, sort: filters.sort }),
    ...stockFilterQuery(filters.stock),
  };
  const [list, quickView] = await Promise.all([listItems(user.upstream, query), loadQuickView(user, url)]);
  return {
    cards: cardsOf(list.data, user),
    total: list.total,
    page: filters.page,
    pages: pageCount(list.total),
    filters: { en: filters.en ?? "", colour: filters.colour ?? "", stock: filters.stock ?? "", sort: filters.sort ?? "" },
    quickView,
  };
}
export type Listing = Awaited<ReturnType<typeof loadListing>>;
