import type { Page } from "@playwright/test";
import { E2E_STRIPE_PORT } from "../../playwright.config";
import { fillBasket, tokenIn } from "./basket-helpers";
import { expect, newColleague, providerCall, test } from "./fixtures";

// Card payments by Stripe against the stand-in of tests/e2e/support/fake-stripe.ts (the machine has no internet).
// Without JavaScript the buyer pays on the hosted payment page; with it, on the checkout page with Stripe Elements
// (Stripe.js and api.stripe.com are routed to the stand-in). Both include a 3-D Secure challenge.
// Each test has a new colleague of its own in Northwind Facilities (which offers Visa and Mastercard), so no other
// test shares the basket.

const UNIT = "Northwind Facilities";
const STRIPE = `http://127.0.0.1:${E2E_STRIPE_PORT}`;
const THREE_DS_CARD = "4000 0027 6000 3184";
const DECLINED_CARD = "4000 0000 0000 0002";

type Order = { internalId: string; tranId: string; otherRefNum: string | null; stripeId: string | null; stripePaid: boolean; paymentMethod: { internalId: string }; total: number };

/** A provider token for the user in Northwind, with one orderable product (qty 2) in their basket. */
async function basketOfTwo(user: { email: string }): Promise<string> {
  const token = await tokenIn(user, UNIT);
  await fillBasket(token);
  return token;
}

async function ordersWithReference(token: string, reference: string): Promise<Order[]> {
  const answer = await providerCall<{ data: Order[] }>(`/order?$limit=50&orderedBy=${encodeURIComponent(reference)}`, { token });
  return answer.data.filter((order) => order.otherRefNum === reference);
}

async function startCardCheckout(page: Page, reference: string) {
  await page.goto("/checkout");
  await page.getByRole("radio", { name: "Card (Visa)" }).check();
  await page.getByLabel("Your order reference (optional)").fill(reference);
}

/** Stripe.js and api.stripe.com, as the browser would reach them, answered by the stand-in. */
async function routeStripeToStandIn(page: Page) {
  await page.route("https://js.stripe.com/v3/**", async (route) => route.fulfill({ response: await route.fetch({ url: `${STRIPE}/v3/` }) }));
  await page.route("https://api.stripe.com/**", async (route) => {
    const url = new URL(route.request().url());
    route.fulfill({ response: await route.fetch({ url: `${STRIPE}${url.pathname}${url.search}` }) });
  });
}

test.describe("card payment", () => {
  test("without JavaScript: Stripe's hosted page with 3-D Secure, back to the confirmation, one paid order", async ({ page, logInAs }, testInfo) => {
    test.skip(testInfo.project.name !== "no-js", "the hosted page is the no-JavaScript path; the JS project pays with Elements below");
    const user = await newColleague(UNIT, "card-hosted");
    const token = await basketOfTwo(user);
    await logInAs(user, UNIT);
    const reference = `CARD-H-${Date.now()}`;
    const returns: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/basket/checkout-success?session_id=")) returns.push(request.url());
    });

    await startCardCheckout(page, reference);
    await expect(page.getByText("Paying by card? You enter your card details on Stripe's secure payment page next.")).toBeVisible();
    await page.getByRole("button", { name: "Place order" }).click();

    // the stand-in's hosted page, for the amount the portal worked out
    await expect(page).toHaveURL(new RegExp(`^${STRIPE}/pay/cs_`));
    const amount = (await page.getByRole("heading", { level: 1 }).textContent())?.replace("Pay ", "");
    await page.getByLabel("Card number").fill(THREE_DS_CARD);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "Confirm your payment" })).toBeVisible();
    await page.getByRole("button", { name: "Complete authentication" }).click();

    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
    await expect(page).toHaveURL(/\/order-complete\?order=\d+$/);
    await expect(page.locator("dd").filter({ hasText: amount ?? "none" }).first()).toBeVisible();
    const [order] = await ordersWithReference(token, reference);
    expect(order).toMatchObject({ stripePaid: true, paymentMethod: { internalId: "1" } });
    expect(order.stripeId).toMatch(/^pi_fake_\d+$/);

    // coming back to the return address again (Back, reload) lands on the same order
    const confirmation = page.url();
    expect(returns).toHaveLength(1);
    await page.goto(returns[0]);
    await expect(page).toHaveURL(confirmation);
    expect(await ordersWithReference(token, reference)).toHaveLength(1);
  });

  test("without JavaScript: a declined card stays on the payment page and no order is placed", async ({ page, logInAs }, testInfo) => {
    test.skip(testInfo.project.name !== "no-js", "the hosted page is the no-JavaScript path");
    const user = await newColleague(UNIT, "card-declined");
    const token = await basketOfTwo(user);
    await logInAs(user, UNIT);
    const reference = `CARD-D-${Date.now()}`;
    await startCardCheckout(page, reference);
    await page.getByRole("button", { name: "Place order" }).click();
    await page.getByLabel("Card number").fill(DECLINED_CARD);
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await page.getByRole("link", { name: "Back to the shop" }).click();
    await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
    expect(await ordersWithReference(token, reference)).toHaveLength(0);
  });

  test("with JavaScript: Stripe Elements on the checkout page, 3-D Secure in the page, one paid order", async ({ page, logInAs }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "Stripe Elements needs JavaScript");
    await routeStripeToStandIn(page);
    const user = await newColleague(UNIT, "card-elements");
    const token = await basketOfTwo(user);
    await logInAs(user, UNIT);
    const reference = `CARD-E-${Date.now()}`;

    await startCardCheckout(page, reference);
    const cardNumber = page.getByRole("group", { name: "Card details" }).getByLabel("Card number");
    await cardNumber.fill(THREE_DS_CARD);
    await page.getByRole("button", { name: "Place order" }).click();
    const challenge = page.getByRole("dialog", { name: "3D Secure" });
    await expect(challenge).toBeVisible();
    await challenge.getByRole("button", { name: "Complete authentication" }).click();

    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
    const [order] = await ordersWithReference(token, reference);
    expect(order).toMatchObject({ stripePaid: true, paymentMethod: { internalId: "1" } });
    expect(order.stripeId).toMatch(/^pi_fake_\d+$/);
  });

  test("with JavaScript: a declined card shows Stripe's message, clears the card and places no order", async ({ page, logInAs }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "Stripe Elements needs JavaScript");
    await routeStripeToStandIn(page);
    const user = await newColleague(UNIT, "card-elements-declined");
    const token = await basketOfTwo(user);
    await logInAs(user, UNIT);
    const reference = `CARD-ED-${Date.now()}`;
    await startCardCheckout(page, reference);
    const cardNumber = page.getByRole("group", { name: "Card details" }).getByLabel("Card number");
    await cardNumber.fill(DECLINED_CARD);
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await expect(cardNumber).toHaveValue("");
    expect(await ordersWithReference(token, reference)).toHaveLength(0);
  });

  test("with JavaScript but no Stripe.js (blocked or offline): the hosted page takes the payment instead", async ({ page, logInAs }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "the fallback is for a browser running JavaScript");
    await page.route("https://js.stripe.com/**", (route) => route.abort());
    const user = await newColleague(UNIT, "card-fallback");
    const token = await basketOfTwo(user);
    await logInAs(user, UNIT);
    const reference = `CARD-F-${Date.now()}`;
    await startCardCheckout(page, reference);
    await expect(page.getByText("Paying by card? You enter your card details on Stripe's secure payment page next.")).toBeVisible();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(new RegExp(`^${STRIPE}/pay/cs_`));
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
    expect(await ordersWithReference(token, reference)).toHaveLength(1);
  });
});
