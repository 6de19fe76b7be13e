import type { ProductView } from "~/catalogue/product.server";
import { GALLERY_PLACEHOLDER, NEXT_DAY_DELIVERY } from "~/domain/quick-view";
import { EnBadges } from "./en-badges";
import { ProductImage } from "./product-image";

/** Price, stock and delivery labels, EN badges: the same on the product page and in the quick view. */
export function ProductSummary({ product }: { product: ProductView }) {
  return (
    <div className="product-summary">
      <p className="product-summary__code">
        Product code <span>{product.productCode}</span>
      </p>
      {/* polite: with JavaScript a changed option changes the price in place (decision 090) */}
      {product.priceText ? (
        <p className="product-summary__price" aria-live="polite">
          {product.priceText}
        </p>
      ) : null}
      <ul className="product-summary__labels">
        {product.stockLabel ? (
          <li className={product.stockLabel === "In stock" ? "stock stock--in" : "stock stock--special"}>
            {product.stockLabel}
          </li>
        ) : null}
        {product.nextDayDelivery ? <li className="stock stock--next-day">{NEXT_DAY_DELIVERY}</li> : null}
      </ul>
      <EnBadges standards={product.enStandards} />
    </div>
  );
}

export function ProductFeatures({ product, headingLevel = 2 }: { product: ProductView; headingLevel?: 2 | 3 }) {
  if (product.features.length === 0) return null;
  const Heading = `h${headingLevel}` as const;
  return (
    <section className="product-features" aria-label="Features">
      <Heading className="visually-hidden">Features</Heading>
      <ul>
        {product.features.map((f) => (
          <li key={f.heading + f.subheading}>
            <strong>{f.heading}</strong> {f.subheading}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Main image and thumbnails; SPEC §4's hidden '+3' placeholder sits after them. */
export function ProductGallery({ product, size = 480 }: { product: ProductView; size?: number }) {
  return (
    <div className="product-gallery">
      <ProductImage src={product.image} alt={product.name} size={size} eager className="product-gallery__main" />
      {product.gallery.length > 1 ? (
        <ul className="product-gallery__thumbs" aria-label="More images">
          {product.gallery.slice(1, 4).map((src) => (
            <li key={src}>
              <ProductImage src={src} alt="" size={72} />
            </li>
          ))}
        </ul>
      ) : null}
      <span className="product-gallery__more" hidden>
        {GALLERY_PLACEHOLDER}
      </span>
    </div>
  );
}
