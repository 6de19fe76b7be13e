import type { Locator, Page } from "@playwright/test";
import { emptyBasket, orderableVariants, pounds, putBasket, tokenIn } from "./basket-helpers";
import { expect, newColleague, providerCall, test } from "./fixtures";
import { chargedBudget, chargeOf, entitlement, left, plainItems, putPacks, wearers } from "./wearer-pack-helpers";

// Issue 34 item 6 (decision 166), both projects: the wearer-pack basket shows the money its checkout charges; a toast
// neither covers a control nor outlives its page; an empty basket names the next step. (The status reading the same on
// confirmation, history and detail is in checkout.spec.ts, with the requester's order.) Each test has its own new
// colleague, so they run in parallel with everything else.

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The toast's box against every visible control on the page: none may be under it. */
async function expectNothingCovered(page: Page, toast: Locator) {
  const box = await toast.boundingBox();
  expect(box, "the toast is on screen").not.toBeNull();
  const controls = page.getByRole("main").locator("button, a, input, select, textarea");
  for (const control of await controls.all()) {
    if (!(await control.isVisible())) continue;
    const other = await control.boundingBox();
    if (!other) continue;
    const name = (await control.getAttribute("aria-label")) ?? (await control.textContent()) ?? "";
    expect(overlaps(box!, other), `the toast covers "${name.trim()}"`).toBe(false);
  }
}

test("a toast sits above the page's controls, never on a Remove button, and does not follow the user to the next page", async ({
  page,
  logInAs,
}, testInfo) => {
  const unit = "Northwind Facilities";
  const colleague = await newColleague(unit, `toast-${testInfo.project.name}`);
  const token = await tokenIn(colleague, unit);
  const [first, second, third] = (await orderableVariants(token)).filter(
    (v) => v.minimumSaleQuantity <= 1 && v.quantityStep <= 1,
  );
  await putBasket(token, [
    { item: first, qty: 1 },
    { item: second, qty: 1 },
    { item: third, qty: 1 },
  ]);
  try {
    await logInAs(colleague, unit);
    // a phone's width, where a corner toast would sit on the lines' Remove buttons
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/basket");
    await page.getByRole("button", { name: `Remove ${first.displayName}` }).click();
    const toast = page.getByRole("status").filter({ hasText: "Removed from basket" });
    await expect(toast).toBeVisible();
    await expect(page.getByRole("button", { name: `Remove ${first.displayName}` })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Remove ${second.displayName}` })).toBeVisible();
    await expectNothingCovered(page, toast);

    // scrolled to the end, the last line's Remove button is still clear of it
    await page.getByRole("button", { name: `Remove ${third.displayName}` }).scrollIntoViewIfNeeded();
    await expectNothingCovered(page, toast);

    // the next page carries no toast: read at once (with JavaScript the toast would close by itself after 3 s)
    await page.getByRole("button", { name: `Remove ${second.displayName}` }).click();
    await expect(page.getByRole("button", { name: `Remove ${second.displayName}` })).toHaveCount(0);
    await expect(toast).toBeVisible();
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Order history" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Order history" })).toBeVisible();
    expect(await page.getByText("Removed from basket").count()).toBe(0);
  } finally {
    await emptyBasket(token);
  }
});

test("an empty basket names the next step, and only steps the user can use", async ({ page, logInAs }) => {
  const unit = "Northwind Facilities";
  const colleague = await newColleague(unit, "empty-basket", ["canViewFullCatalogue", "viewOrderHistory"]);
  await logInAs(colleague, unit);
  await page.goto("/basket");
  await expect(page.getByText("Your stock basket is empty.")).toBeVisible();
  const steps = page.getByRole("list", { name: "What to do next" });
  await expect(steps.getByRole("link")).toHaveText([
    "Browse the full catalogue",
    "Search for a product",
    "Quick order by product code",
    "Load a saved basket",
  ]);
  await steps.getByRole("link", { name: "Browse the full catalogue" }).click();
  await expect(page).toHaveURL(/\/categories\/full$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the wearer-pack basket shows its lines' prices and the totals its checkout charges", async ({
  page,
  logInAs,
}, testInfo) => {
  const unit = "Harbour Health Trust";
  const colleague = await newColleague(unit, `wp-money-${testInfo.project.name}`, [
    "canViewManpack",
    "manpackOrders",
    "viewOrderHistory",
    "indAddress",
  ]);
  const token = await tokenIn(colleague, unit);
  // a wearer with a plain item their allowance pays for (nothing is ordered here: no allowance is spent)
  let chosen: { name: string; employeeId: string; productId: string; itemName: string; price: number } | null = null;
  const all = await wearers(token);
  for (const wearer of all) {
    if (!wearer.grade || wearer.budgets.length === 0) continue;
    const item = plainItems(await entitlement(token, wearer)).find((i) => {
      const budget = chargedBudget(wearer, i);
      return budget && chargeOf(budget, i, 1) > 0 && chargeOf(budget, i, 1) <= left(budget);
    });
    if (!item) continue;
    const variant = item.simples[0] ?? item;
    chosen = {
      name: `${wearer.firstName} ${wearer.lastName}`,
      employeeId: wearer.internalId,
      productId: variant.internalId,
      itemName: item.displayName,
      price: variant.price ?? item.price!,
    };
    break;
  }
  expect(chosen, "a Harbour wearer with an allowance to spend").not.toBeNull();
  const c = chosen!;
  await putPacks(token, [{ employeeId: c.employeeId, data: [{ productId: c.productId, qty: 1, name: c.itemName }] }]);
  try {
    const quote = await providerCall<{ subTotal: number; shippingCost: number; taxTotal: number; total: number }>(
      "/order-quote?forBasket=manpack",
      { token },
    );
    await logInAs(colleague, unit);
    await page.goto("/basket");
    const pack = page.getByRole("region", { name: c.name });
    const row = pack.getByRole("row").filter({ hasText: c.itemName });
    await expect(row).toContainText(pounds(c.price));
    await expect(pack).toContainText(`${pounds(quote.subTotal)} before delivery and VAT`);
    const totals = page.getByLabel("Wearer-pack basket totals");
    for (const amount of [quote.subTotal, quote.shippingCost, quote.taxTotal, quote.total])
      await expect(totals).toContainText(pounds(amount));
    // no method chosen: the plain words name the method the pack goes by
    await expect(pack.getByLabel("Delivery method")).toContainText("Cheapest for this pack: ");

    // the checkout charges the same figures
    await page.goto("/checkout");
    const summary = page.getByRole("complementary", { name: "Order summary" });
    for (const amount of [quote.subTotal, quote.shippingCost, quote.taxTotal, quote.total])
      await expect(summary).toContainText(pounds(amount));
  } finally {
    await emptyBasket(token);
  }
});
