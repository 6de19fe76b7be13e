import { randomUUID } from "node:crypto";
import type { PortalUser } from "~/auth/require-user.server";
import { basketTotal } from "~/domain/basket";
import { addressMode, decideDeliveryAddress, deliveryOption, deliveryOptions, orderableAddressIds, stockOrderBody, type StockOrderBody } from "~/domain/checkout";
import { cardCharge, chargeMatchesOrder, type CheckoutFields } from "~/domain/card-amount";
import { orderTotal } from "~/domain/money";
import { CARD_PAYMENT_METHOD_IDS, CARD_PAYMENT_TYPE } from "~/domain/payment";
import { getEnv } from "~/env.server";
import { listCustomerAddresses } from "~/upstream/addresses.server";
import { getBasket, getItemsById, patchBasket } from "~/upstream/basket.server";
import type { ApprovalState } from "~/upstream/punchout-baskets.server";
import { listShipMethods } from "~/upstream/carriage.server";
import { upstreamErrorMessage } from "~/upstream/client.server";
import { placeStockOrder, type PlacedOrder } from "~/upstream/checkout.server";
import { markSavedBasketCheckedOut } from "~/upstream/saved-baskets.server";
import { redirect } from "@remix-run/node";
import { NO_APPROVAL_HELD } from "~/domain/punchout-approval";
import { flashToast } from "~/auth/session.server";
import { finalisePunchoutApproval } from "./punchout-approval.server";

export const EMPTY_BASKET_MESSAGE = "Your basket is empty. Add something before checking out.";
export const BASKET_CHANGED_MESSAGE = "Your basket changed since checkout was opened: check it and place the order again.";

/**
 * The checkout page's data; a fresh idempotency key is issued with every page (DESIGN §4), and the basket version
 * shown goes back with the order so the provider places this basket once (decision 074). Addresses and delivery
 * methods are the ones the provider says this basket may use (decisions 073, 075).
 */
export async function checkoutView(user: PortalUser) {
  const [basket, addresses, shipMethods] = await Promise.all([
    getBasket(user.upstream),
    listCustomerAddresses(user.upstream),
    listShipMethods(user.upstream, { forBasket: "stock" }),
  ]);
  const env = getEnv();
  const lines = basket.stock.filter((line) => line.qty > 0);
  const usable = orderableAddressIds(addresses, basket.approvedOrderAddressId);
  return {
    idempotencyKey: randomUUID(),
    basketVersion: basket.version,
    lines: lines.map((line) => ({ productId: line.productId, name: line.name ?? `Product ${line.productId}`, qty: line.qty, price: line.price ?? null })),
    subTotal: basketTotal(lines),
    instructions: basket.instructions.stock,
    addressMode: addressMode(user.session.account.permissions, usable.length),
    addresses: usable
      .map((addressId) => addresses.find((a) => a.internalId === addressId)!)
      .map((a) => ({
        internalId: a.internalId,
        label: a.label,
        text: a.details.addrText || [a.details.addr1, a.details.addr2, a.details.city, a.details.zip].filter(Boolean).join(", "),
      })),
    shipMethods: deliveryOptions(shipMethods),
    paymentMethods: user.session.account.payment_methods.map((m) => ({
      id: m.id,
      name: m.name,
      card: CARD_PAYMENT_METHOD_IDS.includes(m.id),
      available: !CARD_PAYMENT_METHOD_IDS.includes(m.id) || env.stripeEnabled,
    })),
    needsApproval: user.session.setting.needsAproval,
  };
}

/**
 * What the checkout form says; the lines always come from the upstream basket. basketVersion is the version the
 * page showed; on the return from Stripe's hosted page it comes back from the payment's metadata.
 */
export type CheckoutInput = CheckoutFields;

/** A card payment that has been taken (Stripe): sent with the order as stripeId/stripePaid (SPEC §7). */
export type CardPayment = { paymentIntentId: string; paid: boolean; amountPence: number; sessionKey: string };

export type CheckoutResult =
  | { ok: true; order: PlacedOrder; approval: ApprovalState }
  | { ok: false; fieldErrors: Record<string, string>; formError: string | null; status?: number };
type Refusal = Extract<CheckoutResult, { ok: false }>;

