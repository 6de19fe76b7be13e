import { Link } from "@remix-run/react";
import { formatMoney } from "~/domain/money";
import type { ProductCard } from "~/domain/product-card";
import { stockLabel } from "~/domain/quick-view";
import { ProductImage } from "./product-image";

/** A product in a grid. Cards after the first row load their image lazily. */
export function ProductCardView({ card, eager = false, quickViewTo }: { card: ProductCard; eager?: boolean; quickViewTo?: string }) {
  const label = stockLabel({ inStock: card.inStock, hasFinish: false });
  return (
    <article className="product-card" aria-labelledby={`card-${card.productId}`}>
      <ProductImage src={card.image} alt="" size={240} eager={eager} />
      <h3 id={`card-${card.productId}`} className="product-card__name">
        <Link to={card.link} prefetch="intent">
          {card.name}
        </Link>
      </h3>
      <p className="product-card__meta">
        <span>{card.productCode}</span>
        {card.category ? <span> · {card.category}</span> : null}
      </p>
      {card.fromPrice !== null && card.fromPrice !== undefined ? (
        <p className="product-card__price">From {formatMoney(card.fromPrice)}</p>
      ) : null}
      <EnBadges standards={card.enStandards} />
      {label ? <p className={card.inStock ? "stock stock--in" : "stock stock--special"}>{label}</p> : null}
      {quickViewTo ? (
        <Link to={quickViewTo} className="button button--small product-card__quick" preventScrollReset>
          Quick view<span className="visually-hidden"> of {card.name}</span>
        </Link>
      ) : null}
    </article>
  );
}

export function EnBadges({ standards }: { standards: readonly string[] }) {
  if (standards.length === 0) return null;
  return (
    <ul className="en-badges" aria-label="EN standards">
      {standards.map((s) => (
        <li key={s} className="en-badge">
          {s}
        </li>
      ))}
    </ul>
  );
}

/** A grid of cards with optional quick view links. */
export function ProductGrid({ cards, quickViewTo, label }: { cards: readonly ProductCard[]; quickViewTo?: (slug: string) => string; label: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {cards.map((card, i) => (
        <li key={card.productId}>
          <ProductCardView card={card} eager={i < 4} quickViewTo={quickViewTo?.(card.slug)} />
        </li>
      ))}
    </ul>
  );
}
