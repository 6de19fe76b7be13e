import {
  basketOfTwo,
  DECLINED_CARD,
  ordersWithReference,
  startCardCheckout,
  STRIPE,
  THREE_DS_CARD,
  UNIT,
} from "./card-payment-helpers";
import { expect, newColleague, test } from "./fixtures";

// Card payment without JavaScript: Stripe's hosted page (no-js project only; playwright.config.ts).
test.describe("card payment without JavaScript", () => {
  test("without JavaScript: Stripe's hosted page with 3-D Secure, back to the confirmation, one paid order", async ({
    page,
    logInAs,
  }) => {
    const user = await newColleague(UNIT, "card-hosted");
    const token = await basketOfTwo(user);
    await logInAs(user, UNIT);
    const reference = `CARD-H-${Date.now()}`;
    const returns: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/basket/checkout-success?session_id=")) returns.push(request.url());
    });

    await startCardCheckout(page, reference);
    await expect(
      page.getByText("Paying by card? You enter your card details on Stripe's secure payment page next."),
    ).toBeVisible();
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
    await expect(
      page
        .locator("dd")
        .filter({ hasText: amount ?? "none" })
        .first(),
    ).toBeVisible();
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

  test("without JavaScript: a declined card stays on the payment page and no order is placed", async ({
    page,
    logInAs,
  }) => {
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
});
