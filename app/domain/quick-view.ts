// SPEC §4 quick-view modal display rules.

export const IN_STOCK = "In stock";
export const SPECIAL_ORDER_ITEM = "Special Order Item";
export const NEXT_DAY_DELIVERY = "Next Day Delivery";
export const GALLERY_PLACEHOLDER = "+3";

export interface QuickViewProduct {
  inStock: boolean;
  hasFinish: boolean;
  image: string;
  colors?: readonly { color: string; images?: readonly string[] }[];
  chosenColor?: string | null;
  qty: number;
}

/** 'In stock'; else 'Special Order Item' when there is no finish; a finished item out of stock shows neither. */
export function stockLabel(product: Pick<QuickViewProduct, "inStock" | "hasFinish">): string | null {
  if (product.inStock) return IN_STOCK;
  return product.hasFinish ? null : SPECIAL_ORDER_ITEM;
}

/** A finish (e.g. a logo applied) is made to order, so it never ships next day. */
export function showsNextDayDelivery(product: Pick<QuickViewProduct, "inStock" | "hasFinish">): boolean {
  return product.inStock && !product.hasFinish;
}

export function quickViewImage(product: Pick<QuickViewProduct, "image" | "colors" | "chosenColor">): string {
  const chosen = product.chosenColor?.trim().toLowerCase();
  const match = chosen ? product.colors?.find((c) => c.color.trim().toLowerCase() === chosen) : undefined;
  return match?.images?.[0] || product.image;
}

export function afterQuickAdd<P extends Pick<QuickViewProduct, "qty">>(product: P): P {
  return { ...product, qty: 0 };
}

/** The quick view's quantity when it is shown: the item's minimum, or 0 straight after a quick add. */
export function quickViewQuantity(minimum: number, justAdded: boolean): number {
  return justAdded ? afterQuickAdd({ qty: minimum }).qty : minimum;
}

/** The upstream keys item images by lower-case colour name; the quick view wants a colour list. */
export function colorsFromImages(
  images: Readonly<Record<string, readonly string[]>> | null | undefined,
): NonNullable<QuickViewProduct["colors"]> {
  return Object.entries(images ?? {}).map(([color, list]) => ({ color, images: list }));
}
