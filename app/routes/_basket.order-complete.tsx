import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CheckoutConfirmation } from "~/components/checkout-confirmation";
import basketStyles from "~/styles/basket.css?url";
import { requireUser } from "~/auth/require-user.server";
import { confirmationView } from "~/checkout/confirmation.server";
import { page } from "~/auth/route-access";

// the confirmation of an order already placed
export const access = page("user");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const meta: MetaFunction = () => [{ title: "Order placed · Workwear ordering portal" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return confirmationView(await requireUser(request), request);
}

export default function OrderComplete() {
  return <CheckoutConfirmation order={useLoaderData<typeof loader>()} />;
}
