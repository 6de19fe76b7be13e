import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { flashToast } from "~/auth/session.server";
import { confirmationView } from "~/basket/confirmation.server";
import { orderPlacedRedirect, payerOf, placeOrder } from "~/basket/checkout.server";
import { checkoutFieldsFromMetadata } from "~/domain/card-amount";
import { getHostedOutcome } from "~/upstream/payments.server";

// /basket/checkout-success (SPEC §2): where Stripe's hosted payment page sends the buyer back
// (?session_id=cs_…). The order is placed here under the checkout's own idempotency key, so reloading this address
// or coming back twice answers the same order. Without session_id it shows a placed order like /order-complete.
export { default, headers, links, meta } from "./_basket.order-complete";

const PAYMENT_NOT_FOUND = "That card payment could not be found.";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sessionId = new URL(request.url).searchParams.get("session_id");
  if (sessionId === null) return confirmationView(user, request);
  if (!/^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId)) throw new Response(PAYMENT_NOT_FOUND, { status: 404 });

  let outcome;
  try {
    outcome = await getHostedOutcome(sessionId);
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) throw new Response(PAYMENT_NOT_FOUND, { status: 404 });
    throw error;
  }
  const fields = checkoutFieldsFromMetadata(outcome.metadata, payerOf(user));
  // a payment made by someone else (or for another business unit) is not this user's to turn into an order
  if (!fields) throw new Response(PAYMENT_NOT_FOUND, { status: 404 });
  if (!outcome.paid || !outcome.paymentIntentId) {
    const headers = await flashToast(request, { kind: "error", message: "Your card payment was not completed. Please try again or choose another way to pay." });
    throw redirect("/checkout", { status: 303, headers });
  }
  const result = await placeOrder(user, request, fields, {
    paymentIntentId: outcome.paymentIntentId,
    paid: true,
    amountPence: outcome.amount,
    sessionKey: outcome.id,
  });
  if (!result.ok) {
    // the card was charged but the order was refused: say so plainly, with the payment reference to quote
    console.error(`card payment ${outcome.paymentIntentId} taken, order refused: ${result.formError}`, result.fieldErrors);
    const message = `Your card payment (${outcome.paymentIntentId}) was taken but the order could not be placed: ${result.formError ?? "please check it"}. Please contact us quoting that reference.`;
    throw redirect("/checkout", { status: 303, headers: await flashToast(request, { kind: "error", message }) });
  }
  throw await orderPlacedRedirect(user, request, result);
}
