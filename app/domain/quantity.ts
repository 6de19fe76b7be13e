// SPEC §5 and §9 quantity rules: the selector's range and each item's step and minimum.

export const QUANTITY_MIN = 0;
export const QUANTITY_MAX = 99;
export const QUANTITY_STEP = 1;
export const DEFAULT_QUANTITY_STEP = 1;
export const DEFAULT_MINIMUM_SALE_QUANTITY = 1;

export interface QuantityItem {
  /** Already derived from the reorder multiple by the upstream, when it sends it. */
  quantityStep?: unknown;
  /** The ERP's reorder multiple, the source of the step. */
  reorderMultiple?: unknown;
  minimumSaleQuantity?: unknown;
}

export interface QuantityRule {
  step: number;
  minimum: number;
}

// A missing, zero, negative or fractional value from the ERP means "no rule", not "block every order".
function positiveWhole(value: unknown, fallback: number): number {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n > 0 ? n : fallback;
}

export function quantityStep(item: QuantityItem): number {
  return positiveWhole(item.quantityStep, positiveWhole(item.reorderMultiple, DEFAULT_QUANTITY_STEP));
}

export function minimumSaleQuantity(item: QuantityItem): number {
  return positiveWhole(item.minimumSaleQuantity, DEFAULT_MINIMUM_SALE_QUANTITY);
}

export function quantityRule(item: QuantityItem): QuantityRule {
  return { step: quantityStep(item), minimum: minimumSaleQuantity(item) };
}

export interface SelectorState {
  qty: number;
  step?: number;
  min?: number;
  max?: number;
  disabled?: boolean;
}

/** SPEC §5: minus is disabled when qty − step would fall below the minimum, or the selector is disabled. */
export function isMinusDisabled({
  qty,
  step = QUANTITY_STEP,
  min = QUANTITY_MIN,
  disabled = false,
}: SelectorState): boolean {
  return disabled || qty - step < min;
}

export function isPlusDisabled({
  qty,
  step = QUANTITY_STEP,
  max = QUANTITY_MAX,
  disabled = false,
}: SelectorState): boolean {
  return disabled || qty + step > max;
}

export function clampQuantity(qty: number, min = QUANTITY_MIN, max = QUANTITY_MAX): number {
  return Math.min(max, Math.max(min, qty));
}

/** One press of + or −, kept inside the selector's range. */
export function steppedQuantity(state: SelectorState, direction: 1 | -1): number {
  const { qty, step = QUANTITY_STEP, min = QUANTITY_MIN, max = QUANTITY_MAX } = state;
  return clampQuantity(qty + direction * step, min, max);
}

function parseWhole(typed: string | number): number | null {
  const text = typeof typed === "number" ? String(typed) : typed.trim();
  if (!/^[+-]?\d+$/.test(text)) return null;
  return Number(text);
}

/**
 * SPEC §5: what a typed quantity changes the line to, or null when the input is to be ignored
 * (non-numeric, or equal to the current quantity). Out-of-range input is pulled into 0–99 because
 * the selector could never have produced it; the item's step is checked by checkOrderQuantity.
 */
export function nextQuantity(current: number, typed: string | number): number | null {
  const parsed = parseWhole(typed);
  if (parsed === null) return null;
  const next = clampQuantity(parsed);
  return next === current ? null : next;
}

export type QuantityCheck = { ok: true; qty: number } | { ok: false; message: string };

export interface QuantityCheckOptions {
  /** A basket update may send 0 to remove the line. */
  zeroRemoves?: boolean;
}

/** For server actions: the client's selector is a convenience, never a guarantee. */
export function checkOrderQuantity(
  item: QuantityItem,
  qty: unknown,
  options: QuantityCheckOptions = {},
): QuantityCheck {
  const parsed = typeof qty === "number" || typeof qty === "string" ? parseWhole(qty) : null;
  if (parsed === null) return { ok: false, message: "Quantity must be a whole number" };
  if (parsed === 0 && options.zeroRemoves) return { ok: true, qty: 0 };
  const { step, minimum } = quantityRule(item);
  if (parsed < minimum) return { ok: false, message: `Quantity must be at least ${minimum}` };
  if (parsed > QUANTITY_MAX) return { ok: false, message: `Quantity cannot be more than ${QUANTITY_MAX}` };
  if (parsed % step !== 0) return { ok: false, message: `Quantity must be a multiple of ${step}` };
  return { ok: true, qty: parsed };
}
