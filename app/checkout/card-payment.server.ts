import { redirect } from "@remix-run/node";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import {
  checkoutFieldsFromMetadata,
  checkoutMetadata,
  paidBasketOf,
  wearerPackFieldsFromMetadata,
  wearerPackMetadata,
} from "~/checkout/card-metadata";
import { quoteIsOfShownBasket } from "~/domain/checkout";
import { formatMoney } from "~/domain/money";
import { isCardMethod } from "~/domain/payment";
import { getOrderQuote } from "~/upstream/checkout.server";
import { logFailure, refusal } from "~/upstream/errors.server";
import {
  createCardIntent,
  createHostedCheckout,
  getCardOutcome,
  getHostedOutcome,
  releaseCardPayment,
} from "~/upstream/payments.server";
import type { CheckoutFields } from "./checkout.server";
import { confirmationView } from "./confirmation.server";
import {
  BASKET_CHANGED_MESSAGE,
  EMPTY_BASKET_MESSAGE,
  fail,
  orderPlacedRedirect,
  placeOrder,
  prepareOrder,
  type CardPayment,
  type CheckoutRefusal,
  type CheckoutResult,
} from "./place-order.server";
// eslint-disable-next-line import-x/no-cycle -- known cycle (decision 142): card-payment.server ↔ wearer-pack-checkout.server; to break it, the wearer-pack submit moves out as the stock one (place-order.server) did
import { placeWearerPackOrder, wearerPackCharge, type WearerPackFields } from "./wearer-pack-checkout.server";

// Card payments by Stripe (decisions 072, 076, 078): the amount is the provider's quote, the card is taken before
// the order, and a payment whose order the provider refuses is given back at once. The same for the wearer-pack
// basket (decision 106): its quote's total, its fields in the payment's metadata with `basket: manpack`, its order.

/** Decision 058: card payment is not offered to an account whose prices are hidden. */
export const CARD_NOT_OFFERED =
  "Card payment is not offered on this account, as its prices are not shown. Please choose another way to pay.";
const NOT_COMPLETED = "Your card payment was not completed. Please try again or choose another way to pay.";
const PAYMENT_NOT_FOUND = "That card payment could not be found.";

/** Who pays, as recorded with a card payment and checked when the buyer comes back from it. */
export function payerOf(user: PortalUser): { userId: string; customerId: string } {
  return { userId: String(user.session.user.id), customerId: user.session.selectedCustomer?.internalId ?? "" };
}

/**
 * What a card checkout will charge, once the form is checked: the provider's quote for the basket and the chosen
 * delivery method, in pence (GET /api/order-quote, decision 078), or why the order cannot go ahead.
 */
export async function cardChargeFor(
  user: PortalUser,
  input: CheckoutFields,
): Promise<{ ok: true; pence: number } | CheckoutRefusal> {
  const prepared = await prepareOrder(user, input);
  if (!prepared.ok) return prepared;
  if (!isCardMethod(input.paymentMethod))
    return fail("Please choose a card to pay by card.", { paymentMethod: "Choose a card" });
  if (prepared.body.items.length === 0) return fail(EMPTY_BASKET_MESSAGE);
  try {
    const quote = await getOrderQuote(user.upstream, prepared.body.shippingMethod);
    // the basket changed since the page was shown (another tab, a colleague's view-as): no card is taken (decision 139)
    if (!quoteIsOfShownBasket(quote, input.basketVersion)) return fail(BASKET_CHANGED_MESSAGE);
    if (quote.totalPence === null) return fail(CARD_NOT_OFFERED, { paymentMethod: "Choose another way to pay" });
    return { ok: true, pence: quote.totalPence };
  } catch (error) {
    // the provider would refuse the order itself (a line that cannot be ordered, a method's minimum): say why
    const refused = refusal(error);
    return fail(refused.message, refused.field === "shippingMethod" ? { shippingMethod: refused.message } : {});
  }
}

/**
 * One basket's card checkout (decision 106): what it is charged (the provider's quote), the payment's metadata, how
 * a payment's metadata is read back for it, and how its order is placed with the card.
 */
