import { expect, test } from "./fixtures";
import { CATALOGUE_PAGES } from "./catalogue-helpers";

// Lighthouse's and axe's heading-order rule (issue 13 item 6): on the catalogue pages no heading is more than one
// level below the heading before it (the category page's product cards skipped from the h1 to h3). Both projects:
// the server draws the same headings with and without JavaScript.
test.describe("catalogue headings go down one level at a time", () => {
  test.beforeEach(async ({ logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
  });

  for (const [name, path] of CATALOGUE_PAGES) {
    test(name, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      const levels = await page
        .locator("h1, h2, h3, h4, h5, h6")
        .evaluateAll((headings) => headings.map((h) => Number(h.tagName.slice(1))));
      expect(levels[0]).toBe(1);
      const skips = levels.flatMap((level, i) =>
        i > 0 && level > levels[i - 1] + 1 ? [`h${levels[i - 1]} → h${level}`] : [],
      );
      expect(skips).toEqual([]);
    });
  }
});
