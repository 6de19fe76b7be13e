import { Form } from "@remix-run/react";
import { BasketActions, BasketLineRow, InstructionsForm, type BasketView as View } from "./basket-forms";
import { Choice } from "./choice";
import { EmptyState } from "./empty-state";
import { LineProduct, LineTable } from "./line-table";
import { TransferBasketForm } from "./punchout-bar";
import { countOf } from "~/domain/plural";

// The stock basket on /basket (app/routes/_basket.basket.tsx), the choice between the baskets, and the read-only basket
// of an inspect punchout session.

/** Which basket the page shows: only for a user who may use both (decision 161). */
export function BasketChoice({ view, isStock }: { view: View; isStock: boolean }) {
  return (
    <Form method="post" className="basket__type" aria-label="Basket type">
      <input type="hidden" name="intent" value="basket-type" />
      <fieldset>
        <legend>Which basket</legend>
        <Choice
          name="basketType"
          value="stock-order-basket"
          defaultChecked={isStock}
          label={`Stock basket (${view.count})`}
        />
        <Choice
          name="basketType"
          value="manpack-order-basket"
          defaultChecked={!isStock}
          label={`Wearer-pack basket (${countOf(view.packs.length, "wearer")})`}
        />
        <button type="submit" className="button button--small">
          Show basket
        </button>
      </fieldset>
    </Form>
  );
}

export function StockBasket({ view, busy }: { view: View; busy: boolean }) {
  if (view.lines.length === 0) {
    return (
      <section aria-labelledby="stock-heading" className="stack">
        <h2 id="stock-heading">Stock basket</h2>
        <EmptyState steps={view.emptySteps.stock}>Your stock basket is empty.</EmptyState>
      </section>
    );
  }
  return (
    <section aria-labelledby="stock-heading" className="stack">
      <h2 id="stock-heading">Stock basket</h2>
      {view.priceNotice.length > 0 ? (
        <div className="notice notice--info" role="status">
          <p>Prices have changed since these were added to your basket. The order uses today&rsquo;s prices:</p>
          <ul>
            {view.priceNotice.map((line) => (
              <li key={line.productId}>{line.text}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <LineTable
        className="basket-lines"
        caption="Products in your stock basket"
        columns={["Product", "Unit price", "Quantity", "Line total", { hidden: "Remove" }]}
      >
        {view.lines.map((line) => (
          <BasketLineRow
            key={line.productId}
            line={line}
            before={<td>{line.unitPriceText}</td>}
            after={<td>{line.lineTotalText}</td>}
          />
        ))}
      </LineTable>
      <StockTotals view={view} />

      <InstructionsForm
        intent="instructions"
        id="delivery-instructions"
        label="Delivery instructions"
        defaultValue={view.instructions.stock}
        busy={busy}
      />

      <BasketActions to="/saved-baskets" label="Save or load a basket" transfer={view.punchout?.transfer ?? false} />
    </section>
  );
}

function StockTotals({ view }: { view: View }) {
  return (
    <dl className="basket-totals">
      <dt>Items</dt>
      <dd>{view.count}</dd>
      <dt>Subtotal (excluding delivery and VAT)</dt>
      <dd>{view.totalText}</dd>
    </dl>
  );
}

/** An inspect punchout session's basket (decision 111): its lines to look at, no forms but the way back. */
export function ReadOnlyBasket({ view }: { view: View }) {
  return (
    <section aria-labelledby="stock-heading" className="stack">
      <h2 id="stock-heading">Basket from your procurement system</h2>
      <p>This basket is shown read-only: it cannot be changed in this punchout session.</p>
      {view.lines.length === 0 ? (
        <p>The basket is empty.</p>
      ) : (
        <>
          <LineTable
            className="basket-lines"
            caption="Products in the basket"
            columns={["Product", "Unit price", "Quantity", "Line total"]}
          >
            {view.lines.map((line) => (
              <tr key={line.productId}>
                <td>
                  <LineProduct thumbnail={line.thumbnail} name={line.name} details={[line.options.join(", ")]} />
                </td>
                <td>{line.unitPriceText}</td>
                <td>{line.qty}</td>
                <td>{line.lineTotalText}</td>
              </tr>
            ))}
          </LineTable>
          <StockTotals view={view} />
        </>
      )}
      <div className="basket-actions">
        <TransferBasketForm inspect />
      </div>
    </section>
  );
}
