import { Form, useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { ProductView } from "~/catalogue/product.server";
import { afterQuickAdd } from "~/domain/quick-view";
import { QuantitySelector } from "./quantity-selector";

type Orderable = NonNullable<ProductView["orderable"]>;

/**
 * The add-to-basket form (issue 6's contract): posts intent=add, productId, qty and redirectTo to /basket,
 * which checks the quantity rules and takes the price from upstream. `quick` posts through a fetcher so the
 * quick view stays open; its quantity then goes back to 0 (SPEC §4).
 */
export function AddToBasket({ orderable, quick = false, idPrefix }: { orderable: Orderable; quick?: boolean; idPrefix: string }) {
  const location = useLocation();
  const fetcher = useFetcher();
  const [qty, setQty] = useState(orderable.minimum);
  const [resets, setResets] = useState(0);
  const wasBusy = useRef(false);
  useEffect(() => {
    if (fetcher.state !== "idle") wasBusy.current = true;
    else if (wasBusy.current) {
      wasBusy.current = false;
      setQty(afterQuickAdd({ qty }).qty);
      setResets((n) => n + 1);
    }
  }, [fetcher.state, qty]);
  const FormTag = quick ? fetcher.Form : Form;
  return (
    <FormTag method="post" action="/basket" className="add-to-basket" preventScrollReset>
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="productId" value={orderable.internalId} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <QuantitySelector
        key={`${orderable.internalId}-${resets}`}
        id={`${idPrefix}-qty`}
        name="qty"
        defaultValue={qty}
        step={orderable.step}
        min={0}
        onCommit={setQty}
      />
      <button type="submit" className="button button--primary" disabled={fetcher.state !== "idle"}>
        Add to basket
      </button>
    </FormTag>
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
