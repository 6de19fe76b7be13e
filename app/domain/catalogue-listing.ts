// Catalogue browsing rules the SPEC leaves to the portal (decision 060): which catalogue a user browses,
// the stock filter, listing links and finding a category by its path (paging is in ./paging).
import type { AccountLike } from "./permissions";

export type CatalogueType = "my" | "full" | "user";

export const CATALOGUE_NAMES: Record<CatalogueType, string> = {
  full: "Full catalogue",
  my: "My catalogue",
  user: "Your catalogue",
};

const CATALOGUE_PERMISSIONS: readonly [CatalogueType, string][] = [
  ["my", "canViewMyCatalogue"],
  ["full", "canViewFullCatalogue"],
  ["user", "canViewUserCatalogue"],
];

/** The catalogues a user may browse, their own ("my") first: it is the narrower, customer-specific one. */
export function visibleCatalogues(account: AccountLike): CatalogueType[] {
  return CATALOGUE_PERMISSIONS.filter(([, p]) => account.permissions.includes(p)).map(([type]) => type);
}

/** The catalogue /product-category and search open in, or null when the user has no stock catalogue. */
export function defaultCatalogue(account: AccountLike): CatalogueType | null {
  return visibleCatalogues(account)[0] ?? null;
}

/** The upstream item scope for a search: the full catalogue when allowed, else the user's own. */
export function searchScope(account: AccountLike): "full" | "my" | null {
  const types = visibleCatalogues(account);
  if (types.includes("full")) return "full";
  if (types.includes("my")) return "my";
  return null;
}

export const STOCK_FILTERS = { "in-stock": "In stock", "special-order": "Special order" } as const;
export type StockFilter = keyof typeof STOCK_FILTERS;

export function parseStockFilter(value: unknown): StockFilter | undefined {
  return value === "in-stock" || value === "special-order" ? value : undefined;
}

/** SPEC §7 stock / special-order filter as upstream item fields. */
export function stockFilterQuery(value: StockFilter | undefined): Record<string, string> {
  if (value === "in-stock") return { inStock: "true" };
  if (value === "special-order") return { isSpecialOrder: "true" };
  return {};
}

/**
 * The query string of a listing link: the current parameters with some changed. A change to anything
 * but the page starts again at page 1; page 1 and empty values are left out so links stay short.
 */
export function listingSearch(current: URLSearchParams, changes: Record<string, string | number | null>): string {
  const next = new URLSearchParams(current);
  if (!("page" in changes)) next.delete("page");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "" || (key === "page" && Number(value) <= 1)) next.delete(key);
    else next.set(key, String(value));
  }
  const text = next.toString();
  return text ? `?${text}` : "";
}

export interface PathCategory {
  internalId: string;
  slug: string;
  fullSlug?: string;
  children: PathCategory[];
}

/**
 * The trail of categories down a path like "hi-vis/hi-vis-jackets" (each segment a slug), or null when a
 * segment matches nothing. An empty path is the catalogue's root (an empty trail).
 */
export function categoryTrail<C extends PathCategory>(tree: readonly C[], path: string): C[] | null {
  const segments = path.split("/").filter(Boolean);
  const trail: C[] = [];
  let level: readonly C[] = tree;
  for (const segment of segments) {
    const found = level.find((c) => c.slug.toLowerCase() === segment.toLowerCase());
    if (!found) return null;
    trail.push(found);
    level = found.children as C[];
  }
  return trail;
}
