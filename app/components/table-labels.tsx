import { Children, Fragment, cloneElement, createContext, isValidElement, useContext } from "react";
import type { ComponentPropsWithoutRef, ReactElement, ReactNode } from "react";

// Issue 34 item 2 (decision 160): under 600 px every data table stacks, a row a block and each cell a line of its
// column's label and its value (app.css `.data-table`). The label travels in the cell's `data-label`, which the CSS
// shows; this module puts it there, once for every table: from the head's column headings (ScrollingTable) or the
// columns given (LineTable). Rows written inline are labelled as the table renders; a row that is a component of its
// own renders `LabelledRow` instead of `<tr>`, which reads the table's labels from context.

/** The labels of a table's columns, in order; null for a column whose heading is for screen readers only. */
type ColumnLabels = readonly (string | null)[];

const Labels = createContext<ColumnLabels>([]);

type CellProps = { children?: ReactNode; className?: string; colSpan?: number; "data-label"?: string };

function isElement(node: ReactNode, type: string): node is ReactElement<CellProps> {
  return isValidElement(node) && node.type === type;
}

/** Children flattened through arrays and fragments, as React would render them side by side. */
function flat(children: ReactNode): ReactNode[] {
  return Children.toArray(children).flatMap((child) =>
    isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment ? flat(child.props.children) : [child],
  );
}

/** The text a heading shows, leaving out what only screen readers hear (`.visually-hidden`). */
function shownText(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (!isValidElement<CellProps>(node)) return Array.isArray(node) ? node.map(shownText).join("") : "";
  if (node.props.className?.split(" ").includes("visually-hidden")) return "";
  return flat(node.props.children).map(shownText).join("");
}

/** Each cell of a row with the label of the column it sits in; a cell spanning columns (a row group's heading) has none. */
function labelCells(labels: ColumnLabels, cells: ReactNode): ReactNode[] {
  let column = 0;
  return flat(cells).map((cell) => {
    if (!isElement(cell, "td") && !isElement(cell, "th")) return cell;
    const span = cell.props.colSpan ?? 1;
    const label = span === 1 ? labels[column] : null;
    column += span;
    return label && cell.props["data-label"] === undefined ? cloneElement(cell, { "data-label": label }) : cell;
  });
}

function labelRows(labels: ColumnLabels, rows: ReactNode): ReactNode[] {
  return flat(rows).map((row) =>
    isElement(row, "tr") ? cloneElement(row, {}, ...labelCells(labels, row.props.children)) : row,
  );
}

/** Column labels from a `<thead>`'s first row. */
function headLabels(children: ReactNode): ColumnLabels {
  const head = flat(children).find((child) => isElement(child, "thead"));
  const row = head ? flat(head.props.children).find((child) => isElement(child, "tr")) : undefined;
  if (!row) return [];
  return flat(row.props.children).flatMap((cell) => {
    if (!isElement(cell, "th") && !isElement(cell, "td")) return [];
    const text = shownText(cell).trim();
    return Array<string | null>(cell.props.colSpan ?? 1).fill(text === "" ? null : text);
  });
}

/**
 * A table's body rows labelled, and the labels handed to rows that are components: `columns` if given, else the
 * labels of the head among `children`. Foot rows (totals) keep their own row headings and are left as they are.
 */
export function LabelledTableBody({ columns, children }: { columns?: ColumnLabels; children: ReactNode }) {
  const labels = columns ?? headLabels(children);
  return (
    <Labels.Provider value={labels}>
      {flat(children).map((child) =>
        isElement(child, "tbody") ? cloneElement(child, {}, ...labelRows(labels, child.props.children)) : child,
      )}
    </Labels.Provider>
  );
}

/** A `<tr>` for a row that is a component of its own: its cells take the labels of the table it is in. */
export function LabelledRow({ children, ...props }: ComponentPropsWithoutRef<"tr">) {
  return <tr {...props}>{labelCells(useContext(Labels), children)}</tr>;
}
