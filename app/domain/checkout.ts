// Checkout rules (SPEC §6-§7, issue 6) as pure functions: which delivery address a stock order may go to, which
// delivery methods it may use, the exact POST /api/order body of a stock order, and the order summary's words. The
// wearer-pack order's body and refusals are in wearer-pack-order.ts.
//
// SPEC §6: dellAddress lets the user change the stock address, addAddress lets them type a new one,
// customAddressOnly forces a typed address. Without dellAddress the order goes to the customer's default (first)
// address. The provider applies this itself and answers, per address, whether the caller may send it
// (`orderUse.stock`, decision 075): the checkout offers exactly those.

import { lineAmount, optionLabels } from "./basket-lines";
import { formatMoney, parseMoney, shippingLabel } from "./money";
import { paymentMethodBlock, type PaymentChoice, type PaymentMethodBlock } from "./payment";
import { NEW_ADDRESS } from "./address";
import { normalisePostcode } from "./postcode";
import { PRICE_HIDDEN_TEXT } from "./prices";

export { NEW_ADDRESS };

export type AddressMode = {
  /** The user may pick any of the customer's addresses. */
  canChoose: boolean;
  /** The user may type an address instead. */
  canType: boolean;
  /** The user must type the address. */
  typedOnly: boolean;
};

/**
 * How the delivery address is given: picked when the provider lets the caller send more than one of the
 * customer's addresses, typed with addAddress, only typed with customAddressOnly.
 */
export function addressMode(permissions: readonly string[], usableAddressCount: number): AddressMode {
  const typedOnly = permissions.includes("customAddressOnly");
  return {
    typedOnly,
    canChoose: !typedOnly && usableAddressCount > 1,
    canType: typedOnly || permissions.includes("addAddress"),
  };
}

/**
 * The ids a stock order may go to, as the provider answers them (`orderUse.stock`; an answer without it counts as
 * usable), with the address a punched-out basket was approved for first: the first is the default.
 */
export function orderableAddressIds(
  addresses: ReadonlyArray<{ internalId: string; orderUse?: { stock: boolean } | null }>,
  approvedOrderAddressId: string | null,
): string[] {
  return addressIdsWithDefault(
    addresses.filter((a) => a.orderUse?.stock !== false).map((a) => a.internalId),
    approvedOrderAddressId,
  );
}

export type DeliveryMethodAnswer = {
  internalId: string;
  description: string;
  shippingflatrateamount?: unknown;
  /** From GET /api/carriage?forBasket=stock (decision 073); absent = no rule known, so offered. */
  available?: boolean | null;
  amountNeeded?: unknown;
  /** Why the basket may not use it, in the provider's words (decision 073). */
  refusal?: string | null;
};

export type DeliveryOption = { internalId: string; label: string; available: boolean; note: string | null };

/** A delivery method as the checkout offers it: its label, and when the basket does not reach its minimum, why not. */
export function deliveryOption(method: DeliveryMethodAnswer): DeliveryOption {
  const available = method.available !== false;
  const free = parseMoney(method.shippingflatrateamount) === 0;
  const more = formatMoney(method.amountNeeded);
  // no amount for an account whose prices are hidden (decision 066): the provider's own words, which leave it out
  const hidden = method.amountNeeded == null && Boolean(method.refusal);
  const note = available
    ? null
    : hidden
      ? method.refusal!
      : free
        ? `Spend ${more} more for free delivery`
        : `Spend ${more} more to use ${method.description}`;
  return { internalId: method.internalId, label: shippingLabel(method), available, note };
}

/** The delivery methods as offered: those the basket may use first (in the provider's order), then the others. */
export function deliveryOptions(methods: readonly DeliveryMethodAnswer[]): DeliveryOption[] {
  const options = methods.map(deliveryOption);
  return [...options.filter((o) => o.available), ...options.filter((o) => !o.available)];
}

