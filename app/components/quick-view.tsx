import { Link, useLocation, useNavigate } from "@remix-run/react";
import { listingSearch } from "~/domain/catalogue-listing";
import { MATRIX_OPTIONS } from "~/domain/matrix";
import { useEffect, useRef } from "react";
import type { ProductView } from "~/catalogue/product.server";
import { AddToBasket } from "./product-purchase";
import { ProductOptions } from "./product-options";
import { ProductFeatures, ProductGallery, ProductSummary } from "./product-summary";

// the quick view's own parameters, dropped when it closes or another opens
const WITHOUT_QUICK_VIEW = Object.fromEntries(["quickview", ...MATRIX_OPTIONS].map((k) => [k, null]));

/** Links of a page that opens quick views: open one (keeping the page's other parameters), close it, page on. */
export function useQuickViewLinks() {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const here = (changes: Record<string, string | number | null>) => location.pathname + listingSearch(params, { ...WITHOUT_QUICK_VIEW, ...changes });
  const page = params.get("page");
  return {
    pathname: location.pathname,
    open: (slug: string) => here({ quickview: slug, page }),
    close: here({ page }),
    page: (p: number) => here({ page: p }),
    /** what the quick view's option form carries along besides the options */
    keep: [...params.entries()].filter(([k]) => !(MATRIX_OPTIONS as readonly string[]).includes(k)),
  };
}

/**
 * The quick-view modal (SPEC §2, §4), rendered by the page it was opened from when the address carries
 * ?quickview={slug}. Closing is a link back to the page without it; Escape does the same with JavaScript.
 */
export function QuickView({ product }: { product: ProductView }) {
  const { close: closeTo, pathname, keep } = useQuickViewLinks();
  const navigate = useNavigate();
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    dialog.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") navigate(closeTo, { preventScrollReset: true });
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [closeTo, navigate]);
  return (
    <div className="quick-view-backdrop">
      <div className="quick-view" role="dialog" aria-modal="true" aria-labelledby="quick-view-title" tabIndex={-1} ref={dialog}>
        <div className="quick-view__header">
          <h2 id="quick-view-title">{product.name}</h2>
          <Link to={closeTo} className="button button--small" preventScrollReset>
            Close<span className="visually-hidden"> quick view</span>
          </Link>
        </div>
        <div className="quick-view__body">
          <ProductGallery product={product} size={320} />
          <div>
            <ProductSummary product={product} />
            <ProductFeatures product={product} headingLevel={3} />
            <ProductOptions pickers={product.pickers} action={pathname} keep={keep} idPrefix="quick-view" />
            {product.canOrder && product.orderable ? <AddToBasket orderable={product.orderable} quick idPrefix="quick-view" /> : null}
            <Link to={product.link} className="button">
              More Info
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
