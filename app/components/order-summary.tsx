import type { SummaryTotals } from "~/checkout/checkout.server";

export type SummaryLine = { productId: string; name: string; options: string[]; qty: number; amountText: string };

/**
 * The checkout's order summary (issue 14 item 2, decision 085): the basket's lines, then the subtotal, delivery, VAT
 * and total of the provider's quote for the delivery method chosen. All text comes worded from the server ("Price on
 * application" for an account whose prices are hidden); when there is no quote, the reason takes the totals' place.
 */
export function OrderSummary({
  lines,
  totals,
  fallbackSubTotal,
  busy,
}: {
  lines: readonly SummaryLine[];
  totals: SummaryTotals | null;
  /** The basket's own subtotal, shown while no quote can be given. */
  fallbackSubTotal: string;
  busy: boolean;
}) {
  const quoted = totals && !totals.problem;
  return (
    <aside className="order-summary" aria-labelledby="order-summary-heading">
      <h2 id="order-summary-heading">Order summary</h2>
      <ul className="order-summary__lines">
        {lines.map((line) => (
          <li key={line.productId} className="order-summary__line">
            <span className="order-summary__name">
              <span>
                {line.qty} × {line.name}
              </span>
              {line.options.length ? <span className="order-summary__options">{line.options.join(", ")}</span> : null}
            </span>
            <span className="order-summary__amount">{line.amountText}</span>
          </li>
        ))}
      </ul>
      {/* announced when the delivery method changes the figures (with JavaScript the page refreshes them in place) */}
      <div
        aria-live="polite"
        aria-busy={busy || undefined}
        className={busy ? "order-summary__figures order-summary__figures--busy" : "order-summary__figures"}
      >
        <dl className="order-summary__totals">
          <div>
            <dt>Subtotal</dt> <dd>{quoted ? totals.subTotalText : fallbackSubTotal}</dd>
          </div>
          {quoted ? (
            <>
              <div>
                <dt>Delivery</dt> <dd>{totals.shippingText}</dd>
              </div>
              <div>
                <dt>VAT</dt> <dd>{totals.taxText}</dd>
              </div>
              <div className="order-summary__total">
                <dt>Total</dt> <dd>{totals.totalText}</dd>
              </div>
            </>
          ) : null}
        </dl>
        {quoted ? null : (
          <p className="muted">{totals?.problem ?? "Delivery and VAT are added when the order is placed."}</p>
        )}
      </div>
    </aside>
  );
}
