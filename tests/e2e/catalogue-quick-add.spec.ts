import type { Locator, Page } from "@playwright/test";
import { expect, newColleague, test } from "./fixtures";
import { basketCount, chooseOption, jsEnabled } from "./catalogue-helpers";

/**
 * With JavaScript, waits until the quick view's code has arrived and hydrated it (its quantity selector then
 * shows − and +), and marks the document, so `stillSameDocument` can prove the quick add loaded no new page.
 */
async function readyForQuickAdd(page: Page, dialog: Locator) {
  if (!jsEnabled()) return;
  await expect(dialog.getByRole("button", { name: "Increase quantity" })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { quickAddMark: boolean }).quickAddMark = true));
}

async function stillSameDocument(page: Page) {
  if (jsEnabled())
    expect(await page.evaluate(() => (window as unknown as { quickAddMark?: boolean }).quickAddMark)).toBe(true);
}

// SPEC §4 and issue 5: after a quick add the quick view stays open, its quantity goes back to 0 and the header's
// basket count rises — with JavaScript (a fetcher post) and without (a form post that comes back to the page).
// Each test is a new colleague of the buyer, whose basket no other spec touches (checkout specs empty the buyer's).
test.describe("quick view quick add (a Northwind colleague)", () => {
  test.beforeEach(async ({ logInAs }, testInfo) => {
    await logInAs(
      await newColleague("Northwind Facilities", `quick-add-${testInfo.project.name}`),
      "Northwind Facilities",
    );
  });

  test("adds to the basket from the quick view, the count updates and the quantity resets to 0", async ({ page }) => {
    await page.goto("/categories/full/hi-vis/hi-vis-vests");
    await page.getByRole("link", { name: "Quick view of Hi-Vis Vest Class 2" }).click();
    const dialog = page.getByRole("dialog", { name: "Hi-Vis Vest Class 2" });
    await expect(dialog).toBeVisible();
    // no variant chosen yet, so nothing to add
    await expect(dialog.getByRole("button", { name: "Add to basket" })).toHaveCount(0);

    await chooseOption(page, "Size", "M", "size", dialog);
    await chooseOption(page, "Colour", "Orange", "color", dialog);
    const quantity = dialog.getByRole("spinbutton", { name: "Quantity", exact: true });
    await expect(quantity).toHaveValue("1");

    await readyForQuickAdd(page, dialog);
    const before = await basketCount(page);
    await quantity.fill("3");
    await dialog.getByRole("button", { name: "Add to basket" }).click();

    await expect.poll(() => basketCount(page)).toBe(before + 3);
    await expect(dialog).toBeVisible();
    await expect(quantity).toHaveValue("0");
    await stillSameDocument(page);
    await expect(page.getByRole("heading", { level: 1, name: "Hi-Vis Vests" })).toBeVisible();
    await expect(page).toHaveURL(/quickview=hi-vis-vest-class-2/);
  });

  test("a second quick add after the reset adds again and resets again", async ({ page }) => {
    // the quick view is drawn by the server and hydrated later: React must not report a mismatch
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await page.goto("/categories/full/hi-vis/hi-vis-vests?quickview=hi-vis-vest-class-2&size=L&color=Yellow");
    const dialog = page.getByRole("dialog", { name: "Hi-Vis Vest Class 2" });
    const quantity = dialog.getByRole("spinbutton", { name: "Quantity", exact: true });
    // opened by its address: drawn by the server, then (with JavaScript) hydrated when the dialog's code arrives
    await readyForQuickAdd(page, dialog);
    for (const qty of [2, 1]) {
      const before = await basketCount(page);
      await quantity.fill(String(qty));
      if (jsEnabled()) await quantity.blur();
      await dialog.getByRole("button", { name: "Add to basket" }).click();
      await expect.poll(() => basketCount(page)).toBe(before + qty);
      await expect(quantity).toHaveValue("0");
    }
    await stillSameDocument(page);
    expect(errors).toEqual([]);
  });
});
