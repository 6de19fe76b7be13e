import type { LoaderFunctionArgs } from "@remix-run/node";

// /basket/checkout-success (SPEC §2): where Stripe's hosted payment page sends the buyer back (?session_id=cs_…);
// the checkout module places the order there (card-payment.server.ts). Without session_id it shows a placed order
// like /order-complete.
export { default, headers, links, meta } from "./_basket.order-complete";

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { hostedCheckoutReturn } = await import("~/checkout/card-payment.server");
  return hostedCheckoutReturn(await requireUser(request), request);
}
