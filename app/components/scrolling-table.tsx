import type { ReactNode } from "react";
import { LabelledTableBody } from "./table-labels";

/** A column's heading; `{ money }` heads a column of amounts, set right (orders.css `.order-table__money`). */
type Heading = string | { money: string };

/**
 * An order-style table (orders.css `.order-table`) in its own scrolling box, for tables wider than a phone: the box is
 * a named region the keyboard can reach and scroll (axe scrollable-region-focusable). Name it by `label` or by the
 * id of its heading (`labelledBy`). Under 600 px its rows stack, each cell labelled by its column's heading
 * (table-labels.tsx, decision 160), so it never needs to scroll on a phone.
 */
export function ScrollingTable({
  label,
  labelledBy,
  headings,
  children,
}: {
  label?: string;
  labelledBy?: string;
  /** the columns' headings, drawn as the table's head; without them the children carry their own `<thead>` */
  headings?: readonly Heading[];
  children: ReactNode;
}) {
  return (
    <div className="order-table__scroll" role="region" aria-label={label} aria-labelledby={labelledBy} tabIndex={0}>
      <table className="order-table data-table">
        <LabelledTableBody>
          {headings ? (
            <thead>
              <tr>
                {headings.map((heading) =>
                  typeof heading === "string" ? (
                    <th key={heading} scope="col">
                      {heading}
                    </th>
                  ) : (
                    <th key={heading.money} scope="col" className="order-table__money">
                      {heading.money}
                    </th>
                  ),
                )}
              </tr>
            </thead>
          ) : null}
          {children}
        </LabelledTableBody>
      </table>
    </div>
  );
}
