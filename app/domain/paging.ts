// Paging of every list (catalogue listing, order history, orders to approve, punchout baskets): one page count,
// one reading of ?page, one set of page links. SPEC §7: pages of PAGE_SIZE, page numbers from 1.
import { PAGE_SIZE } from "./constants";
import { parsePage } from "./feathers-query";

/** How many pages `total` rows fill, at least one (an empty list is one empty page). */
export function pageCount(total: number, size: number = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / size));
}

/** The page asked for, pulled back to the last page that exists. */
export function currentPage(value: unknown, total: number, size: number = PAGE_SIZE): number {
  return Math.min(parsePage(value), pageCount(total, size));
}

/** Page numbers to link, with null for a gap: 1 … 4 5 6 … 20. */
export function pageLinks(page: number, pages: number, around = 1): (number | null)[] {
  const out: (number | null)[] = [];
  for (let p = 1; p <= pages; p++) {
    if (p === 1 || p === pages || Math.abs(p - page) <= around) out.push(p);
    else if (out[out.length - 1] !== null) out.push(null);
  }
  return out;
}

/**
 * The address of another page of a list: `base` (a path with its query, the filters) with only the page changed.
 * Page 1 is left out so the first page has one address.
 */
export function pageHref(base: string, page: number): string {
  const [pathname, query = ""] = base.split("?", 2);
  const params = new URLSearchParams(query);
  if (page <= 1) params.delete("page");
  else params.set("page", String(page));
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

/** One control of the paging bar: a step link (first, previous, next, last), a numbered page, or a gap (…). */
export type PageControl =
  | { kind: "first" | "previous" | "next" | "last"; page: number }
  | { kind: "page"; page: number; current: boolean }
  | { kind: "gap"; key: string };

/**
 * The paging bar of page `page` of `pages`, in order: first and previous (left out on the first page), the numbered
 * pages with gaps (pageLinks), next and last (left out on the last page). One page: no controls.
 */
export function pageControls(page: number, pages: number): PageControl[] {
  if (pages <= 1) return [];
  const current = Math.min(Math.max(1, page), pages);
  const out: PageControl[] = [];
  if (current > 1) out.push({ kind: "first", page: 1 }, { kind: "previous", page: current - 1 });
  pageLinks(current, pages).forEach((p, i) =>
    out.push(p === null ? { kind: "gap", key: `gap-${i}` } : { kind: "page", page: p, current: p === current }),
  );
  if (current < pages) out.push({ kind: "next", page: current + 1 }, { kind: "last", page: pages });
  return out;
}
