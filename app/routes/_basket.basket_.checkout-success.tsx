import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { hostedCheckoutReturn } from "~/checkout/card-payment.server";
import { ordering } from "~/auth/route-access";

export const access = ordering();

// /basket/checkout-success (SPEC §2): where Stripe's hosted payment page sends the buyer back (?session_id=cs_…);
// the checkout module places the order there (card-payment.server.ts). Without session_id it shows a placed order
// like /order-complete.
export { default, headers, links, meta } from "./_basket.order-complete";

export async function loader({ request }: LoaderFunctionArgs) {
  return hostedCheckoutReturn(await requireUser(request), request);
}
