import { expect, test } from "./fixtures";
import { CATALOGUE_PAGES, seriousViolations } from "./catalogue-helpers";

// JS project only: the config leaves files named *accessibility.spec* out of the no-js project
test.describe("catalogue accessibility (axe: no serious or critical violations)", () => {
  test.beforeEach(async ({ logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
  });

  for (const [name, path] of CATALOGUE_PAGES) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  }
});
