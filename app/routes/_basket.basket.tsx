import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { Choice } from "~/components/choice";
import { FieldError } from "~/components/field-error";
import { LineProduct, LineTable } from "~/components/line-table";
import { QuantitySelector } from "~/components/quantity-selector";
import basketStyles from "~/styles/basket.css";

export const meta: MetaFunction = () => [{ title: "Basket · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { basketPageData } = await import("~/basket/basket.server");
  return basketPageData(await requireUser(request));
}

/** THE basket action: every basket mutation posts here with an `intent` (STYLE: one resource action, like a cart). */
export async function action({ request }: ActionFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { submitBasket } = await import("~/basket/basket.server");
  const user = await requireUser(request);
  return submitBasket(user, request);
}

export default function BasketPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const formError = actionData && !actionData.ok ? actionData.formError : null;
  const isStock = view.selectedBasketType === "stock-order-basket";

  return (
    <div className="basket stack">
      <h1>Basket</h1>
      {view.heldForApproval ? (
        <p className="notice notice--info">
          This basket is a punchout basket loaded for your approval: placing the order approves it.{" "}
          <Link to={`/saved-punchout-baskets/${view.heldForApproval}`}>See the punchout basket</Link>
        </p>
      ) : null}
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}

      <Form method="post" className="basket__type" aria-label="Basket type">
        <input type="hidden" name="intent" value="basket-type" />
        <fieldset>
          <legend>Which basket</legend>
          <Choice name="basketType" value="stock-order-basket" defaultChecked={isStock} label={`Stock basket (${view.count})`} />
          <Choice
            name="basketType"
            value="manpack-order-basket"
            defaultChecked={!isStock}
            label={`Wearer-pack basket (${view.packs.length} ${view.packs.length === 1 ? "wearer" : "wearers"})`}
          />
          <button type="submit" className="button button--small">
            Show basket
          </button>
        </fieldset>
      </Form>

      {isStock ? <StockBasket view={view} busy={busy} /> : <ManpackBasket view={view} />}
    </div>
  );
}

type View = ReturnType<typeof useLoaderData<typeof loader>>;

function StockBasket({ view, busy }: { view: View; busy: boolean }) {
  if (view.lines.length === 0) {
    return (
      <section aria-labelledby="stock-heading" className="stack">
        <h2 id="stock-heading">Stock basket</h2>
        <p>Your stock basket is empty.</p>
        <p>
          <Link to="/quick-order">Quick order by product code</Link> · <Link to="/saved-baskets">Saved baskets</Link>
        </p>
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
          <BasketLineRow key={line.productId} line={line} />
        ))}
      </LineTable>
      <dl className="basket-totals">
        <dt>Items</dt>
        <dd>{view.count}</dd>
        <dt>Subtotal (excluding delivery and VAT)</dt>
        <dd>{view.totalText}</dd>
      </dl>

      <Form method="post" className="stack basket-instructions">
        <input type="hidden" name="intent" value="instructions" />
        <div className="field">
          <label htmlFor="delivery-instructions">Delivery instructions</label>
          <textarea id="delivery-instructions" name="instructions" rows={3} maxLength={2000} defaultValue={view.instructions.stock} />
        </div>
        <button type="submit" className="button button--small" disabled={busy}>
          Save instructions
        </button>
      </Form>

      <div className="basket-actions">
        <Link to="/saved-baskets" className="button">
          Save or load a basket
        </Link>
        <Link to="/checkout" className="button button--primary">
          Go to checkout
        </Link>
      </div>
    </section>
  );
}

function BasketLineRow({ line }: { line: View["lines"][number] }) {
  const fetcher = useFetcher<typeof action>();
  const pending = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.formError : null;
  const errorId = `line-error-${line.productId}`;
  // a refused quantity is not in the basket: the field goes back to the basket's quantity, the reason stays shown
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setRefusals((n) => n + 1);
  }, [fetcher.state, fetcher.data]);
  return (
    <tr aria-busy={pending || undefined}>
      <td>
        <LineProduct thumbnail={line.thumbnail} name={line.name} details={[line.options.join(", ")]} />
      </td>
      <td>{line.unitPriceText}</td>
      <td>
        <fetcher.Form method="post" className="basket-line__qty" aria-describedby={error ? errorId : undefined}>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="productId" value={line.productId} />
          <QuantitySelector
            key={refusals}
            name="qty"
            label={`Quantity of ${line.name}`}
            labelHidden
            defaultValue={line.qty}
            min={0}
            step={line.step}
            onCommit={(qty) => fetcher.submit({ intent: "update", productId: line.productId, qty: String(qty) }, { method: "post" })}
          />
          <noscript>
            <button type="submit" className="button button--small">
              Update
            </button>
          </noscript>
        </fetcher.Form>
        <FieldError id={errorId} message={error ?? undefined} />
      </td>
      <td>{line.lineTotalText}</td>
      <td>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="productId" value={line.productId} />
          <button type="submit" className="button button--small" aria-label={`Remove ${line.name}`} disabled={pending}>
            Remove
          </button>
        </fetcher.Form>
      </td>
    </tr>
  );
}

function ManpackBasket({ view }: { view: View }) {
  return (
    <section aria-labelledby="manpack-heading" className="stack">
      <h2 id="manpack-heading">Wearer-pack basket</h2>
      {view.packs.length === 0 ? (
        <p>Your wearer-pack basket is empty.</p>
      ) : (
        <ul>
          {view.packs.map((pack) => (
            <li key={pack.employeeId}>
              Wearer {pack.employeeId}: {pack.lines} {pack.lines === 1 ? "line" : "lines"}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/wearer-pack">Wearer packs</Link>
      </p>
    </section>
  );
}