export type TypedAddress = { addressee?: string; addr1?: string; addr2?: string; city?: string; zip?: string };
export type CustomAddressOut = {
  label?: string;
  addressee?: string;
  addr1: string;
  addr2?: string;
  city: string;
  zip: string;
};

export type AddressDecision =
  | { ok: true; addressId: string }
  | { ok: true; customAddress: CustomAddressOut }
  | { ok: false; fieldErrors: Record<string, string> };

function typedAddress(typed: TypedAddress): AddressDecision {
  const fieldErrors: Record<string, string> = {};
  const addr1 = typed.addr1?.trim() ?? "";
  const city = typed.city?.trim() ?? "";
  // the one postcode rule of the address screens and the provider (decision 112): `ls14ap` is sent as `LS1 4AP`
  const typedZip = typed.zip?.trim() ?? "";
  const postcode = typedZip ? normalisePostcode(typedZip) : null;
  if (!addr1) fieldErrors.addr1 = "Enter the first line of the address";
  if (!city) fieldErrors.city = "Enter the town or city";
  if (!postcode) fieldErrors.zip = "Enter the postcode";
  else if (!postcode.ok) fieldErrors.zip = postcode.message;
  if (!postcode?.ok || Object.keys(fieldErrors).length) return { ok: false, fieldErrors };
  const zip = postcode.postcode;
  const addressee = typed.addressee?.trim() || undefined;
  const addr2 = typed.addr2?.trim() || undefined;
  return {
    ok: true,
    customAddress: { ...(addressee ? { addressee } : {}), addr1, ...(addr2 ? { addr2 } : {}), city, zip },
  };
}

/**
 * The address a checkout may send: an id of the customer's own addresses (never another customer's),
 * or a typed address when the user may type one.
 */
export function decideDeliveryAddress(
  mode: AddressMode,
  customerAddressIds: readonly string[],
  chosen: string | undefined,
  typed: TypedAddress,
): AddressDecision {
  if (mode.typedOnly || chosen === NEW_ADDRESS) {
    if (!mode.canType)
      return { ok: false, fieldErrors: { addressId: "You cannot add a delivery address; choose one of yours" } };
    return typedAddress(typed);
  }
  const fallback = customerAddressIds[0];
  if (fallback === undefined) {
    return mode.canType
      ? typedAddress(typed)
      : { ok: false, fieldErrors: { addressId: "Your account has no delivery address; please contact us" } };
  }
  const wanted = chosen || fallback;
  if (!mode.canChoose && wanted !== fallback)
    return { ok: false, fieldErrors: { addressId: "You cannot change the delivery address" } };
  if (!customerAddressIds.includes(wanted))
    return { ok: false, fieldErrors: { addressId: "Choose one of your delivery addresses" } };
  return { ok: true, addressId: wanted };
}

/** Where a stock order goes: one of the customer's addresses by id, or a typed one. */
export type DeliveryAddress = { addressId: string } | { customAddress: CustomAddressOut };

export type StockOrderInput = {
  lines: ReadonlyArray<{ productId: string; qty: number }>;
  address: DeliveryAddress;
  shippingMethod: string;
  deliveryInstructions: string;
  punchoutSession: string | null;
  payment: PaymentChoice;
  /** The buyer's own order reference (purchase order number), when typed (decision 071). */
  otherRefNum?: string;
  /** The saved basket the lines were loaded from: the provider marks it checked_out (SPEC §4). */
  chosenBasket?: string | null;
  /** The basket version the checkout page showed: the provider places it once (decision 074). */
  basketVersion?: number;
  /** The lines are a punched-out basket loaded for approval (SPEC §3, §7). */
  punchoutLoadedBasket?: boolean;
  /** A card payment taken before the order: its PaymentIntent, whether it was paid and the pence charged (decision 078). */
  stripe?: { stripeId: string; stripePaid: boolean; stripeAmount: number } | null;
};