const fail = (formError: string | null, fieldErrors: Record<string, string> = {}, status?: number): Refusal => ({
  ok: false,
  fieldErrors,
  formError,
  ...(status && { status }),
});

export const CARD_UNAVAILABLE = "Card payment is not available at the moment. Please choose another way to pay.";

/** True when the chosen payment method is a card taken through Stripe (SPEC §5: type 2, method 1 or 2). */
export function isCardMethod(paymentMethod: number): boolean {
  return CARD_PAYMENT_METHOD_IDS.includes(paymentMethod);
}

type Prepared = {
  ok: true;
  body: StockOrderBody;
  charge: ReturnType<typeof cardCharge>;
  chosenBasket: string | null;
  method: number;
  approval: ApprovalState;
};

/**
 * Checks the checkout against what upstream offers this customer (addresses, ship methods, payment methods) and
 * builds the SPEC §7 stock order from the upstream basket, never from the form; also what a card would be charged
 * (today's catalogue prices, as the provider prices the order).
 */
async function prepareOrder(user: PortalUser, request: Request, input: CheckoutInput): Promise<Prepared | Refusal> {
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
  const address = decideDeliveryAddress(addressMode(session.account.permissions, addressIds.length), addressIds, input.addressId, input);
  if (!address.ok) return fail("Please check the delivery address.", address.fieldErrors);
  const shipMethod = shipMethods.find((m) => m.internalId === input.shippingMethod);
  if (!shipMethod) return fail("Please choose a delivery method.", { shippingMethod: "Choose one of the delivery methods shown" });
  // refused before a card is charged or an order sent, in the provider's own words (decision 073)
  if (shipMethod.available === false) {
    const why = shipMethod.refusal ?? deliveryOption(shipMethod).note ?? "This delivery method is not available for this order";
    return fail(why, { shippingMethod: why });
  }
  const method = session.account.payment_methods.find((m) => m.id === input.paymentMethod);
  if (!method) return fail("Please choose how to pay.", { paymentMethod: "Choose one of the payment methods shown" });
  if (isCardMethod(method.id) && !getEnv().stripeEnabled) return fail(CARD_UNAVAILABLE, { paymentMethod: "Card payment is not available" });

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
    basketVersion: input.basketVersion,
    punchoutLoadedBasket: basket.punchoutLoadedBasket,
  });
  const approval: ApprovalState = {
    basketIdForApproval: basket.basketIdForApproval,
    approvedOrderAddressId: basket.approvedOrderAddressId,
    punchoutLoadedBasket: basket.punchoutLoadedBasket,
  };
  let charge = cardCharge([], 0);
  if (isCardMethod(method.id) && body.items.length > 0) {
    const prices = new Map((await getItemsById(upstream, body.items.map((l) => l.internalId))).map((item) => [item.internalId, item.price]));
    charge = cardCharge(body.items.map((l) => ({ price: prices.get(l.internalId) ?? 0, qty: l.qty })), shipMethod.shippingflatrateamount);
  }
  return { ok: true, body, charge, chosenBasket, method: method.id, approval };
}

/**
 * Places the stock order (SPEC §7). The page's idempotency key goes upstream with it, so a double click, a retry or
 * Back-and-resubmit answers the order already placed (decision 071). A card order needs the taken payment.
 */
