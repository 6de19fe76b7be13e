import { Form, Link } from "@remix-run/react";
import type { CategoryLink } from "~/catalogue/category-page.server";
import type { Listing } from "~/catalogue/listing.server";
import { EmptyState } from "./empty-state";
import { Pagination } from "./pagination";
import { ProductGrid } from "./product-card";
import { preloadQuickView, QuickView } from "./quick-view";
import { countOf } from "~/domain/plural";

const SORTS = [
  ["", "Recommended"],
  ["name-asc", "Name A–Z"],
  ["name-desc", "Name Z–A"],
  ["price-asc", "Price, low to high"],
  ["price-desc", "Price, high to low"],
] as const;

/** Filters, product grid, paging and the quick view of a category page or a search. */
export function CatalogueListing({ listing, hidden = [] }: { listing: Listing; hidden?: [string, string][] }) {
  const { pathname, pageBase } = listing.links;
  return (
    <>
      <Form method="get" action={pathname} className="catalogue-filters" aria-label="Filter products">
        {hidden.map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div className="field">
          <label htmlFor="filter-en">EN standard</label>
          <input id="filter-en" name="en" defaultValue={listing.filters.en} placeholder="e.g. EN ISO 20471" />
        </div>
        <div className="field">
          <label htmlFor="filter-colour">Colour</label>
          <input id="filter-colour" name="colour" defaultValue={listing.filters.colour} placeholder="e.g. Navy" />
        </div>
        <div className="field">
          <label htmlFor="filter-stock">Availability</label>
          <select id="filter-stock" name="stock" defaultValue={listing.filters.stock}>
            <option value="">In stock and special order</option>
            {listing.stockFilters.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="filter-sort">Sort by</label>
          <select id="filter-sort" name="sort" defaultValue={listing.filters.sort}>
            {SORTS.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          Apply filters
        </button>
      </Form>
      <p className="listing-count" role="status">
        {countOf(listing.total, "product")}
        {listing.pages > 1 ? ` · page ${listing.page} of ${listing.pages}` : ""}
      </p>
      {listing.cards.length === 0 ? (
        <NoProducts listing={listing} q={hidden.find(([name]) => name === "q")?.[1] ?? ""} />
      ) : (
        <ProductGrid cards={listing.cards} label="Products" headingLevel={2} onQuickViewIntent={preloadQuickView} />
      )}
      <Pagination page={listing.page} pages={listing.pages} base={pageBase} />
      {listing.quickView ? <QuickView quickView={listing.quickView} /> : null}
    </>
  );
}

/**
 * An empty listing names the next step (decision 166): with filters, the same listing without them; a search that
 * found nothing, what to type instead and the catalogue; an empty category, the catalogue and the search.
 */
function NoProducts({ listing, q }: { listing: Listing; q: string }) {
  const { en, colour, stock } = listing.filters;
  if (en || colour || stock) {
    const all = `${listing.links.pathname}${q ? `?${new URLSearchParams({ q }).toString()}` : ""}`;
    return (
      <EmptyState steps={[{ to: all, label: q ? `Show every result for “${q}”` : "Show every product here" }]}>
        No products match these filters.
      </EmptyState>
    );
  }
  if (q)
    return (
      <EmptyState steps={listing.browse.filter((step) => step.to !== "/search")}>
        Nothing was found for “{q}”. Try one word (“jacket”, “boot”) or the start of a product code, or browse the
        catalogue.
      </EmptyState>
    );
  return <EmptyState steps={listing.browse}>There are no products here yet.</EmptyState>;
}

/** The category tree as nested links, the current trail marked. */
export function CategoryNav({
  categories,
  activeIds,
  label,
}: {
  categories: readonly CategoryLink[];
  activeIds: readonly string[];
  label: string;
}) {
  if (categories.length === 0) return null;
  return (
    <nav className="category-nav" aria-label={label}>
      <CategoryList categories={categories} activeIds={activeIds} />
    </nav>
  );
}

function CategoryList({
  categories,
  activeIds,
}: {
  categories: readonly CategoryLink[];
  activeIds: readonly string[];
}) {
  return (
    <ul>
      {categories.map((c) => {
        const active = activeIds.includes(c.internalId);
        const current = activeIds[activeIds.length - 1] === c.internalId;
        return (
          <li key={c.internalId}>
            <Link to={c.to} aria-current={current ? "page" : undefined} className={active ? "is-active" : undefined}>
              {c.name}
            </Link>
            {active && c.children.length ? <CategoryList categories={c.children} activeIds={activeIds} /> : null}
          </li>
        );
      })}
    </ul>
  );
}
