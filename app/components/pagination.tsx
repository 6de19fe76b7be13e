import { Link, useLocation } from "@remix-run/react";
import { pageControls, pageHref, type PageControl } from "~/domain/paging";
import { countOf, type Noun } from "~/domain/plural";

const STEP_TEXT = { first: "First", previous: "Previous", next: "Next", last: "Last" } as const;
const STEP_REL = { previous: "prev", next: "next" } as const;

/**
 * The one paging control of every list: plain links, so paging works without JavaScript. Each link is `base` (by
 * default the current address, so the filters stay) with only the page changed. First and previous are left out on
 * the first page, next and last on the last (pageControls). With `total` and `counted` it also says
 * "Page 2 of 5 (73 orders)", even when there is one page.
 */
export function Pagination({
  page,
  pages,
  base,
  total,
  counted,
}: {
  page: number;
  pages: number;
  base?: string;
  total?: number;
  /** The counted noun ("order", or both forms): "(1 order)", "(73 orders)" (countOf, decision 166). */
  counted?: Noun;
}) {
  const location = useLocation();
  const from = base ?? `${location.pathname}${location.search}`;
  const summary = total !== undefined && counted ? `Page ${page} of ${pages} (${countOf(total, counted)})` : null;
  if (pages <= 1 && !summary) return null;
  const controls = pageControls(page, pages);
  return (
    <nav className="pagination" aria-label="Pagination">
      {summary ? <p className="pagination__summary">{summary}</p> : null}
      {controls.length > 0 ? (
        <ul>
          {controls.map((control) => (
            <PageItem
              key={control.kind === "gap" ? control.key : `${control.kind}-${control.page}`}
              control={control}
              from={from}
            />
          ))}
        </ul>
      ) : null}
    </nav>
  );
}

function PageItem({ control, from }: { control: PageControl; from: string }) {
  if (control.kind === "gap") return <li aria-hidden="true">…</li>;
  if (control.kind === "page") {
    return (
      <li>
        <Link
          to={pageHref(from, control.page)}
          aria-current={control.current ? "page" : undefined}
          aria-label={`Page ${control.page}`}
        >
          {control.page}
        </Link>
      </li>
    );
  }
  const rel = control.kind === "previous" || control.kind === "next" ? STEP_REL[control.kind] : undefined;
  return (
    <li>
      <Link to={pageHref(from, control.page)} rel={rel} className={`pagination__step pagination__${control.kind}`}>
        {STEP_TEXT[control.kind]}
        <span className="visually-hidden"> page</span>
      </Link>
    </li>
  );
}
