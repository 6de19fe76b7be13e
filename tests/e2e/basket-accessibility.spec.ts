import { seriousViolations } from "./catalogue-helpers";
import { fillBasket, tokenIn } from "./basket-helpers";
import { expect, newColleague, test } from "./fixtures";

// axe scans (JS project only, as the other scans) of the basket, checkout, saved basket and confirmation pages, for a
// new colleague in Northwind Facilities (cards offered) whose basket no other test touches.
const UNIT = "Northwind Facilities";

test("accessibility (axe): basket, checkout, saved basket and order confirmation", async ({ page, logInAs }) => {
  // four axe scans and an invitation in one test: more than the default 30 s on a busy machine
  test.slow();
  const user = await newColleague(UNIT, "axe-basket");
  await fillBasket(await tokenIn(user, UNIT));
  await logInAs(user, UNIT);

  await page.goto("/basket");
  await expect(page.getByRole("heading", { name: "Basket", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/saved-baskets");
  await page.getByLabel("Basket name").fill("Axe check");
  await page.getByRole("button", { name: "Save basket" }).click();
  await page.getByRole("link", { name: "Axe check" }).click();
  await expect(page.getByRole("heading", { name: "Axe check", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
