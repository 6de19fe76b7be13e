import { Link, useLocation } from "@remix-run/react";
import type { OrderSummary } from "~/orders/order-view.server";
import { StatusLabel } from "./status-label";

/** A table of orders linking to their detail under `basePath`. */
export function OrderTable({ orders, basePath, caption }: { orders: OrderSummary[]; basePath: string; caption: string }) {
  if (orders.length === 0) return <p className="notice">No orders found.</p>;
  return (
    <div className="order-table__scroll">
      <table className="order-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Order</th>
            <th scope="col">Reference</th>
            <th scope="col">Date</th>
            <th scope="col">Ordered by</th>
            <th scope="col">Type</th>
            <th scope="col">Status</th>
            <th scope="col" className="order-table__money">
              Total
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <tr key={o.id}>
              <th scope="row">
                <Link to={`${basePath}/${o.id}`}>{o.tranId}</Link>
              </th>
              <td>{o.otherRefNum}</td>
              <td>{o.created}</td>
              <td>{o.orderedBy}</td>
              <td>{o.type}</td>
              <td>
                <StatusLabel status={o.status} />
              </td>
              <td className="order-table__money">{o.total}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Previous/next links keeping every other query parameter (filters, sort, view). */
export function Pagination({ page, pageCount, total }: { page: number; pageCount: number; total: number }) {
  const location = useLocation();
  const to = (n: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(n));
    return `${location.pathname}?${params}`;
  };
  return (
    <nav className="pagination" aria-label="Pages">
      {page > 1 ? <Link to={to(page - 1)}>Previous page</Link> : null}
      <span>
        Page {page} of {pageCount} ({total} orders)
      </span>
      {page < pageCount ? <Link to={to(page + 1)}>Next page</Link> : null}
    </nav>
  );
}
