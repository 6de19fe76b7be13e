import { Link, useLocation } from "@remix-run/react";
import { pageHref, pageLinks } from "~/domain/paging";

/**
 * The one paging control of every list: plain links, so paging works without JavaScript. Each link is `base` (by
 * default the current address, so the filters stay) with only the page changed. With `total` and `noun` it also
 * says "Page 2 of 5 (73 orders)", even when there is one page.
 */
export function Pagination({ page, pages, base, total, noun }: { page: number; pages: number; base?: string; total?: number; noun?: string }) {
  const location = useLocation();
  const from = base ?? `${location.pathname}${location.search}`;
  const summary = total !== undefined && noun ? `Page ${page} of ${pages} (${total} ${noun})` : null;
  if (pages <= 1 && !summary) return null;
  return (
    <nav className="pagination" aria-label="Pagination">
      {summary ? <p className="pagination__summary">{summary}</p> : null}
      {pages > 1 ? (
        <ul>
          {page > 1 ? (
            <li>
              <Link to={pageHref(from, page - 1)} rel="prev">
                Previous<span className="visually-hidden"> page</span>
              </Link>
            </li>
          ) : null}
          {pageLinks(page, pages).map((p, i) =>
            p === null ? (
              <li key={`gap-${i}`} aria-hidden="true">
                …
              </li>
            ) : (
              <li key={p}>
                <Link to={pageHref(from, p)} aria-current={p === page ? "page" : undefined} aria-label={`Page ${p}`}>
                  {p}
                </Link>
              </li>
            ),
          )}
          {page < pages ? (
            <li>
              <Link to={pageHref(from, page + 1)} rel="next">
                Next<span className="visually-hidden"> page</span>
              </Link>
            </li>
          ) : null}
        </ul>
      ) : null}
    </nav>
  );
}
