/**
 * Square product image with its size set (no layout shift); lazy unless above the fold. `src` is never empty: the
 * server already put the placeholder in (domain cardImage), so the browser bundle needs no domain schema.
 */
export function ProductImage({
  src,
  alt,
  size,
  eager = false,
  className,
}: {
  src: string;
  alt: string;
  size: number;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className ?? "product-image"}
    />
  );
}
