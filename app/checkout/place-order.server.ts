import { redirect } from "@remix-run/node";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { finalisePunchoutApproval } from "~/checkout/punchout-approval.server";
import {
  addressMode,
  decideDeliveryAddress,
  deliveryOption,
  orderableAddressIds,
  stockOrderBody,
  type StockOrderBody,
} from "~/domain/checkout";
import type { PaymentChoice } from "~/domain/payment";
import { CARD_PAYMENT_TYPE, isCardMethod } from "~/domain/payment";
import { NO_APPROVAL_HELD } from "~/domain/punchout-approval";
import { getEnv } from "~/env.server";
import { listCustomerAddresses } from "~/upstream/addresses.server";
import { getBasket, patchBasket } from "~/upstream/basket.server";
import { listShipMethods } from "~/upstream/carriage.server";
import { placeStockOrder, type PlacedOrder } from "~/upstream/checkout.server";
import { logFailure, isRedirect, isRefusal, refusal } from "~/upstream/errors.server";
import type { ApprovalState } from "~/upstream/punchout-baskets.server";
import { markSavedBasketCheckedOut } from "~/upstream/saved-baskets.server";
import type { CheckoutFields } from "./checkout.server";
import { threeDSecureRedirect } from "./three-d-secure.server";

// Placing the stock order (SPEC §7): the checkout checked against what the provider offers this customer, the one
// order body, the post under the page's idempotency key, and what follows a placed order.

export const EMPTY_BASKET_MESSAGE = "Your basket is empty. Add something before checking out.";
export const BASKET_CHANGED_MESSAGE =
  "Your basket changed since checkout was opened: check it and place the order again.";
export const CARD_UNAVAILABLE = "Card payment is not available at the moment. Please choose another way to pay.";

/** A card payment that has been taken (Stripe): sent with the order as stripeId/stripePaid/stripeAmount (SPEC §7, decision 078). */
export type CardPayment = { paymentIntentId: string; paid: boolean; amountPence: number; sessionKey: string };

export type CheckoutRefusal = {
  ok: false;
  fieldErrors: Record<string, string>;
  formError: string | null;
  status?: number;
  /** The provider refused the order it was sent (so no order of this checkout's key exists). */
  refusedByProvider?: boolean;
};
export type CheckoutResult = { ok: true; order: PlacedOrder; approval: ApprovalState } | CheckoutRefusal;

export const fail = (
  formError: string | null,
  fieldErrors: Record<string, string> = {},
  status?: number,
): CheckoutRefusal => ({
  ok: false,
  fieldErrors,
  formError,
  ...(status && { status }),
});

type Prepared = { ok: true; body: StockOrderBody; chosenBasket: string | null; approval: ApprovalState };

/**
 * Checks the checkout against what upstream offers this customer (addresses, ship methods, payment methods) and
 * builds the SPEC §7 stock order — once — from the upstream basket, never from the form; with the card payment, when
 * one was taken.
 */
export async function prepareOrder(
  user: PortalUser,
  input: CheckoutFields,
  card?: CardPayment,
): Promise<Prepared | CheckoutRefusal> {
  const { upstream, session } = user;
  const [basket, addresses, shipMethods] = await Promise.all([
    getBasket(upstream),
    listCustomerAddresses(upstream),
    listShipMethods(upstream, { forBasket: "stock" }),
  ]);
  // the saved basket these lines were loaded from, as the upstream basket remembers it (decision 077)
  const chosenBasket = basket.loadedBasket;
  // the addresses the provider lets this order go to; a punched-out basket loaded for approval goes, by default,
  // to the address it was approved for
  const addressIds = orderableAddressIds(addresses, basket.approvedOrderAddressId);
  const address = decideDeliveryAddress(
    addressMode(session.account.permissions, addressIds.length),
    addressIds,
    input.addressId,
    input,
  );
  if (!address.ok) return fail("Please check the delivery address.", address.fieldErrors);
  const shipMethod = shipMethods.find((m) => m.internalId === input.shippingMethod);
  if (!shipMethod)
    return fail("Please choose a delivery method.", { shippingMethod: "Choose one of the delivery methods shown" });
  // refused before a card is charged or an order sent, in the provider's own words (decision 073)
  if (shipMethod.available === false) {
    const why =
      shipMethod.refusal ?? deliveryOption(shipMethod).note ?? "This delivery method is not available for this order";
    return fail(why, { shippingMethod: why });
  }
  const method = session.account.payment_methods.find((m) => m.id === input.paymentMethod);
  if (!method) return fail("Please choose how to pay.", { paymentMethod: "Choose one of the payment methods shown" });
  if (isCardMethod(method.id) && !getEnv().stripeEnabled)
    return fail(CARD_UNAVAILABLE, { paymentMethod: "Card payment is not available" });

  const { ok: _ok, ...deliverTo } = address;
  const byCard = isCardMethod(method.id) && card;
  const body = stockOrderBody({
    lines: basket.stock,
    address: deliverTo,
    shippingMethod: input.shippingMethod,
    deliveryInstructions: input.deliveryInstructions,
    punchoutSession: session.punchoutSession,
    payment: orderPayment(method.id, byCard ? card : undefined),
    otherRefNum: input.otherRefNum,
    chosenBasket,
    basketVersion: input.basketVersion,
    punchoutLoadedBasket: basket.punchoutLoadedBasket,
    stripe: byCard ? { stripeId: card.paymentIntentId, stripePaid: card.paid, stripeAmount: card.amountPence } : null,
  });
  const approval: ApprovalState = {
    basketIdForApproval: basket.basketIdForApproval,
    approvedOrderAddressId: basket.approvedOrderAddressId,
    punchoutLoadedBasket: basket.punchoutLoadedBasket,
  };
  return { ok: true, body, chosenBasket, approval };
}

