import type { CheckoutFields } from "./checkout.server";
import type { WearerPackFields } from "./wearer-pack-checkout.server";
import { isUpstreamIdValue } from "~/domain/upstream-id";

// The checkout's fields as they travel through a Stripe payment's metadata and back (decisions 072, 076). The amount
// charged is the provider's quote (GET /api/order-quote, decision 078): the portal never works it out.

export type { CheckoutFields, WearerPackFields };

/** Stripe keeps at most 500 characters per metadata value: longer text is split over numbered keys. */
export const METADATA_VALUE_MAX = 500;
const SIMPLE_KEYS = [
  "idempotencyKey",
  "addressId",
  "addressee",
  "addr1",
  "addr2",
  "city",
  "zip",
  "shippingMethod",
  "otherRefNum",
] as const;

/**
 * Metadata for the payment: who pays (user and business unit, checked on return) and the checkout's fields, so the
 * order placed on return is the one the buyer filled in, under the same idempotency key.
 */
export function checkoutMetadata(
  fields: CheckoutFields,
  payer: { userId: string; customerId: string },
): Record<string, string> {
  const metadata: Record<string, string> = {
    user: payer.userId,
    customer: payer.customerId,
    paymentMethod: String(fields.paymentMethod),
  };
  for (const key of SIMPLE_KEYS) {
    const value = fields[key];
    if (value) metadata[key] = value.slice(0, METADATA_VALUE_MAX);
  }
  if (fields.basketVersion !== undefined) metadata.basketVersion = String(fields.basketVersion);
  return Object.assign(metadata, splitInstructions(fields.deliveryInstructions));
}

/** The checkout fields back from the payment's metadata; null when it was not made for this payer, or for wearer packs. */
export function checkoutFieldsFromMetadata(
  metadata: Record<string, string>,
  payer: { userId: string; customerId: string },
): CheckoutFields | null {
  if (metadata.user !== payer.userId || metadata.customer !== payer.customerId) return null;
  if (metadata.basket !== undefined) return null;
  if (!metadata.idempotencyKey || !metadata.shippingMethod || !/^\d+$/.test(metadata.paymentMethod ?? "")) return null;
  const fields: CheckoutFields = {
    idempotencyKey: metadata.idempotencyKey,
    shippingMethod: metadata.shippingMethod,
    paymentMethod: Number(metadata.paymentMethod),
    deliveryInstructions: joinInstructions(metadata),
  };
  for (const key of ["addressId", "addressee", "addr1", "addr2", "city", "zip", "otherRefNum"] as const) {
    if (metadata[key]) fields[key] = metadata[key];
  }
  if (isUpstreamIdValue(metadata.basketVersion)) fields.basketVersion = Number(metadata.basketVersion);
  return fields;
}

/** The basket a payment was made for: `basket` is set only for the wearer-pack basket (decision 106). */
export type PaidBasket = "stock" | "manpack";
export const paidBasketOf = (metadata: Record<string, string>): PaidBasket | null =>
  metadata.basket === undefined ? "stock" : metadata.basket === "manpack" ? "manpack" : null;

/**
 * Metadata for a wearer-pack payment (decision 106): `basket: manpack`, who pays, and the wearer-pack checkout's
 * fields (no address or delivery method: each pack has its own, from the basket).
 */
export function wearerPackMetadata(
  fields: WearerPackFields,
  payer: { userId: string; customerId: string },
): Record<string, string> {
  const metadata: Record<string, string> = {
    basket: "manpack",
    user: payer.userId,
    customer: payer.customerId,
    paymentMethod: String(fields.paymentMethod),
  };
  metadata.idempotencyKey = fields.idempotencyKey.slice(0, METADATA_VALUE_MAX);
  if (fields.otherRefNum) metadata.otherRefNum = fields.otherRefNum.slice(0, METADATA_VALUE_MAX);
  if (fields.basketVersion !== undefined) metadata.basketVersion = String(fields.basketVersion);
  Object.assign(metadata, splitInstructions(fields.deliveryInstructions));
  return metadata;
}

/** The wearer-pack checkout's fields back from a payment's metadata; null when not made for this payer or for packs. */
export function wearerPackFieldsFromMetadata(
  metadata: Record<string, string>,
  payer: { userId: string; customerId: string },
): WearerPackFields | null {
  if (metadata.basket !== "manpack" || metadata.user !== payer.userId || metadata.customer !== payer.customerId)
    return null;
  if (!metadata.idempotencyKey || !/^\d+$/.test(metadata.paymentMethod ?? "")) return null;
  const fields: WearerPackFields = {
    idempotencyKey: metadata.idempotencyKey,
    paymentMethod: Number(metadata.paymentMethod),
    deliveryInstructions: joinInstructions(metadata),
  };
  if (metadata.otherRefNum) fields.otherRefNum = metadata.otherRefNum;
  if (isUpstreamIdValue(metadata.basketVersion)) fields.basketVersion = Number(metadata.basketVersion);
  return fields;
}

function splitInstructions(text: string): Record<string, string> {
  const parts: Record<string, string> = {};
  for (let part = 0; part * METADATA_VALUE_MAX < text.length; part++) {
    parts[`instructions${part}`] = text.slice(part * METADATA_VALUE_MAX, (part + 1) * METADATA_VALUE_MAX);
  }
  return parts;
}

function joinInstructions(metadata: Record<string, string>): string {
  let text = "";
  for (let part = 0; metadata[`instructions${part}`] !== undefined; part++) text += metadata[`instructions${part}`];
  return text;
}
