import type { CheckoutFields } from "~/checkout/checkout.server";
import { isUpstreamIdValue } from "./upstream-id";

// The checkout's fields as they travel through a Stripe payment's metadata and back (decisions 072, 076). The amount
// charged is the provider's quote (GET /api/order-quote, decision 078): the portal never works it out.

export type { CheckoutFields };

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
  if (isUpstreamIdValue(metadata.basketVersion)) fields.basketVersion = Number(metadata.basketVersion);
  return fields;
}
