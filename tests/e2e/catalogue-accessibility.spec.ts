import { expect, test } from "./fixtures";
import { seriousViolations } from "./catalogue-helpers";

// JS project only: the config leaves files named *accessibility.spec* out of the no-js project
test.describe("catalogue accessibility (axe: no serious or critical violations)", () => {
  test.beforeEach(async ({ logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
  });

  for (const [name, path] of [
    ["dashboard", "/dashboard"],
    ["category page", "/categories/full/hi-vis"],
    ["category page with the quick view open", "/categories/full/hi-vis?quickview=hi-vis-bomber-jacket"],
    ["product page", "/product/hi-vis-bomber-jacket?size=M&color=Yellow&finish=Plain"],
    ["search results", "/search?q=polo"],
  ]) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
