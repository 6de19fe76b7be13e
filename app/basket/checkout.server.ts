import { randomUUID } from "node:crypto";
import type { PortalUser } from "~/auth/require-user.server";
import { basketTotal } from "~/domain/basket";
import { addressMode, decideDeliveryAddress, stockOrderBody, type TypedAddress } from "~/domain/checkout";
import { shippingLabel } from "~/domain/money";
import { CARD_PAYMENT_METHOD_IDS } from "~/domain/payment";
import { getEnv } from "~/env.server";
import { listCustomerAddresses } from "~/upstream/addresses.server";
import { getBasket } from "~/upstream/basket.server";
import { listShipMethods } from "~/upstream/carriage.server";
import { upstreamErrorMessage } from "~/upstream/client.server";
import { placeStockOrder, type PlacedOrder } from "~/upstream/checkout.server";
import { markSavedBasketCheckedOut } from "~/upstream/saved-baskets.server";
import { loadedSavedBasketId } from "./saved-baskets.server";

export const EMPTY_BASKET_MESSAGE = "Your basket is empty. Add something before checking out.";

/** The checkout page's data; a fresh idempotency key is issued with every page (DESIGN §4). */
export async function checkoutView(user: PortalUser) {
  const [basket, addresses, shipMethods] = await Promise.all([
    getBasket(user.upstream),
    listCustomerAddresses(user.upstream),
    listShipMethods(user.upstream),
  ]);
  const env = getEnv();
  const lines = basket.stock.filter((line) => line.qty > 0);
  return {
    idempotencyKey: randomUUID(),
    lines: lines.map((line) => ({ productId: line.productId, name: line.name ?? `Product ${line.productId}`, qty: line.qty, price: line.price ?? null })),
    subTotal: basketTotal(lines),
    instructions: basket.instructions.stock,
    addressMode: addressMode(user.session.account.permissions),
    addresses: addresses.map((a) => ({
      internalId: a.internalId,
      label: a.label,
      text: a.details.addrText || [a.details.addr1, a.details.addr2, a.details.city, a.details.zip].filter(Boolean).join(", "),
    })),
    shipMethods: shipMethods.map((m) => ({ internalId: m.internalId, label: shippingLabel(m) })),
    paymentMethods: user.session.account.payment_methods.map((m) => ({
      id: m.id,
      name: m.name,
      card: CARD_PAYMENT_METHOD_IDS.includes(m.id),
      available: !CARD_PAYMENT_METHOD_IDS.includes(m.id) || env.stripeEnabled,
    })),
    needsApproval: user.session.setting.needsAproval,
  };
}

export type CheckoutInput = {
  idempotencyKey: string;
  addressId?: string;
  typed: TypedAddress;
  shippingMethod: string;
  paymentMethod: number;
  otherRefNum?: string;
  deliveryInstructions: string;
};

export type CheckoutResult =
  | { ok: true; order: PlacedOrder }
  | { ok: false; fieldErrors: Record<string, string>; formError: string | null };

const fail = (formError: string | null, fieldErrors: Record<string, string> = {}): CheckoutResult => ({ ok: false, fieldErrors, formError });

/**
 * Places the stock order (SPEC §7): lines from the upstream basket (never from the form), the address checked
 * against the customer's own, the ship method and payment method against what is offered. The page's idempotency
 * key goes upstream with it, so a double click, a retry or Back-and-resubmit answers the order already placed.
 */
export async function placeOrder(user: PortalUser, request: Request, input: CheckoutInput): Promise<CheckoutResult> {
  const { upstream, session } = user;
  const [basket, addresses, shipMethods, chosenBasket] = await Promise.all([
    getBasket(upstream),
    listCustomerAddresses(upstream),
    listShipMethods(upstream),
    loadedSavedBasketId(request),
  ]);

  const address = decideDeliveryAddress(
    addressMode(session.account.permissions),
    addresses.map((a) => a.internalId),
    input.addressId,
    input.typed,
  );
  if (!address.ok) return fail("Please check the delivery address.", address.fieldErrors);
  if (!shipMethods.some((m) => m.internalId === input.shippingMethod)) {
    return fail("Please choose a delivery method.", { shippingMethod: "Choose one of the delivery methods shown" });
  }
  const method = session.account.payment_methods.find((m) => m.id === input.paymentMethod);
  if (!method) return fail("Please choose how to pay.", { paymentMethod: "Choose one of the payment methods shown" });
  if (CARD_PAYMENT_METHOD_IDS.includes(method.id)) {
    return fail("Card payment is not available at the moment. Please choose another way to pay.", { paymentMethod: "Card payment is not available" });
  }

  const { ok: _ok, ...deliverTo } = address;
  const body = stockOrderBody({
    lines: basket.stock,
    address: deliverTo,
    shippingMethod: input.shippingMethod,
    deliveryInstructions: input.deliveryInstructions,
    punchoutSession: session.punchoutSession,
    payment: { type: 1, paymentMethodId: method.id },
    otherRefNum: input.otherRefNum,
    chosenBasket,
  });
  try {
    // an empty basket is still sent once: if this key already placed an order (the basket emptied with it), the
    // provider answers that order; otherwise it refuses the empty order and the buyer is told why
    const order = await placeStockOrder(upstream, body, input.idempotencyKey);
    if (chosenBasket) await markCheckedOut(user, chosenBasket);
    return { ok: true, order };
  } catch (error) {
    if (error instanceof Response && error.status >= 400 && error.status < 500 && error.status !== 401) {
      if (body.items.length === 0) return fail(EMPTY_BASKET_MESSAGE);
      return fail((await upstreamErrorMessage(error)) ?? "The order could not be placed. Please check it and try again.");
    }
    throw error;
  }
}

/**
 * SPEC §4: the saved basket the order came from goes checked_out 0 → 1 (PATCH {basket, checked_out}; the provider
 * also marks it from chosenBasket). The order is placed by then, so a failure here is logged, not shown.
 */
async function markCheckedOut(user: PortalUser, basketId: string): Promise<void> {
  try {
    await markSavedBasketCheckedOut(user.upstream, basketId);
  } catch (error) {
    console.error(`saved basket ${basketId}: marking it checked out failed`, error instanceof Response ? error.status : error);
  }
}
