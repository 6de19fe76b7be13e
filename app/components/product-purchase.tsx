import { Form, useLocation } from "@remix-run/react";
import type { ProductView } from "~/catalogue/product.server";
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
      <QuantitySelector id={`${props.idPrefix}-qty`} name="qty" defaultValue={props.qty} step={props.orderable.step} min={0} onCommit={props.onCommit} />
      <button type="submit" className="button button--primary" disabled={props.busy}>
        Add to basket
      </button>
    </>
  );
}

/** The product page's add to basket: a plain form post that comes back to the page. */
export function AddToBasket({ orderable, idPrefix }: { orderable: Orderable; idPrefix: string }) {
  const location = useLocation();
  return (
    <Form method="post" action="/basket" className="add-to-basket" preventScrollReset>
      <AddToBasketFields orderable={orderable} idPrefix={idPrefix} qty={orderable.minimum} redirectTo={location.pathname + location.search} />
    </Form>
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
