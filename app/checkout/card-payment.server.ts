import { redirect } from "@remix-run/node";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/auth/session.server";
import { checkoutFieldsFromMetadata, checkoutMetadata } from "~/domain/card-metadata";
import { formatMoney } from "~/domain/money";
import { isCardMethod } from "~/domain/payment";
import { getOrderQuote } from "~/upstream/checkout.server";
import { describeFailure, refusal } from "~/upstream/errors.server";
import { createCardIntent, createHostedCheckout, getCardOutcome, getHostedOutcome, releaseCardPayment } from "~/upstream/payments.server";
import type { CheckoutFields } from "./checkout.server";
import { confirmationView } from "./confirmation.server";
import { EMPTY_BASKET_MESSAGE, fail, orderPlacedRedirect, placeOrder, prepareOrder, type CardPayment, type CheckoutRefusal, type CheckoutResult } from "./place-order.server";

// Card payments by Stripe (decisions 072, 076, 078): the amount is the provider's quote, the card is taken before
// the order, and a payment whose order the provider refuses is given back at once.

/** Decision 058: card payment is not offered to an account whose prices are hidden. */
export const CARD_NOT_OFFERED = "Card payment is not offered on this account, as its prices are not shown. Please choose another way to pay.";
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
export async function cardChargeFor(user: PortalUser, input: CheckoutFields): Promise<{ ok: true; pence: number } | CheckoutRefusal> {
  const prepared = await prepareOrder(user, input);
  if (!prepared.ok) return prepared;
  if (!isCardMethod(input.paymentMethod)) return fail("Please choose a card to pay by card.", { paymentMethod: "Choose a card" });
  if (prepared.body.items.length === 0) return fail(EMPTY_BASKET_MESSAGE);
  try {
    const quote = await getOrderQuote(user.upstream, prepared.body.shippingMethod);
    if (quote.totalPence === null) return fail(CARD_NOT_OFFERED, { paymentMethod: "Choose another way to pay" });
    return { ok: true, pence: quote.totalPence };
  } catch (error) {
    // the provider would refuse the order itself (a line that cannot be ordered, a method's minimum): say why
    const refused = refusal(error);
    return fail(refused.message, refused.field === "shippingMethod" ? { shippingMethod: refused.message } : {});
  }
}

/** POST /checkout/card-intent (JavaScript only): the PaymentIntent the page's card field confirms, for the quoted amount. */
export async function cardIntentAnswer(user: PortalUser, fields: CheckoutFields): Promise<Response> {
  const charge = await cardChargeFor(user, fields);
  if (!charge.ok) return Response.json(charge, { status: 400 });
  const intent = await createCardIntent({ pence: charge.pence, idempotencyKey: fields.idempotencyKey, metadata: checkoutMetadata(fields, payerOf(user)) });
  return Response.json({ ok: true, clientSecret: intent.clientSecret, paymentIntentId: intent.id }, { headers: { "Cache-Control": "no-store" } });
}

/**
 * The checkout posted with a card: without a confirmed PaymentIntent (no JavaScript, or Stripe.js did not load) the
 * buyer goes to Stripe's hosted page; with one, whether it was paid is read from Stripe itself and the order placed.
 */
export async function payByCard(user: PortalUser, request: Request, fields: CheckoutFields, paymentIntentId: string | undefined): Promise<CheckoutResult> {
  if (!paymentIntentId) {
    const charge = await cardChargeFor(user, fields);
    if (!charge.ok) return charge;
    const origin = new URL(request.url).origin;
    const hosted = await createHostedCheckout({
      pence: charge.pence,
      idempotencyKey: fields.idempotencyKey,
      successUrl: `${origin}/basket/checkout-success?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${origin}/checkout`,
      description: "Workwear order",
      metadata: checkoutMetadata(fields, payerOf(user)),
    });
    throw redirect(hosted.url, 303);
  }
  const outcome = await getCardOutcome(paymentIntentId);
  const madeFor = checkoutFieldsFromMetadata(outcome.metadata, payerOf(user));
  if (madeFor?.idempotencyKey !== fields.idempotencyKey) return fail("That card payment does not belong to this checkout. Please try again.");
  return placeCardOrder(user, fields, { paymentIntentId, paid: outcome.paid, amountPence: outcome.amount, sessionKey: fields.idempotencyKey });
}

/**
 * Places the order of a taken card payment. When the provider refuses it (a price changed since the quote, the basket
 * was ordered in another tab or changed, a product was withdrawn), the payment is cancelled or refunded at once and
 * the buyer told so (decision 078); only if Stripe fails too are they asked to quote the payment to us.
 */
async function placeCardOrder(user: PortalUser, fields: CheckoutFields, card: CardPayment): Promise<CheckoutResult> {
  const result = await placeOrder(user, fields, card);
  if (result.ok || !card.paid) return result;
  const reason = (result.formError ?? "please check it").replace(/[.\s]*$/, "");
  const takenMessage = `Your card payment (${card.paymentIntentId}) was taken but the order could not be placed: ${reason}. Please contact us quoting that reference.`;
  if (!result.refusedByProvider) {
    // refused by the portal's own checks, before the order was sent: this checkout's key may already have placed it
    // (a reload of the return address), so the payment is not given back automatically
    console.error(`card payment ${card.paymentIntentId} taken, order refused: ${reason}`, result.fieldErrors);
    return { ...result, formError: takenMessage };
  }
  try {
    const released = await releaseCardPayment(card.paymentIntentId);
    const money = formatMoney(card.amountPence / 100);
    return { ...result, formError: `${reason}. Nothing was ordered, and your card payment of ${money} has been ${released}.` };
  } catch (error) {
    console.error(`card payment ${card.paymentIntentId} taken, order refused (${reason}), giving it back failed`, describeFailure(error));
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
  const fields = checkoutFieldsFromMetadata(outcome.metadata, payerOf(user));
  // a payment made by someone else (or for another business unit) is not this user's to turn into an order
  if (!fields) throw new Response(PAYMENT_NOT_FOUND, { status: 404 });
  if (!outcome.paid || !outcome.paymentIntentId) {
    throw redirect("/checkout", { status: 303, headers: await flashToast(request, { kind: "error", message: NOT_COMPLETED }) });
  }
  const result = await placeCardOrder(user, fields, { paymentIntentId: outcome.paymentIntentId, paid: true, amountPence: outcome.amount, sessionKey: outcome.id });
  if (!result.ok) {
    const message = result.formError ?? NOT_COMPLETED;
    throw redirect("/checkout", { status: 303, headers: await flashToast(request, { kind: "error", message }) });
  }
  throw await orderPlacedRedirect(user, request, result);
}
