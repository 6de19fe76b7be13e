import { Link } from "@remix-run/react";
import type { CardView } from "~/catalogue/product-cards.server";
import { EnBadges } from "./en-badges";
import { ProductImage } from "./product-image";

/** A product in a grid. Cards after the first row load their image lazily. */
function ProductCardView({
  card,
  eager,
  headingLevel,
  onQuickViewIntent,
}: {
  card: CardView;
  eager: boolean;
  headingLevel: 2 | 3;
  onQuickViewIntent?: () => void;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="product-card" aria-labelledby={`card-${card.productId}`}>
      <ProductImage src={card.image} alt="" size={240} eager={eager} />
      <Heading id={`card-${card.productId}`} className="product-card__name">
        <Link to={card.link} prefetch="intent">
          {card.name}
        </Link>
      </Heading>
      <p className="product-card__meta">
        <span>{card.productCode}</span>
        {card.category ? <span> · {card.category}</span> : null}
      </p>
      {card.priceText ? <p className="product-card__price">{card.priceText}</p> : null}
      <EnBadges standards={card.enStandards} />
      {card.stockLabel ? (
        <p className={card.inStock ? "stock stock--in" : "stock stock--special"}>{card.stockLabel}</p>
      ) : null}
      {card.quickView ? (
        <Link
          to={card.quickView}
          className="button button--small product-card__quick"
          preventScrollReset
          onPointerEnter={onQuickViewIntent}
          onFocus={onQuickViewIntent}
        >
          Quick view<span className="visually-hidden"> of {card.name}</span>
        </Link>
      ) : null}
    </article>
  );
}

/**
 * A grid of cards; a card with a quick-view link offers it. `headingLevel` is one below the heading the grid sits
 * under, so that headings never skip a level: 2 for a listing right under the page's h1, 3 under a section's h2.
 * A page that shows quick views passes `onQuickViewIntent` (fetch the dialog's code when a link is pointed at), so
 * a page without them (the product page) loads none of that code.
 */
export function ProductGrid({
  cards,
  label,
  headingLevel = 3,
  onQuickViewIntent,
}: {
  cards: readonly CardView[];
  label: string;
  headingLevel?: 2 | 3;
  onQuickViewIntent?: () => void;
}) {
  return (
    <ul className="product-grid" aria-label={label}>
      {cards.map((card, i) => (
        <li key={card.productId}>
          <ProductCardView
            card={card}
            eager={i < 4}
            headingLevel={headingLevel}
            onQuickViewIntent={onQuickViewIntent}
          />
        </li>
      ))}
    </ul>
  );
}
