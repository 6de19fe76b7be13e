import type { ReactNode } from "react";
import { LabelledTableBody } from "./table-labels";

// One table for product lines (issue 12 item 3): the basket, a saved basket and quick order's report render their
// lines through it. The table, its caption and header row and the product cell are the same everywhere; each page
// gives the rows, since what a row does (a fetcher per line, a plain form, a report) is the page's. Under 600 px the
// rows stack, each cell labelled by its column (table-labels.tsx, decision 160); a row that is a component of its own
// renders LabelledRow for its <tr>.

/** A column heading; `{ hidden }` is one for screen readers only (a column of buttons). */
export type LineColumn = string | { hidden: string };

export function LineTable({
  className,
  caption,
  columns,
  children,
}: {
  className: string;
  caption?: string;
  columns: readonly LineColumn[];
  children: ReactNode;
}) {
  return (
    <table className={`${className} data-table`}>
      <LabelledTableBody columns={columns.map((column) => (typeof column === "string" ? column : null))}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          <tr>
            {columns.map((column) =>
              typeof column === "string" ? (
                <th key={column} scope="col">
                  {column}
                </th>
              ) : (
                <th key={column.hidden} scope="col">
                  <span className="visually-hidden">{column.hidden}</span>
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </LabelledTableBody>
    </table>
  );
}

/** A line's product: its picture and name, with the lines below the name (options, code, a notice) muted. */
export function LineProduct({
  thumbnail,
  name,
  details,
}: {
  thumbnail: string;
  name: string;
  details?: readonly (string | null | false | undefined)[];
}) {
  const shown = (details ?? []).filter((detail): detail is string => typeof detail === "string" && detail !== "");
  return (
    <div className="basket-line__product">
      <img src={thumbnail} alt="" width={64} height={64} loading="lazy" />
      <div>
        <strong>{name}</strong>
        {shown.map((detail) => (
          <div key={detail} className="muted">
            {detail}
          </div>
        ))}
      </div>
    </div>
  );
}
