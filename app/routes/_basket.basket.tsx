import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { z } from "zod";
import { requireUser, safeRedirect } from "~/auth/require-user.server";
import { flashToast } from "~/auth/session.server";
import { addLine, reorderIntoBasket, removeLine, setBasketType, setInstructions, updateLine, type BasketChange } from "~/basket/basket.server";
import { basketView } from "~/basket/view.server";
import { FieldError } from "~/components/field-error";
import { QuantitySelector } from "~/components/quantity-selector";
import { formatMoney } from "~/domain/money";
import { invalidForm, parseForm } from "~/utils/forms.server";
import basketStyles from "~/styles/basket.css";

export const meta: MetaFunction = () => [{ title: "Basket · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return basketView(user.upstream);
}

const id = () => z.string({ required_error: "Choose a product" }).trim().regex(/^\d{1,15}$/, "That product is not available to order.");

// functions, so that zod is built on the server only and stays out of the browser bundle (decision 002)
const basketSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("add"), productId: id(), qty: z.string().default("1"), redirectTo: z.string().optional() }),
      z.object({ intent: z.literal("update"), productId: id(), qty: z.string({ required_error: "Enter a quantity" }) }),
      z.object({ intent: z.literal("remove"), productId: id() }),
      z.object({
        intent: z.literal("reorder"),
        orderId: z.string({ required_error: "Choose an order" }).trim().regex(/^\d{1,15}$/, "That order could not be found."),
      }),
      z.object({ intent: z.literal("instructions"), instructions: z.string().max(2000, "Delivery instructions can be at most 2000 characters").default("") }),
      z.object({ intent: z.literal("basket-type"), basketType: z.enum(["stock-order-basket", "manpack-order-basket"], { message: "Choose the stock or the wearer-pack basket" }) }),
    ],
    { errorMap: () => ({ message: "That basket action is not known." }) },
  );

/** THE basket action: every basket mutation posts here with an `intent` (STYLE: one resource action, like a cart). */
export async function action({ request }: ActionFunctionArgs) {
  const { upstream } = await requireUser(request);
  const form = await parseForm(request, basketSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? Object.values(form.fieldErrors)[0] ?? null);
  const input = form.data;

  let change: BasketChange;
  let target = "/basket";
  switch (input.intent) {
    case "add":
      change = await addLine(upstream, input.productId, input.qty);
      target = safeRedirect(input.redirectTo, "/basket");
      break;
    case "update":
      change = await updateLine(upstream, input.productId, input.qty);
      break;
    case "remove":
      change = await removeLine(upstream, input.productId);
      break;
    case "reorder":
      change = await reorderIntoBasket(upstream, input.orderId);
      break;
    case "instructions":
      change = await setInstructions(upstream, input.instructions);
      break;
    case "basket-type":
      change = await setBasketType(upstream, input.basketType);
      break;
  }
  // refused: 400 with the reason and nothing written (decision 070); the page shows it where it was posted from
  if (!change.ok) return invalidForm({}, change.message);
  const toast = await flashToast(request, { kind: change.notice ? "info" : "success", message: change.message });
  return redirect(target, { status: 303, headers: toast });
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
          <label>
            <input type="radio" name="basketType" value="stock-order-basket" defaultChecked={isStock} /> Stock basket ({view.count})
          </label>
          <label>
            <input type="radio" name="basketType" value="manpack-order-basket" defaultChecked={!isStock} /> Wearer-pack basket ({view.packs.length} {view.packs.length === 1 ? "wearer" : "wearers"})
          </label>
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
      <table className="basket-lines">
        <caption className="visually-hidden">Products in your stock basket</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            <th scope="col">Unit price</th>
            <th scope="col">Quantity</th>
            <th scope="col">Line total</th>
            <th scope="col">
              <span className="visually-hidden">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((line) => (
            <BasketLineRow key={line.productId} line={line} />
          ))}
        </tbody>
      </table>
      <dl className="basket-totals">
        <dt>Items</dt>
        <dd>{view.count}</dd>
        <dt>Subtotal (excluding delivery and VAT)</dt>
        <dd>{formatMoney(view.total)}</dd>
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
        <div className="basket-line__product">
          <img src={line.thumbnail} alt="" width={64} height={64} loading="lazy" />
          <div>
            <strong>{line.name}</strong>
            {line.options.length ? <div className="muted">{line.options.join(", ")}</div> : null}
          </div>
        </div>
      </td>
      <td>{formatMoney(line.unitPrice)}</td>
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
      <td>{formatMoney(line.lineTotal)}</td>
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