/**
 * Places the stock order (SPEC §7). The page's idempotency key goes upstream with it, so a double click, a retry or
 * Back-and-resubmit answers the order already placed (decision 071). A card order needs the taken payment; the
 * provider places it only if it totals what the card was charged (decision 078).
 */
export async function placeOrder(user: PortalUser, input: CheckoutFields, card?: CardPayment): Promise<CheckoutResult> {
  const prepared = await prepareOrder(user, input, card);
  if (!prepared.ok) return prepared;
  const { body } = prepared;
  if (isCardMethod(input.paymentMethod) && !card?.paid) {
    return fail("Your card payment was not completed. Please try again or choose another way to pay.", {
      paymentMethod: "The card payment was not completed",
    });
  }
  try {
    // an empty basket is still sent once: if this key already placed an order (the basket emptied with it), the
    // provider answers that order; otherwise it refuses the empty order and the buyer is told why
    const order = await placeStockOrder(user.upstream, body, input.idempotencyKey);
    if (prepared.chosenBasket) await markCheckedOut(user, prepared.chosenBasket);
    return { ok: true, order, approval: prepared.approval };
  } catch (error) {
    // 409: this basket was ordered in another tab, or changed since the page was opened (decision 074), or its
    // total is no longer what the card was charged (decision 078)
    if (isRefusal(error, 409))
      return { ...fail(error.message || BASKET_CHANGED_MESSAGE, {}, 409), refusedByProvider: true };
    const refused = refusal(error);
    const answer =
      body.items.length === 0
        ? fail(EMPTY_BASKET_MESSAGE)
        : fail(refused.message || "The order could not be placed. Please check it and try again.");
    return { ...answer, refusedByProvider: true };
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
    logFailure(user.upstream?.request, `saved basket ${basketId}: marking it checked out failed`, error);
  }
}

/** How an order is paid (SPEC §7): by the card payment taken, or by the customer's payment method (type 1). */
export function orderPayment(paymentMethodId: number, card: CardPayment | undefined): PaymentChoice {
  return card
    ? { type: CARD_PAYMENT_TYPE, paymentMethodId, paymentToken: card.paymentIntentId, sessionKey: card.sessionKey }
    : { type: 1, paymentMethodId };
}

/**
 * The answer to a placed order (SPEC §7): on to the card issuer when it wants 3-D Secure (its own page posts the
 * challenge on: at once with JavaScript, by a button without), else orderPlacedRedirect.
 */
export async function placedOrderAnswer(
  user: PortalUser,
  request: Request,
  placed: { order: PlacedOrder; approval: ApprovalState },
): Promise<Response> {
  const { order } = placed;
  if (!order.threeDSUrl) return orderPlacedRedirect(user, request, placed);
  return threeDSecureRedirect(request, {
    url: order.threeDSUrl,
    cReq: order.cReq ?? "",
    transactionId: order.transactionId ?? "",
  });
}

/**
 * After an order is placed: a punched-out basket held for approval is finalised (decision 081) and the buyer goes to
 * the confirmation with a toast (303, so a reload never re-posts). The provider's order cleared loadedBasket itself.
 */
export async function orderPlacedRedirect(
  user: PortalUser,
  request: Request,
  placed: { order: PlacedOrder; approval: ApprovalState },
): Promise<Response> {
  const { order, approval } = placed;
  // after the order nothing stays held for approval: the finalise's own clearing write takes the address and flag too
  const keysHeld = Boolean(approval.approvedOrderAddressId || approval.punchoutLoadedBasket);
  const finalised = await finalisePunchoutApproval(user, approval, keysHeld ? NO_APPROVAL_HELD : undefined);
  if (!finalised && keysHeld) await forgetApprovedBasket(user);
  const done = `Order ${order.tranId ?? order.internalId} placed`;
  const toast =
    finalised && !finalised.ok
      ? { kind: "error" as const, message: `${done}. ${finalised.message}` }
      : { kind: "success" as const, message: done };
  const headers = await flashToast(request, toast);
  return redirect(`/order-complete?order=${encodeURIComponent(order.internalId)}`, { status: 303, headers });
}

/** An approved punched-out basket (approved before checkout, so no id left) is forgotten after its order. */
async function forgetApprovedBasket(user: PortalUser): Promise<void> {
  try {
    await patchBasket(user.upstream, NO_APPROVAL_HELD);
  } catch (error) {
    if (isRedirect(error)) throw error;
    logFailure(user.upstream?.request, "clearing the approved punchout basket's keys failed", error);
  }
}