/** SPEC §7 POST /api/order, stock: exactly its fields; prices are never sent (the provider prices the lines). */
export type StockOrderBody = {
  orderType: "standard";
  items: Array<{ internalId: string; qty: number }>;
  punchoutSession: string | null;
  deliveryInstructions: string;
  fullOrder: boolean;
  addressId?: string;
  customAddress?: CustomAddressOut;
  shippingMethod: string;
  otherRefNum?: string;
  chosenBasket?: string;
  basketVersion?: number;
  punchoutLoadedBasket?: boolean;
  stripeId?: string;
  stripePaid?: boolean;
  stripeAmount?: number;
  paymentMethod?: PaymentMethodBlock;
};

/**
 * Whether a card may be charged a quote's total: the quote priced the basket the checkout page showed (decision 139).
 * A form without a version (an older page) leaves it to the provider, which claims the version with the order.
 */
export function quoteIsOfShownBasket(quote: { basketVersion: number }, shownVersion: number | undefined): boolean {
  return shownVersion === undefined || quote.basketVersion === shownVersion;
}

export function stockOrderBody(input: StockOrderInput): StockOrderBody {
  const body: StockOrderBody = {
    orderType: "standard",
    items: input.lines.filter((line) => line.qty > 0).map((line) => ({ internalId: line.productId, qty: line.qty })),
    punchoutSession: input.punchoutSession,
    deliveryInstructions: input.deliveryInstructions,
    fullOrder: true,
    ...input.address,
    shippingMethod: input.shippingMethod,
  };
  if (input.otherRefNum) body.otherRefNum = input.otherRefNum;
  if (input.chosenBasket) body.chosenBasket = input.chosenBasket;
  if (input.basketVersion !== undefined) body.basketVersion = input.basketVersion;
  if (input.punchoutLoadedBasket) body.punchoutLoadedBasket = true;
  if (input.stripe) {
    body.stripeId = input.stripe.stripeId;
    body.stripePaid = input.stripe.stripePaid;
    body.stripeAmount = input.stripe.stripeAmount;
  }
  const block = paymentMethodBlock(input.payment);
  if (block) body.paymentMethod = block;
  return body;
}

/** The customer's address ids with the one a punched-out basket was approved for first: that is the default. */
export function addressIdsWithDefault(ids: readonly string[], approvedOrderAddressId: string | null): string[] {
  if (!approvedOrderAddressId || !ids.includes(approvedOrderAddressId)) return [...ids];
  return [approvedOrderAddressId, ...ids.filter((id) => id !== approvedOrderAddressId)];
}

/**
 * A basket line as the checkout's order summary lists it (decision 085): at today's catalogue price (else the line's
 * own), "Price on application" for an account whose prices are hidden, "—" with no price at all.
 */
export function summaryLine(
  line: {
    productId: string;
    name?: string;
    qty: number;
    options?: Parameters<typeof optionLabels>[0];
    price?: number | null;
  },
  catalogPrice: number | null | undefined,
  hidden: boolean,
) {
  const price = catalogPrice ?? line.price ?? null;
  return {
    productId: line.productId,
    name: line.name ?? `Product ${line.productId}`,
    options: optionLabels(line.options),
    qty: line.qty,
    amountText: hidden ? PRICE_HIDDEN_TEXT : price === null ? "—" : formatMoney(lineAmount(price, line.qty)),
  };
}

/**
 * The order summary's figures from the provider's quote, worded (decisions 078, 085): goods amounts "Price on
 * application" for an account whose prices are hidden (decision 058); the delivery charge stays, as on the order.
 */
export function quotedFigures(
  quote: {
    shippingMethod: string;
    subTotal: number | null;
    shippingCost: number;
    taxTotal: number | null;
    total: number | null;
  },
  hidden: boolean,
) {
  const money = (amount: number | null) => (hidden || amount === null ? PRICE_HIDDEN_TEXT : formatMoney(amount));
  return {
    shippingMethod: quote.shippingMethod,
    subTotalText: money(quote.subTotal),
    shippingText: formatMoney(quote.shippingCost),
    taxText: money(quote.taxTotal),
    totalText: money(quote.total),
    problem: null,
  };
}
