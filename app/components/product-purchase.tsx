import { Form, useFetcher, useLocation, useSubmit } from "@remix-run/react";
import type { ProductView } from "~/catalogue/product.server";
import { OptionSelects } from "./product-options";
import { QuantitySelector } from "./quantity-selector";

export type Orderable = NonNullable<ProductView["orderable"]>;

/**
 * The add-to-basket form's fields (issue 6's contract): intent=add, productId, qty and redirectTo, posted to
 * /basket, which checks the quantity rules and takes the price from upstream.
 */
export function AddToBasketFields(props: {
  orderable: Orderable;
  idPrefix: string;
  qty: number;
  redirectTo: string;
  busy?: boolean;
  onCommit?: (qty: number) => void;
}) {
  return (
    <>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={props.orderable.internalId} />
      <input type="hidden" name="redirectTo" value={props.redirectTo} />
      <QuantitySelector
        id={`${props.idPrefix}-qty`}
        name="qty"
        defaultValue={props.qty}
        step={props.orderable.step}
        min={0}
        onCommit={props.onCommit}
      />
      <button type="submit" className="button button--primary" disabled={props.busy}>
        Add to basket
      </button>
    </>
  );
}

/** A refused add as the product page's action answers it (decision 062). */
export type PurchaseRefusal = {
  ok: false;
  fieldErrors: Record<string, string>;
  formError: string | null;
  /** what a refused post held, so the page without JavaScript shows it again */
  posted?: { options: Partial<Record<string, string | null>>; qty: string };
};

/**
 * The product page's add to basket in one step (decision 062): the options, the quantity and Add to basket in
 * one form posted to the page's own action, which resolves the variant. With JavaScript it posts through a
 * fetcher, so a refusal stays on the page with its message, and a changed option shows the page's price, stock
 * and images for the choice in place, with the choice in the address (no options button); without, the post answers
 * the page itself and "Show details for these options" (in `<noscript>`) shows a choice before adding. `refusal` is
 * the action's answer to a post without JavaScript. Render it with `key={location.key}`. The size-and-colour grid
 * below it (decision 168) is SizeGridForm.
 */
export function ProductPurchase({
  product,
  idPrefix,
  refusal: posted,
}: {
  product: ProductView;
  idPrefix: string;
  refusal?: PurchaseRefusal | null;
}) {
  // the page mounts this anew for each location (key), so a fetcher's refusal shows until the next choice or add
  const fetcher = useFetcher<PurchaseRefusal>();
  const location = useLocation();
  const submit = useSubmit();
  const shown = fetcher.data ?? posted ?? null;
  // the quantity a refused post held, or the one typed before an option changed (carried in the history state)
  const postedQty = Number(shown?.posted?.qty ?? (location.state as { qty?: unknown } | null)?.qty);
  const qty = Number.isInteger(postedQty) && postedQty >= 0 ? postedQty : product.quantity.minimum;
  const errorId = `${idPrefix}-add-error`;

  // with JavaScript a changed option shows the choice (price, stock, images) in place, with the options in the
  // address: a GET navigation that replaces the history entry and keeps the scroll and the quantity typed
  const showChoice = (select: HTMLSelectElement) => {
    const params = new URLSearchParams();
    let typed: string | undefined;
    for (const [name, value] of new FormData(select.form ?? undefined)) {
      if (typeof value !== "string" || !value) continue;
      if (name === "qty") typed = value;
      else params.set(name, value);
    }
    submit(params, {
      method: "get",
      action: location.pathname,
      replace: true,
      preventScrollReset: true,
      state: { qty: typed },
    });
  };

  return (
    <fetcher.Form
      method="post"
      action={location.pathname + location.search}
      className="add-to-basket product-purchase"
      aria-describedby={shown?.formError ? errorId : undefined}
      preventScrollReset
    >
      {shown?.formError ? (
        <p className="notice notice--error" role="alert" id={errorId}>
          {shown.formError}
        </p>
      ) : null}
      <OptionSelects
        pickers={product.pickers}
        idPrefix={idPrefix}
        onChange={showChoice}
        errors={shown?.fieldErrors}
        values={shown?.posted?.options}
      />
      <QuantitySelector id={`${idPrefix}-qty`} name="qty" defaultValue={qty} step={product.quantity.step} min={0} />
      <button type="submit" className="button button--primary" disabled={fetcher.state !== "idle"}>
        Add to basket
      </button>
      {product.pickers.length ? (
        <noscript>
          {/* after Add to basket, so that Enter in the form adds */}
          <button type="submit" formMethod="get" formAction={location.pathname} className="button button--small">
            Show details for these options
          </button>
        </noscript>
      ) : null}
    </fetcher.Form>
  );
}

/** SPEC §8 wish-list toggle: a form post that answers with a toast. */
export function WishListToggle({ productId, inWishList }: { productId: string; inWishList: boolean }) {
  const location = useLocation();
  return (
    <Form method="post" action="/wish-list" className="wish-list-toggle" preventScrollReset>
      <input type="hidden" name="intent" value={inWishList ? "remove" : "add"} />
      <input type="hidden" name="productId" value={productId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" className="button button--small" aria-pressed={inWishList}>
        {inWishList ? "Remove from wish list" : "Add to wish list"}
      </button>
    </Form>
  );
}