export async function placeOrder(user: PortalUser, request: Request, input: CheckoutInput, card?: CardPayment): Promise<CheckoutResult> {
  const prepared = await prepareOrder(user, request, input);
  if (!prepared.ok) return prepared;
  let body = prepared.body;
  if (isCardMethod(prepared.method)) {
    if (!card?.paid) return fail("Your card payment was not completed. Please try again or choose another way to pay.", { paymentMethod: "The card payment was not completed" });
    body = stockOrderBody({
      lines: body.items.map((l) => ({ productId: l.internalId, qty: l.qty })),
      address: body.customAddress ? { customAddress: body.customAddress } : { addressId: body.addressId ?? "" },
      shippingMethod: body.shippingMethod,
      deliveryInstructions: body.deliveryInstructions,
      punchoutSession: body.punchoutSession,
      otherRefNum: body.otherRefNum,
      chosenBasket: body.chosenBasket,
      basketVersion: body.basketVersion,
      punchoutLoadedBasket: body.punchoutLoadedBasket,
      payment: { type: CARD_PAYMENT_TYPE, paymentMethodId: prepared.method, paymentToken: card.paymentIntentId, sessionKey: card.sessionKey },
      stripe: { stripeId: card.paymentIntentId, stripePaid: card.paid },
    });
  }
  try {
    // an empty basket is still sent once: if this key already placed an order (the basket emptied with it), the
    // provider answers that order; otherwise it refuses the empty order and the buyer is told why
    const order = await placeStockOrder(user.upstream, body, input.idempotencyKey);
    if (prepared.chosenBasket) await markCheckedOut(user, prepared.chosenBasket);
    if (card && !chargeMatchesOrder(card.amountPence, orderTotal(order))) {
      console.error(`order ${order.tranId}: card ${card.paymentIntentId} charged ${card.amountPence}p, the order totals ${orderTotal(order)}`);
    }
    return { ok: true, order, approval: prepared.approval };
  } catch (error) {
    if (error instanceof Response && error.status >= 400 && error.status < 500 && error.status !== 401) {
      const message = await upstreamErrorMessage(error);
      // 409: this basket was ordered in another tab, or changed since the page was opened (decision 074)
      if (error.status === 409) return fail(message ?? BASKET_CHANGED_MESSAGE, {}, 409);
      if (body.items.length === 0) return fail(EMPTY_BASKET_MESSAGE);
      return fail(message ?? "The order could not be placed. Please check it and try again.");
    }
    throw error;
  }
}

/**
 * What a card checkout will charge, once the form is checked: the amount in pence (from the upstream basket at
 * today's prices, with delivery and 20 % VAT), or why the order cannot go ahead.
 */
export async function cardChargeFor(user: PortalUser, request: Request, input: CheckoutInput): Promise<{ ok: true; pence: number } | Refusal> {
  const prepared = await prepareOrder(user, request, input);
  if (!prepared.ok) return prepared;
  if (!isCardMethod(prepared.method)) return fail("Please choose a card to pay by card.", { paymentMethod: "Choose a card" });
  if (prepared.body.items.length === 0) return fail(EMPTY_BASKET_MESSAGE);
  return { ok: true, pence: prepared.charge.pence };
}

/** Who pays, as recorded with a card payment and checked when the buyer comes back from it. */
export function payerOf(user: PortalUser): { userId: string; customerId: string } {
  return { userId: String(user.session.user.id), customerId: user.session.selectedCustomer?.internalId ?? "" };
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

/**
 * After an order is placed: a punched-out basket held for approval is finalised (decision 081) and the buyer goes to
 * the confirmation with a toast (303, so a reload never re-posts). The provider's order cleared loadedBasket itself.
 */
export async function orderPlacedRedirect(user: PortalUser, request: Request, placed: { order: PlacedOrder; approval: ApprovalState }): Promise<Response> {
  const { order, approval } = placed;
  // after the order nothing stays held for approval: the finalise's own clearing write takes the address and flag too
  const keysHeld = Boolean(approval.approvedOrderAddressId || approval.punchoutLoadedBasket);
  const finalised = await finalisePunchoutApproval(user, approval, keysHeld ? NO_APPROVAL_HELD : undefined);
  if (!finalised && keysHeld) await forgetApprovedBasket(user);
  const done = `Order ${order.tranId ?? order.internalId} placed`;
  const toast = finalised && !finalised.ok ? { kind: "error" as const, message: `${done}. ${finalised.message}` } : { kind: "success" as const, message: done };
  const headers = await flashToast(request, toast);
  return redirect(`/order-complete?order=${encodeURIComponent(order.internalId)}`, { status: 303, headers });
}

/** An approved punched-out basket (approved before checkout, so no id left) is forgotten after its order. */
async function forgetApprovedBasket(user: PortalUser): Promise<void> {
  try {
    await patchBasket(user.upstream, NO_APPROVAL_HELD);
  } catch (error) {
    if (error instanceof Response && error.status < 400) throw error;
    console.error("clearing the approved punchout basket's keys failed", error instanceof Response ? error.status : error);
  }
}
