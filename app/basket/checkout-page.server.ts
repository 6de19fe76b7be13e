import { data, redirect } from "@remix-run/node";
import type { PortalUser } from "~/auth/require-user.server";
import { checkoutFieldsFromMetadata, checkoutMetadata } from "~/domain/card-amount";
import { formatMoney } from "~/domain/money";
import { PRICE_HIDDEN_TEXT, pricesHidden } from "~/domain/prices";
import { getEnv } from "~/env.server";
import { createHostedCheckout, getCardOutcome, stripePublishableKey } from "~/upstream/payments.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { cardChargeFor, checkoutView, isCardMethod, orderPlacedRedirect, payerOf, placeOrder, type CheckoutResult } from "./checkout.server";
import { placeOrderSchema } from "./checkout-form.server";
import { threeDSecureRedirect } from "./three-d-secure.server";

/** Decision 058: card payment is not offered to an account whose prices are hidden. */
export const CARD_NOT_OFFERED = "Card payment is not offered on this account, as its prices are not shown. Please choose another way to pay.";

const hidesPrices = (user: PortalUser) => pricesHidden(user.session.account, { inPunchout: user.inPunchout });

// The checkout route's server side in one module, so the page's browser build refers to one empty module instead
// of one per server import (each costs a file on first load; DESIGN §6).

/** GET /checkout: the page's data, with the money already worded and the browser's Stripe key (or null). */
export async function checkoutPageData(user: PortalUser) {
  const view = await checkoutView(user);
  if (hidesPrices(user)) {
    // decision 058: no amounts, and no card, whose amount could not be shown before it is charged
    return {
      ...view,
      lines: view.lines.map((line) => ({ ...line, price: null })),
      subTotal: null,
      subTotalText: PRICE_HIDDEN_TEXT,
      paymentMethods: view.paymentMethods.filter((m) => !m.card),
      stripeKey: null,
      cardNotice: null,
    };
  }
  return {
    ...view,
    subTotalText: formatMoney(view.subTotal),
    stripeKey: stripePublishableKey(),
    cardNotice: "Paying by card? You enter your card details on Stripe's secure payment page next.",
  };
}

/**
 * POST /checkout: on account the order is placed at once; by card without JavaScript the buyer goes to Stripe's
 * hosted page first; by card with Stripe Elements the confirmed PaymentIntent is checked with Stripe (decision 072).
 */
export async function submitCheckout(user: PortalUser, request: Request) {
  const form = await parseForm(request, placeOrderSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? "Please check the form.");
  const { paymentIntentId, ...fields } = form.data;
  if (isCardMethod(fields.paymentMethod) && hidesPrices(user)) return invalidForm({ paymentMethod: "Choose another way to pay" }, CARD_NOT_OFFERED);

  let result: CheckoutResult;
  if (isCardMethod(fields.paymentMethod) && getEnv().stripeEnabled) {
    if (!paymentIntentId) {
      // no JavaScript (or Stripe.js did not load): Stripe's hosted payment page, then back to /basket/checkout-success
      const charge = await cardChargeFor(user, request, fields);
      if (!charge.ok) return invalidForm(charge.fieldErrors, charge.formError);
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
    // Stripe Elements confirmed the card in the browser: whether it was paid is read from Stripe itself
    const outcome = await getCardOutcome(paymentIntentId);
    const madeFor = checkoutFieldsFromMetadata(outcome.metadata, payerOf(user));
    if (madeFor?.idempotencyKey !== fields.idempotencyKey) return invalidForm({}, "That card payment does not belong to this checkout. Please try again.");
    result = await placeOrder(user, request, fields, { paymentIntentId, paid: outcome.paid, amountPence: outcome.amount, sessionKey: fields.idempotencyKey });
  } else {
    result = await placeOrder(user, request, fields);
  }
  if (!result.ok) return invalidForm(result.fieldErrors, result.formError, result.status);

  const { order } = result;
  if (order.threeDSUrl) {
    // SPEC §7: the card issuer wants 3-D Secure; its own page posts the challenge on (auto with JS, a button without)
    throw await threeDSecureRedirect(request, { url: order.threeDSUrl, cReq: order.cReq ?? "", transactionId: order.transactionId ?? "" });
  }
  throw await orderPlacedRedirect(user, request, result);
}