type CardCheckout = {
  idempotencyKey: string;
  charge: () => Promise<{ ok: true; pence: number } | CheckoutRefusal>;
  metadata: Record<string, string>;
  description: string;
  madeFor: (metadata: Record<string, string>) => { idempotencyKey: string } | null;
  place: (card: CardPayment) => Promise<CheckoutResult>;
};

const stockCardCheckout = (user: PortalUser, fields: CheckoutFields): CardCheckout => ({
  idempotencyKey: fields.idempotencyKey,
  charge: () => cardChargeFor(user, fields),
  metadata: checkoutMetadata(fields, payerOf(user)),
  description: "Workwear order",
  madeFor: (metadata) => checkoutFieldsFromMetadata(metadata, payerOf(user)),
  place: (card) => placeOrder(user, fields, card),
});

/** The wearer-pack basket's (decision 106): its quote's total, `basket: manpack` in the metadata, its own order. */
const wearerPackCardCheckout = (user: PortalUser, fields: WearerPackFields): CardCheckout => ({
  idempotencyKey: fields.idempotencyKey,
  charge: async () => {
    const method = user.session.account.payment_methods.find((m) => m.id === fields.paymentMethod);
    if (!method || !isCardMethod(method.id))
      return fail("Please choose a card to pay by card.", { paymentMethod: "Choose a card" });
    return wearerPackCharge(user, fields.basketVersion);
  },
  metadata: wearerPackMetadata(fields, payerOf(user)),
  description: "Workwear order: wearer packs",
  madeFor: (metadata) => wearerPackFieldsFromMetadata(metadata, payerOf(user)),
  place: (card) => placeWearerPackOrder(user, fields, card),
});

