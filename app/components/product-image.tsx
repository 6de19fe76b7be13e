import { PLACEHOLDER_IMAGE } from "~/domain/product-card";

/** Square product image with its size set (no layout shift); lazy unless above the fold. */
export function ProductImage({ src, alt, size, eager = false, className }: { src: string | null | undefined; alt: string; size: number; eager?: boolean; className?: string }) {
  return (
    <img
      src={src || PLACEHOLDER_IMAGE}
      alt={alt}
      width={size}
      height={size}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      className={className ?? "product-image"}
    />
  );
}
