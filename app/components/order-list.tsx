import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import type { OrderSummary } from "~/orders/order-view.server";
import { StatusLabel } from "./status-label";
import { ScrollingTable } from "./scrolling-table";

/** A column of an order table: its heading, what a row shows in it, and whether it holds money (right-aligned). */
export interface OrderColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  money?: boolean;
}

/**
 * The one table of order lists (order history, orders to approve) and punchout baskets: the columns come from the
 * caller, the first one heads its row (it holds the link to the row's detail). With no rows it shows `empty` (words, or
 * an EmptyState naming the next step, decision 166).
 */
export function OrderTable<Row extends { id: string | number }>({
  rows,
  columns,
  caption,
  empty,
}: {
  rows: readonly Row[];
  columns: readonly OrderColumn<Row>[];
  caption: string;
  empty: ReactNode;
}) {
  if (rows.length === 0) return typeof empty === "string" ? <p className="notice">{empty}</p> : empty;
  const money = (column: OrderColumn<Row>) => (column.money ? "order-table__money" : undefined);
  return (
    <ScrollingTable label={caption}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={money(column)}>
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            {columns.map((column, i) =>
              i === 0 ? (
                <th key={column.header} scope="row" className={money(column)}>
                  {column.cell(row)}
                </th>
              ) : (
                <td key={column.header} className={money(column)}>
                  {column.cell(row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </ScrollingTable>
  );
}

/** The columns of an order list whose rows link to their detail under `basePath`. */
export function orderColumns(basePath: string): OrderColumn<OrderSummary>[] {
  return [
    { header: "Order", cell: (o) => <Link to={`${basePath}/${o.id}`}>{o.tranId}</Link> },
    { header: "Reference", cell: (o) => o.otherRefNum },
    { header: "Date", cell: (o) => o.created },
    { header: "Ordered by", cell: (o) => o.orderedBy },
    { header: "Type", cell: (o) => o.type },
    { header: "Status", cell: (o) => <StatusLabel status={o.status} /> },
    { header: "Total", cell: (o) => o.total, money: true },
  ];
}