/** POST /checkout/card-intent (JavaScript only): the PaymentIntent the page's card field confirms, for the quoted amount. */
async function intentAnswer(checkout: CardCheckout): Promise<Response> {
  const charge = await checkout.charge();
  if (!charge.ok) return Response.json(charge, { status: 400 });
  const intent = await createCardIntent({
    pence: charge.pence,
    idempotencyKey: checkout.idempotencyKey,
    metadata: checkout.metadata,
  });
  return Response.json(
    { ok: true, clientSecret: intent.clientSecret, paymentIntentId: intent.id },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export const cardIntentAnswer = (user: PortalUser, fields: CheckoutFields) =>
  intentAnswer(stockCardCheckout(user, fields));
/** The wearer-pack checkout's (basket=manpack): the PaymentIntent for the wearer packs' quoted total. */
export const wearerPackCardIntentAnswer = (user: PortalUser, fields: WearerPackFields) =>
  intentAnswer(wearerPackCardCheckout(user, fields));

/**
 * The checkout posted with a card: without a confirmed PaymentIntent (no JavaScript, or Stripe.js did not load) the
 * buyer goes to Stripe's hosted page; with one, whether it was paid is read from Stripe itself and the order placed.
 */
async function pay(
  request: Request,
  checkout: CardCheckout,
  paymentIntentId: string | undefined,
): Promise<CheckoutResult> {
  if (!paymentIntentId) {
    const charge = await checkout.charge();
    if (!charge.ok) return charge;
    const origin = new URL(request.url).origin;
    const hosted = await createHostedCheckout({
      pence: charge.pence,
      idempotencyKey: checkout.idempotencyKey,
      successUrl: `${origin}/basket/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/checkout`,
      description: checkout.description,
      metadata: checkout.metadata,
    });
    throw redirect(hosted.url, 303);
  }
  const outcome = await getCardOutcome(paymentIntentId);
  if (checkout.madeFor(outcome.metadata)?.idempotencyKey !== checkout.idempotencyKey)
    return fail("That card payment does not belong to this checkout. Please try again.");
  const card = {
    paymentIntentId,
    paid: outcome.paid,
    amountPence: outcome.amount,
    sessionKey: checkout.idempotencyKey,
  };
  return placeCardOrder(request, () => checkout.place(card), card);
}

export const payByCard = (
  user: PortalUser,
  request: Request,
  fields: CheckoutFields,
  paymentIntentId: string | undefined,
) => pay(request, stockCardCheckout(user, fields), paymentIntentId);
/** The wearer-pack checkout posted with a card (decision 106), as a stock one. */
export const payWearerPacksByCard = (
  user: PortalUser,
  request: Request,
  fields: WearerPackFields,
  paymentIntentId: string | undefined,
) => pay(request, wearerPackCardCheckout(user, fields), paymentIntentId);

/**
 * Places the order of a taken card payment. When the provider refuses it (a price changed since the quote, the basket
 * was ordered in another tab or changed, a product was withdrawn), the payment is cancelled or refunded at once and
 * the buyer told so (decision 078); only if Stripe fails too are they asked to quote the payment to us.
 */
async function placeCardOrder(
  request: Request,
  place: () => Promise<CheckoutResult>,
  card: CardPayment,
): Promise<CheckoutResult> {
  const result = await place();
  if (result.ok || !card.paid) return result;
  const reason = (result.formError ?? "please check it").replace(/[.\s]*$/, "");
  const takenMessage = `Your card payment (${card.paymentIntentId}) was taken but the order could not be placed: ${reason}. Please contact us quoting that reference.`;
  if (!result.refusedByProvider) {
    // refused by the portal's own checks, before the order was sent: this checkout's key may already have placed it
    // (a reload of the return address), so the payment is not given back automatically
    logFailure(request, `card payment ${card.paymentIntentId} taken, order refused: ${reason}`, result.fieldErrors);
    return { ...result, formError: takenMessage };
  }
  try {
    const released = await releaseCardPayment(card.paymentIntentId);
    const money = formatMoney(card.amountPence / 100);
    return {
      ...result,
      formError: `${reason}. Nothing was ordered, and your card payment of ${money} has been ${released}.`,
    };
  } catch (error) {
    logFailure(
      request,
      `card payment ${card.paymentIntentId} taken, order refused (${reason}), giving it back failed`,
      error,
    );
    return { ...result, formError: takenMessage };
  }
}

/**
 * /basket/checkout-success (SPEC §2): where Stripe's hosted payment page sends the buyer back (?session_id=cs_…). The
 * order is placed here under the checkout's own idempotency key, so reloading this address or coming back twice
 * answers the same order. Without session_id it shows a placed order like /order-complete.
 */
export async function hostedCheckoutReturn(user: PortalUser, request: Request) {
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (sessionId === null) return confirmationView(user, request);
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) throw new Response(PAYMENT_NOT_FOUND, { status: 404 });

  let outcome;
  try {
    outcome = await getHostedOutcome(sessionId);
  } catch (error) {
    // Stripe's own error (not the provider's): a session that does not exist
    if ((error as { statusCode?: number }).statusCode === 404) throw new Response(PAYMENT_NOT_FOUND, { status: 404 });
    throw error;
  }
  // the basket the payment was made for (decision 106): its own fields and its own order
  const payer = payerOf(user);
  const paidFor = paidBasketOf(outcome.metadata);
  const packFields = paidFor === "manpack" ? wearerPackFieldsFromMetadata(outcome.metadata, payer) : null;
  const stockFields = paidFor === "stock" ? checkoutFieldsFromMetadata(outcome.metadata, payer) : null;
  // a payment made by someone else (or for another business unit) is not this user's to turn into an order
  if (!packFields && !stockFields) throw new Response(PAYMENT_NOT_FOUND, { status: 404 });
  if (!outcome.paid || !outcome.paymentIntentId) {
    throw redirect("/checkout", {
      status: 303,
      headers: await flashToast(request, { kind: "error", message: NOT_COMPLETED }),
    });
  }
  const card = {
    paymentIntentId: outcome.paymentIntentId,
    paid: true,
    amountPence: outcome.amount,
    sessionKey: outcome.id,
  };
  const result = await placeCardOrder(
    request,
    () => (packFields ? placeWearerPackOrder(user, packFields, card) : placeOrder(user, stockFields!, card)),
    card,
  );
  if (!result.ok) {
    const message = result.formError ?? NOT_COMPLETED;
    throw redirect("/checkout", { status: 303, headers: await flashToast(request, { kind: "error", message }) });
  }
  throw await orderPlacedRedirect(user, request, result);
}
