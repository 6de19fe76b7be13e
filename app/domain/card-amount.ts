import { fromPence, toPence } from "./money";

/**
 * The provider's tax rule (docs/upstream-api.md POST /api/order): 20 % VAT on subtotal + shipping. A card is
 * charged before the order exists, so the portal works the amount out the same way from upstream prices.
 */
export const VAT_RATE = 0.2;

export interface ChargeLine {
  price: unknown;
  qty: number;
}

export interface CardCharge {
  subTotal: number;
  shippingCost: number;
  taxTotal: number;
  total: number;
  /** What the card provider is asked for: whole pence. */
  pence: number;
}

/** Each line rounded to the penny, then VAT on subtotal + shipping rounded to the penny, as the provider does. */
export function cardCharge(lines: readonly ChargeLine[], shipping: unknown): CardCharge {
  const subPence = lines.reduce((sum, line) => sum + toPence(line.price) * line.qty, 0);
  const shipPence = toPence(shipping);
  const taxPence = Math.round((subPence + shipPence) * VAT_RATE);
  const pence = subPence + shipPence + taxPence;
  return { subTotal: fromPence(subPence), shippingCost: fromPence(shipPence), taxTotal: fromPence(taxPence), total: fromPence(pence), pence };
}

/** A card charge matches an order when both come to the same whole pence. */
export function chargeMatchesOrder(chargedPence: number, orderTotal: unknown): boolean {
  return chargedPence === toPence(orderTotal);
}

/** The checkout's own fields, as they travel through a Stripe-hosted payment page and back (decision 072). */
export interface CheckoutFields {
  idempotencyKey: string;
  addressId?: string;
  addressee?: string;
  addr1?: string;
  addr2?: string;
  city?: string;
  zip?: string;
  shippingMethod: string;
  paymentMethod: number;
  otherRefNum?: string;
  deliveryInstructions: string;
  /** The basket version the checkout page showed: the order spends it, so a basket is ordered once (decision 074). */
  basketVersion?: number;
}

/** Stripe keeps at most 500 characters per metadata value: longer text is split over numbered keys. */
export const METADATA_VALUE_MAX = 500;
const SIMPLE_KEYS = ["idempotencyKey", "addressId", "addressee", "addr1", "addr2", "city", "zip", "shippingMethod", "otherRefNum"] as const;

/**
 * Metadata for the payment: who pays (user and business unit, checked on return) and the checkout's fields, so the
 * order placed on return is the one the buyer filled in, under the same idempotency key.
 */
export function checkoutMetadata(fields: CheckoutFields, payer: { userId: string; customerId: string }): Record<string, string> {
  const metadata: Record<string, string> = { user: payer.userId, customer: payer.customerId, paymentMethod: String(fields.paymentMethod) };
  for (const key of SIMPLE_KEYS) {
    const value = fields[key];
    if (value) metadata[key] = value.slice(0, METADATA_VALUE_MAX);
  }
  if (fields.basketVersion !== undefined) metadata.basketVersion = String(fields.basketVersion);
  const text = fields.deliveryInstructions;
  for (let part = 0; part * METADATA_VALUE_MAX < text.length; part++) {
    metadata[`instructions${part}`] = text.slice(part * METADATA_VALUE_MAX, (part + 1) * METADATA_VALUE_MAX);
  }
  return metadata;
}

/** The checkout fields back from the payment's metadata; null when it was not made for this payer. */
export function checkoutFieldsFromMetadata(metadata: Record<string, string>, payer: { userId: string; customerId: string }): CheckoutFields | null {
  if (metadata.user !== payer.userId || metadata.customer !== payer.customerId) return null;
  if (!metadata.idempotencyKey || !metadata.shippingMethod || !/^\d+$/.test(metadata.paymentMethod ?? "")) return null;
  let deliveryInstructions = "";
  for (let part = 0; metadata[`instructions${part}`] !== undefined; part++) deliveryInstructions += metadata[`instructions${part}`];
  const fields: CheckoutFields = { idempotencyKey: metadata.idempotencyKey, shippingMethod: metadata.shippingMethod, paymentMethod: Number(metadata.paymentMethod), deliveryInstructions };
  for (const key of ["addressId", "addressee", "addr1", "addr2", "city", "zip", "otherRefNum"] as const) {
    if (metadata[key]) fields[key] = metadata[key];
  }
  if (/^\d{1,15}$/.test(metadata.basketVersion ?? "")) fields.basketVersion = Number(metadata.basketVersion);
  return fields;
}
