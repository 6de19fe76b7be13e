import { Link } from "@remix-run/react";
import type { StatusView } from "~/orders/order-view.server";
import { StatusLabel } from "./status-label";

export type Confirmation = {
  internalId: string;
  tranId: string;
  otherRefNum: string | null;
  /** The order's status as the history and the order's page name it (decision 166). */
  status: StatusView;
  /** What happens next, said after "Your order is <status>:". */
  nextStep: string;
  awaitingApproval: boolean;
  /** dd.mm.yy */
  created: string;
  lines: Array<{ key: number; name: string; code: string; qty: number }>;
  /** a wearer-pack order's lines by wearer, each with where they go (decision 104); null for a stock order */
  wearers: Array<{
    key: string;
    name: string;
    address: string[];
    lines: Confirmation["lines"];
  }> | null;
  address: string[];
  /** Worded amounts: "£12.50", or "Price on application" where the account's prices are hidden (decision 058). */
  subTotal: string;
  shippingCost: string;
  taxTotal: string;
  total: string;
};

/** The order number, a summary and what happens next, shown after checkout. */
export function CheckoutConfirmation({ order }: { order: Confirmation }) {
  return (
    <div className="checkout stack">
      <h1>Thank you for your order</h1>
      <p className="lead">
        Your order number is <strong>{order.tranId}</strong>.
      </p>
      <p className={`notice notice--${order.awaitingApproval ? "info" : "success"}`}>
        Your order is {order.status.label}: {order.nextStep}
      </p>
      <section aria-labelledby="confirmation-summary" className="stack">
        <h2 id="confirmation-summary">Summary</h2>
        <dl className="basket-totals">
          <dt>Status</dt>
          <dd>
            <StatusLabel status={order.status} />
          </dd>
          <dt>Ordered on</dt>
          <dd>{order.created}</dd>
          {order.otherRefNum ? (
            <>
              <dt>Your reference</dt>
              <dd>{order.otherRefNum}</dd>
            </>
          ) : null}
          <dt>Subtotal</dt>
          <dd>{order.subTotal}</dd>
          <dt>Delivery</dt>
          <dd>{order.shippingCost}</dd>
          <dt>VAT</dt>
          <dd>{order.taxTotal}</dd>
          <dt>Total</dt>
          <dd>{order.total}</dd>
        </dl>
        {order.wearers ? (
          order.wearers.map((wearer) => (
            <section key={wearer.key} aria-labelledby={`confirmation-wearer-${wearer.key}`} className="stack">
              <h3 id={`confirmation-wearer-${wearer.key}`}>{wearer.name}</h3>
              <LineList lines={wearer.lines} />
              {wearer.address.length ? <p>Delivering to: {wearer.address.join(", ")}</p> : null}
            </section>
          ))
        ) : (
          <LineList lines={order.lines} />
        )}
        {order.address.length && !order.wearers ? <p>Delivering to: {order.address.join(", ")}</p> : null}
      </section>
      <p>
        <Link to={`/order-history/${order.internalId}`}>View this order in your order history</Link> ·{" "}
        <Link to="/">Continue shopping</Link>
      </p>
    </div>
  );
}

function LineList({ lines }: { lines: Confirmation["lines"] }) {
  return (
    <ul>
      {lines.map((line) => (
        <li key={line.key}>
          {line.qty} × {line.name}
          {line.code ? <span className="line-code"> · {line.code}</span> : null}
        </li>
      ))}
    </ul>
  );
}
