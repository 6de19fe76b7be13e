import { fromPence, toPence } from "./money";

/**
 * SPEC §3 basket line as the upstream sends it; extra fields (options, editing…) pass through. A type, not a zod
 * schema: this module is in the browser bundle of every basket page, and a schema built at import would take zod there
 * (decision 002); the upstream's own schemas (app/upstream/basket.server.ts) read the basket.
 */
export type BasketLine = {
  productId: string;
  qty: number;
  parentId?: string;
  name?: string;
  price?: unknown;
  thumbnail?: string | null;
  removeItem?: boolean;
  [key: string]: unknown;
};

/** SPEC §3: what is sent when adding; parentId equals productId for a line added from a card. */
export interface BasketAddPayload {
  price: number;
  qty: number;
  productId: string;
  parentId: string;
  name: string;
}

export function basketAddPayload(
  product: { productId: string; name: string; price: number },
  qty: number,
): BasketAddPayload {
  return { price: product.price, qty, productId: product.productId, parentId: product.productId, name: product.name };
}

/** Lines flagged as removed stay in the data until the upstream confirms, but count for nothing. */
export function isCountedLine(line: Pick<BasketLine, "removeItem">): boolean {
  return line.removeItem !== true;
}

/**
 * SPEC §4: qty above 0 adds, summing with a line for the same product; otherwise the product's line
 * goes. A removed-flagged line for the product is replaced, not summed, since it no longer counts.
 */
export function addToBasket<L extends BasketLine>(
  lines: readonly L[],
  payload: Pick<L, "productId" | "qty"> & Partial<L>,
): L[] {
  const productId = String(payload.productId);
  if (!(payload.qty > 0)) return lines.filter((line) => line.productId !== productId);
  const index = lines.findIndex((line) => line.productId === productId);
  if (index === -1) return [...lines, { ...payload, productId } as L];
  const existing = lines[index];
  const qty = isCountedLine(existing) ? existing.qty + payload.qty : payload.qty;
  const merged = { ...existing, ...payload, productId, qty, removeItem: undefined } as L;
  return lines.map((line, i) => (i === index ? merged : line));
}

export function basketCount(lines: readonly Pick<BasketLine, "qty" | "removeItem">[]): number {
  return lines.filter(isCountedLine).reduce((sum, line) => sum + line.qty, 0);
}

export function basketTotal(lines: readonly Pick<BasketLine, "qty" | "price" | "removeItem">[]): number {
  return fromPence(lines.filter(isCountedLine).reduce((sum, line) => sum + toPence(line.price) * line.qty, 0));
}
