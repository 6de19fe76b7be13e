import { Form, Link, useFetcher } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { useEffect, useState, type ReactNode } from "react";
import type { basketPageData, submitBasket } from "~/basket/basket.server";
import { FieldError } from "./field-error";
import { LineProduct } from "./line-table";
import { TransferBasketForm } from "./punchout-bar";
import { QuantitySelector } from "./quantity-selector";
import { LabelledRow } from "./table-labels";

// The pieces both baskets on /basket use (app/routes/_basket.basket.tsx): a line's row, the instructions form, the way on.

/** The basket page's data as the loader gives it (app/basket/basket.server.ts). */
export type BasketView = SerializeFrom<typeof basketPageData>;

/**
 * The basket's way on: checkout, and beside it a link to where more of the basket is found. Within a punchout session
 * without ordering in the portal the basket is transferred instead (decision 111).
 */
export function BasketActions({ to, label, transfer = false }: { to: string; label: string; transfer?: boolean }) {
  return (
    <div className="basket-actions">
      <Link to={to} className="button">
        {label}
      </Link>
      {transfer ? (
        <TransferBasketForm />
      ) : (
        <Link to="/checkout" className="button button--primary">
          Go to checkout
        </Link>
      )}
    </div>
  );
}

/** A basket's delivery instructions (at most 2000 characters), saved with one post. */
export function InstructionsForm({
  intent,
  id,
  label,
  defaultValue,
  busy,
}: {
  intent: string;
  id: string;
  label: string;
  defaultValue: string;
  busy: boolean;
}) {
  return (
    <Form method="post" className="stack basket-instructions">
      <input type="hidden" name="intent" value={intent} />
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <textarea id={id} name="instructions" rows={3} maxLength={2000} defaultValue={defaultValue} />
      </div>
      <button type="submit" className="button button--small" disabled={busy}>
        Save instructions
      </button>
    </Form>
  );
}

type RowLine = { productId: string; name: string; thumbnail: string; options: string[]; qty: number; step: number };

/**
 * A basket line's row: its product, a quantity that posts `update` (0 removes) and a Remove button, with the cells
 * the basket shows between them. A fetcher per row with JavaScript; a plain post (the noscript Update) without. A
 * wearer's pack line posts the pack intents with the wearer's id.
 */
export function BasketLineRow({
  line,
  before,
  after,
  fields = {},
  intents = { update: "update", remove: "remove" },
  removeLabel = `Remove ${line.name}`,
}: {
  line: RowLine;
  before?: ReactNode;
  after?: ReactNode;
  fields?: Record<string, string>;
  intents?: { update: string; remove: string };
  removeLabel?: string;
}) {
  const fetcher = useFetcher<typeof submitBasket>();
  const pending = fetcher.state !== "idle";
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.formError : null;
  const errorId = ["line-error", ...Object.values(fields), line.productId].join("-");
  // a refused quantity is not in the basket: the field goes back to the basket's quantity, the reason stays shown
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && !fetcher.data.ok) setRefusals((n) => n + 1);
  }, [fetcher.state, fetcher.data]);
  const hidden = Object.entries({ ...fields, productId: line.productId }).map(([name, value]) => (
    <input key={name} type="hidden" name={name} value={value} />
  ));
  return (
    <LabelledRow aria-busy={pending || undefined}>
      <td>
        <LineProduct thumbnail={line.thumbnail} name={line.name} details={[line.options.join(", ")]} />
      </td>
      {before}
      <td>
        <fetcher.Form method="post" className="basket-line__qty" aria-describedby={error ? errorId : undefined}>
          <input type="hidden" name="intent" value={intents.update} />
          {hidden}
          <QuantitySelector
            key={refusals}
            name="qty"
            label={`Quantity of ${line.name}`}
            labelHidden
            defaultValue={line.qty}
            min={0}
            step={line.step}
            onCommit={(qty) =>
              fetcher.submit(
                { intent: intents.update, ...fields, productId: line.productId, qty: String(qty) },
                { method: "post" },
              )
            }
          />
          <noscript>
            <button type="submit" className="button button--small">
              Update
            </button>
          </noscript>
        </fetcher.Form>
        <FieldError id={errorId} message={error ?? undefined} />
      </td>
      {after}
      <td>
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value={intents.remove} />
          {hidden}
          <button type="submit" className="button button--small" aria-label={removeLabel} disabled={pending}>
            Remove
          </button>
        </fetcher.Form>
      </td>
    </LabelledRow>
  );
}
