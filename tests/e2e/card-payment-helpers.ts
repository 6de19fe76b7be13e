import type { Page } from "@playwright/test";
import { E2E_STRIPE_PORT } from "../../playwright.config";
import { fillBasket, tokenIn } from "./basket-helpers";
import { providerCall } from "./fixtures";

// Card payments by Stripe against the stand-in of tests/e2e/support/fake-stripe.ts (the machine has no internet).
// Without JavaScript the buyer pays on the hosted payment page; with it, on the checkout page with Stripe Elements
// (Stripe.js and api.stripe.com are routed to the stand-in). Both include a 3-D Secure challenge.
// Each test has a new colleague of its own in Northwind Facilities (which offers Visa and Mastercard), so no other
// test shares the basket.

export const UNIT = "Northwind Facilities";
export const STRIPE = `http://127.0.0.1:${E2E_STRIPE_PORT}`;
export const THREE_DS_CARD = "4000 0027 6000 3184";
export const DECLINED_CARD = "4000 0000 0000 0002";

type Order = {
  internalId: string;
  tranId: string;
  otherRefNum: string | null;
  stripeId: string | null;
  stripePaid: boolean;
  paymentMethod: { internalId: string };
  total: number;
};

/** A provider token for the user in Northwind, with one orderable product (qty 2) in their basket. */
export async function basketOfTwo(user: { email: string }): Promise<string> {
  const token = await tokenIn(user, UNIT);
  await fillBasket(token);
  return token;
}

export async function ordersWithReference(token: string, reference: string): Promise<Order[]> {
  const answer = await providerCall<{ data: Order[] }>(`/order?$limit=50&orderedBy=${encodeURIComponent(reference)}`, {
    token,
  });
  return answer.data.filter((order) => order.otherRefNum === reference);
}

export async function startCardCheckout(page: Page, reference: string) {
  await page.goto("/checkout");
  await page.getByRole("radio", { name: "Card (Visa)" }).check();
  await page.getByLabel("Your order reference (optional)").fill(reference);
}

/** Stripe.js and api.stripe.com, as the browser would reach them, answered by the stand-in. */
export async function routeStripeToStandIn(page: Page) {
  await page.route("https://js.stripe.com/v3/**", async (route) =>
    route.fulfill({ response: await route.fetch({ url: `${STRIPE}/v3/` }) }),
  );
  await page.route("https://api.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    await route.fulfill({ response: await route.fetch({ url: `${STRIPE}${url.pathname}${url.search}` }) });
  });
}
