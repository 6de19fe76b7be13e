import { Link, useFetcher, useNavigate } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import type { QuickViewData } from "~/catalogue/listing.server";
import { afterQuickAdd } from "~/domain/quick-view";
import { AddToBasketFields, type Orderable } from "./product-purchase";
import { ProductOptions } from "./product-options";
import { ProductFeatures, ProductGallery, ProductSummary } from "./product-summary";

/**
 * The quick-view modal (SPEC §2, §4), rendered by the page it was opened from when the address carries
 * ?quickview={slug}. Closing is a link back to the page without it; Escape does the same with JavaScript.
 */
export function QuickViewDialog({ quickView }: { quickView: QuickViewData }) {
  const { product, close } = quickView;
  const navigate = useNavigate();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(close, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [close, navigate]);
  return (
    <div className="quick-view-backdrop">
      <div
        className="quick-view"
        role="dialog"
        aria-modal="true"
        aria-labelledby="quick-view-title"
        tabIndex={-1}
        ref={dialog}
      >
        <div className="quick-view__header">
          <h2 id="quick-view-title">{product.name}</h2>
          <Link to={close} className="button button--small" preventScrollReset>
            Close<span className="visually-hidden"> quick view</span>
          </Link>
        </div>
        <div className="quick-view__body">
          <ProductGallery product={product} size={320} />
          <div>
            <ProductSummary product={product} />
            <ProductFeatures product={product} headingLevel={3} />
            <ProductOptions
              pickers={product.pickers}
              action={close.split("?")[0]}
              keep={quickView.keep}
              idPrefix="quick-view"
            />
            {product.canOrder && product.orderable ? (
              <QuickAdd orderable={product.orderable} qty={quickView.qty} redirectTo={quickView.addedTo} />
            ) : null}
            <Link to={product.link} className="button">
              More Info
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}

/**
 * Quick add posts through a fetcher, so the quick view stays open; the basket's answer brings the page (and the
 * header's basket count) up to date, and the quantity goes back to 0 (SPEC §4). Without JavaScript the post
 * comes back to `redirectTo`, whose quick view shows 0 too.
 */
function QuickAdd({ orderable, qty: initial, redirectTo }: { orderable: Orderable; qty: number; redirectTo: string }) {
  const fetcher = useFetcher<{ ok: false; formError: string | null }>();
  const [qty, setQty] = useState(initial);
  const [resets, setResets] = useState(0);
  // the answer before this post: a post that redirects (added) leaves the fetcher's data as it was
  const before = useRef<typeof fetcher.data | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle") {
      if (before.current === null) before.current = fetcher.data;
    } else if (before.current !== null) {
      const refused = fetcher.data !== before.current && fetcher.data?.ok === false;
      before.current = null;
      // a refused add (400, shown above the field) keeps the quantity the user chose
      if (refused) return;
      setQty((current) => afterQuickAdd({ qty: current }).qty);
      setResets((n) => n + 1);
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <fetcher.Form method="post" action="/basket" className="add-to-basket" preventScrollReset>
      {fetcher.data?.formError ? (
        <p className="notice notice--error" role="alert">
          {fetcher.data.formError}
        </p>
      ) : null}
      <AddToBasketFields
        key={`${orderable.internalId}-${resets}`}
        orderable={orderable}
        idPrefix="quick-view"
        qty={qty}
        redirectTo={redirectTo}
        busy={fetcher.state !== "idle"}
        onCommit={setQty}
      />
    </fetcher.Form>
  );
}
