import type { Locator, Page, TestInfo } from "@playwright/test";
import { fillBasket, pounds, tokenIn } from "./basket-helpers";
import { expect, newColleague, providerCall, test } from "./fixtures";

// Issue 14 items 1-2 (decisions 085, 086): the checkout's radios each on a row of their own, the new-address fields
// only when "Deliver to a new address" is chosen, and the order summary priced by the provider's quote, following the
// delivery method (a fetcher with JavaScript, "Update summary" without) and totalling what the placed order totals.

const UNIT = "Northwind Facilities";
const ADDRESS_PERMISSIONS = ["canViewFullCatalogue", "viewOrderHistory", "dellAddress", "addAddress"];

type Quote = { total: number };
type Order = { otherRefNum: string | null; total?: number; shippingAddress: { addr1?: string | null } | null };

/** A colleague of the buyer's with a basket of their own (no other spec touches it), logged in on the checkout. */
async function checkoutAsNewColleague(
  page: Page,
  logInAs: (who: { email: string }, unit: string) => Promise<void>,
  testInfo: TestInfo,
  label: string,
) {
  const who = await newColleague(UNIT, `${label}-${testInfo.project.name}`, ADDRESS_PERMISSIONS);
  await logInAs(who, UNIT);
  const token = await tokenIn(who, UNIT);
  const product = await fillBasket(token);
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  return { token, product };
}

const quoteFor = (token: string, method: number) =>
  providerCall<Quote>(`/order-quote?forBasket=stock&shippingMethod=${method}`, { token });

/** The radio sits beside its label, on the label's first line, not above it. */
async function expectBesideItsLabel(radio: Locator, label: Locator) {
  const [r, l] = [await radio.boundingBox(), await label.boundingBox()];
  expect(r && l).toBeTruthy();
  expect(r!.x + r!.width).toBeLessThanOrEqual(l!.x);
  expect(Math.abs(r!.y + r!.height / 2 - (l!.y + Math.min(l!.height, 24) / 2))).toBeLessThan(12);
}

test.describe("checkout summary and layout", () => {
  test("the summary shows the quote's total, follows the delivery method and is the total of the order placed", async ({
    page,
    logInAs,
  }, testInfo) => {
    const withJs = testInfo.project.name !== "no-js";
    const { token, product } = await checkoutAsNewColleague(page, logInAs, testInfo, "summary");
    const summary = page.getByRole("complementary", { name: "Order summary" });
    const total = summary.locator(".order-summary__total dd");
    await expect(summary).toContainText(`2 × ${product.name}`);
    // the preselected method is the first the basket may use: Standard Delivery
    await expect(page.getByRole("radio", { name: /^Standard Delivery/ })).toBeChecked();
    await expect(total).toHaveText(pounds((await quoteFor(token, 1)).total));

    const reference = `E2E-SUMMARY-${testInfo.project.name}-${Date.now()}`;
    await page.getByLabel("Your order reference (optional)").fill(reference);
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole("radio", { name: /^Next Working Day/ }).check();
    const nextDay = pounds((await quoteFor(token, 2)).total);
    if (withJs) {
      // a fetcher: no button to press, no page load
      await expect(page.getByRole("button", { name: "Update summary" })).toHaveCount(0);
      await expect(total).toHaveText(nextDay);
      expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    } else {
      await page.getByRole("button", { name: "Update summary" }).click();
      await expect(total).toHaveText(nextDay);
      // the round trip keeps what was chosen and typed
      await expect(page.getByRole("radio", { name: /^Next Working Day/ })).toBeChecked();
      await expect(page.getByLabel("Your order reference (optional)")).toHaveValue(reference);
    }
    await expect(summary).toContainText(`Delivery ${pounds(9.95)}`);

    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
    await expect(page.locator(".basket-totals")).toContainText(`Total${nextDay}`);
  });

  test("the new-address fields show only when 'Deliver to a new address' is chosen, and the order goes there", async ({
    page,
    logInAs,
  }, testInfo) => {
    const { token } = await checkoutAsNewColleague(page, logInAs, testInfo, "new-address");
    const addressGroup = page.getByRole("group", { name: "Delivery address" });
    await expect(addressGroup.getByRole("radio").first()).toBeChecked();
    await expect(page.getByLabel("Address line 1")).toBeHidden();

    await addressGroup.getByRole("radio", { name: "Deliver to a new address" }).check();
    await expect(page.getByLabel("Address line 1")).toBeVisible();
    const reference = `E2E-NEWADDR-${testInfo.project.name}-${Date.now()}`;
    await page.getByLabel("Address line 1").fill("5 Quay Street");
    await page.getByLabel("Town or city").fill("Hull");
    await page.getByLabel("Postcode").fill("HU1 1AA");
    await page.getByLabel("Your order reference (optional)").fill(reference);
    await page.getByRole("button", { name: "Place order" }).click();
    await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
    const orders = await providerCall<{ data: Order[] }>(`/order?$limit=5&orderedBy=${encodeURIComponent(reference)}`, {
      token,
    });
    expect(orders.data.find((o) => o.otherRefNum === reference)?.shippingAddress?.addr1).toBe("5 Quay Street");
  });

  test("each radio sits beside its label; the summary is beside the form at 1280 px and above it at 390 px, with no sideways scroll", async ({
    page,
    logInAs,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await checkoutAsNewColleague(page, logInAs, testInfo, "layout");
    const nextDay = page.getByRole("radio", { name: /^Next Working Day/ });
    await expectBesideItsLabel(nextDay, page.locator("label.choice", { has: nextDay }).locator(".choice__label"));
    const summary = await page.getByRole("complementary", { name: "Order summary" }).boundingBox();
    const form = await page.getByRole("group", { name: "Delivery method" }).boundingBox();
    expect(summary!.x).toBeGreaterThan(form!.x + form!.width - 1);

    await page.setViewportSize({ width: 390, height: 844 });
    const narrowSummary = await page.getByRole("complementary", { name: "Order summary" }).boundingBox();
    const narrowForm = await page.getByRole("group", { name: "Delivery address" }).boundingBox();
    expect(narrowSummary!.y + narrowSummary!.height).toBeLessThanOrEqual(narrowForm!.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // the basket's choice is offered only to a user who may fill both baskets (decision 161): the demo buyer
    await page.setViewportSize({ width: 1280, height: 900 });
    await logInAs("buyer", UNIT);
    await page.goto("/basket");
    const stock = page.getByRole("radio", { name: /^Stock basket/ });
    await expectBesideItsLabel(stock, page.locator("label.choice", { has: stock }).locator(".choice__text"));
  });
});
