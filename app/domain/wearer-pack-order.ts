import { paymentMethodBlock, type PaymentChoice, type PaymentMethodBlock } from "./payment";

// The wearer-pack checkout (issue 15 item 6, decision 102) as pure functions: which packs an order carries, the exact
// POST /api/order body of a manpack order, and a refusal of it in words naming the wearer.

/** A wearer's pack as the basket holds it (SPEC §3 Manpack entry). */
export type PackForOrder = {
  employeeId: string;
  addressId?: string | null;
  shippingMethod?: string | null;
  data: ReadonlyArray<{ productId: string; qty: number }>;
};

export type ManpackOrderInput = {
  packs: readonly PackForOrder[];
  /** The customer's default delivery address: where a pack without its own address goes. */
  defaultAddressId: string | null;
  deliveryInstructions: string;
  payment: PaymentChoice;
  otherRefNum?: string;
  basketVersion?: number;
};

/** SPEC §7 POST /api/order, manpack: exactly its fields; prices are never sent. */
export type ManpackOrderBody = {
  orderType: "manpack";
  packs: Array<{
    contactId: string;
    items: Array<{ internalId: string; qty: number }>;
    shippingMethod: string | null;
    addressId: string | null;
  }>;
  deliveryInstructions: string;
  fullOrder: boolean;
  otherRefNum?: string;
  basketVersion?: number;
  paymentMethod?: PaymentMethodBlock;
};

/** The packs an order carries: each with its lines of a positive quantity; a pack left with none is not sent. */
export function packsToOrder<P extends PackForOrder>(packs: readonly P[]): P[] {
  return packs.filter((pack) => pack.data.some((line) => line.qty > 0));
}

/**
 * The manpack order body: a pack per wearer with lines, to the pack's own address (else the customer's default) by the
 * pack's own method (else null: the provider's default, the cheapest the pack may use — what its quote priced).
 */
export function manpackOrderBody(input: ManpackOrderInput): ManpackOrderBody {
  const body: ManpackOrderBody = {
    orderType: "manpack",
    packs: packsToOrder(input.packs).map((pack) => ({
      contactId: pack.employeeId,
      items: pack.data.filter((line) => line.qty > 0).map((line) => ({ internalId: line.productId, qty: line.qty })),
      shippingMethod: pack.shippingMethod ?? null,
      addressId: pack.addressId ?? input.defaultAddressId,
    })),
    deliveryInstructions: input.deliveryInstructions,
    fullOrder: true,
  };
  if (input.otherRefNum) body.otherRefNum = input.otherRefNum;
  if (input.basketVersion !== undefined) body.basketVersion = input.basketVersion;
  const block = paymentMethodBlock(input.payment);
  if (block) body.paymentMethod = block;
  return body;
}

const FIELD_PREFIX = /^Invalid value at field "[^"]*":\s*/;
const PACK_FIELD = /^packs\.(\d+)(?:\.(\w+))?/;

/**
 * A refusal of a wearer-pack order (or its quote) in words naming the wearer: the provider's `data.field` `packs.N…`
 * is the N-th pack sent, `names` the wearers' names in that order. Null when the field names no pack.
 */
export function packRefusalMessage(field: string | null, message: string, names: readonly string[]): string | null {
  const match = field ? PACK_FIELD.exec(field) : null;
  if (!match) return null;
  const name = names[Number(match[1])];
  if (name === undefined) return null;
  const reason = message.replace(FIELD_PREFIX, "").trim();
  if (match[2] === "contactId" && /not an active contact/.test(reason)) {
    return `${name} can no longer be ordered for: they are not an active wearer. Remove their pack from the basket.`;
  }
  // the provider's allowance and entitlement refusals already name the wearer ("Wes Wearer has 1 Jacket allowance left…")
  return sentence(reason.includes(name) ? reason : `${name}'s pack: ${reason}`);
}

const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
