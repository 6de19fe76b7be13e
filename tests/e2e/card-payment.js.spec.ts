import {
  basketOfTwo,
  DECLINED_CARD,
  ordersWithReference,
  routeStripeToStandIn,
  startCardCheckout,
  STRIPE,
  THREE_DS_CARD,
  UNIT,
} from "./card-payment-helpers";
import { expect, newColleague, test } from "./fixtures";

// Card payment with JavaScript: Stripe Elements, or the hosted page when Stripe.js cannot load (js project only).
test.describe("card payment with JavaScript", () => {
  test("with JavaScript: Stripe Elements on the checkout page, 3-D Secure in the page, one paid order", async ({
    page,
    logInAs,
  }) => {
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

  test("with JavaScript: a declined card shows Stripe's message, clears the card and places no order", async ({
    page,
    logInAs,
  }) => {
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

  test("with JavaScript but no Stripe.js (blocked or offline): the hosted page takes the payment instead", async ({
    page,
    logInAs,
  }) => {
    await page.route("https://js.stripe.com/**", (route) => route.abort());
    const user = await newColleague(UNIT, "card-fallback");
    const token = await basketOfTwo(user);
    await logInAs(user, UNIT);
    const reference = `CARD-F-${Date.now()}`;
    await startCardCheckout(page, reference);
    await expect(
      page.getByText("Paying by card? You enter your card details on Stripe's secure payment page next."),
    ).toBeVisible();
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page).toHaveURL(new RegExp(`^${STRIPE}/pay/cs_`));
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
    expect(await ordersWithReference(token, reference)).toHaveLength(1);
  });
});
