import type { Page } from "@playwright/test";
import { expect, newColleague, test } from "./fixtures";
import { basketQuantities, placeOrder, tokenIn } from "./basket-helpers";

// Issue 34 items 3 and 5 (decision 161): the portal offers only what the user can use, and refuses what it does not
// offer; product codes are shown whole from the product page to the order. Each test makes its own colleague.

/** No sideways scroll on a 390 px phone. */
async function fitsPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
}

const NORTHWIND = "Northwind Facilities";
const HARBOUR = "Harbour Health Trust";

test.describe("only what the user can use", () => {
  test("a wearer-pack-only user: no Search, Quick order or Saved baskets, each refused; the wearer-pack basket with no choice", async ({
    page,
    logInAs,
  }, testInfo) => {
    const colleague = await newColleague(HARBOUR, `packs-only-${testInfo.project.name}`, [
      "canViewManpack",
      "manpackOrders",
      "viewOrderHistory",
    ]);
    await logInAs(colleague, HARBOUR);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Wearer packs" })).toBeVisible();
    for (const name of ["Search", "Quick order", "Saved baskets", "Delivery addresses", "Punched-out baskets"])
      await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    for (const [path, screen] of [
      ["/search?q=boot", "search"],
      ["/quick-order", "quick order"],
      ["/saved-baskets", "saved baskets"],
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("alert")).toHaveText(`Your account cannot open ${screen}.`);
    }
    await page.goto("/basket");
    await expect(page.getByRole("heading", { level: 2, name: "Wearer-pack basket" })).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await expect(page.getByText(/Stock basket/)).toHaveCount(0);
    await fitsPhone(page);
  });

  test("a stock-only user: no choice of basket, no Punched-out baskets or Delivery addresses without a profile or an address right", async ({
    page,
    logInAs,
  }, testInfo) => {
    const colleague = await newColleague(NORTHWIND, `stock-only-${testInfo.project.name}`);
    await logInAs(colleague, NORTHWIND);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const name of ["Search", "Quick order", "Saved baskets", "Order history"])
      await expect(nav.getByRole("link", { name, exact: true })).toBeVisible();
    for (const name of ["Punched-out baskets", "Delivery addresses", "Wearer packs"])
      await expect(nav.getByRole("link", { name, exact: true })).toHaveCount(0);
    for (const path of ["/punchedout-baskets", "/manage-delivery-addresses"]) {
      await page.goto(path);
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("alert")).toContainText("Your account cannot open");
    }
    await page.goto("/basket");
    await expect(page.getByRole("heading", { level: 2, name: "Stock basket" })).toBeVisible();
    await expect(page.getByRole("radio")).toHaveCount(0);
    await fitsPhone(page);
  });
});

test.describe("codes are never cut", () => {
  test("a long variant code, whole on the product page, in quick order, the basket and the order", async ({
    page,
    logInAs,
  }, testInfo) => {
    test.setTimeout(90_000);
    const colleague = await newColleague(NORTHWIND, `long-code-${testInfo.project.name}`);
    const token = await tokenIn(colleague, NORTHWIND);
    await logInAs(colleague, NORTHWIND);

    // the product page shows the variant's code once its options are chosen (the address carries them)
    const legs = encodeURIComponent('29" Short');
    await page.goto(`/product/craftsman-work-trousers?color=Black&size=36&legLength=${legs}`);
    const details = page.locator(".product-page__details");
    await expect(details.getByText("WT100-BLA-36-29SHORT", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Add to basket" }).click();
    await expect.poll(async () => Object.values(await basketQuantities(token))).toEqual([1]);

    // quick order takes another long code as typed
    await page.goto("/quick-order");
    await page.getByLabel("Product codes and quantities").fill("WT100-BLA-36-31REGULAR, 2");
    await page.getByRole("button", { name: "Add to basket" }).click();
    await expect(page.getByRole("status").filter({ hasText: "added to your basket" })).toHaveText(
      "1 line added to your basket.",
    );
    await expect(page.getByRole("cell", { name: "WT100-BLA-36-31REGULAR", exact: true })).toBeVisible();

    // the order's lines carry both codes whole
    await placeOrder(page, `LONG-${testInfo.project.name}-${Date.now()}`);
    await page.getByRole("link", { name: "View this order in your order history" }).click();
    for (const code of ["WT100-BLA-36-29SHORT", "WT100-BLA-36-31REGULAR"])
      await expect(page.getByRole("cell", { name: code, exact: true })).toBeVisible();
  });
});
