import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { jsEnabled } from "./catalogue-helpers";

/**
 * With JavaScript, waits until the page is hydrated (a change before that would go unheard: the product page's
 * quantity selector then shows − and +, the quick view takes the focus) and marks the document, so `sameDocument`
 * can prove a change loaded no new page.
 */
async function ready(page: Page, dialog?: Locator) {
  if (!jsEnabled()) return;
  if (dialog) await expect(dialog).toBeFocused();
  else await expect(page.getByRole("button", { name: "Increase quantity" })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { optionsMark: string }).optionsMark = "same document"));
}

async function sameDocument(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { optionsMark?: string }).optionsMark)).toBe("same document");
}

// Issue 14 item 9: with JavaScript a changed option updates the product page in place (price, variant, image), with
// no options button and no document load; without it, "Show details for these options" shows the choice before adding.
test.describe("product options (buyer, Northwind)", () => {
  test.beforeEach(async ({ logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
  });

  const start = "/product/hi-vis-bomber-jacket?size=M&color=Yellow&finish=Plain";

  test("a changed option shows the choice's price, code and image", async ({ page }) => {
    await page.goto(start);
    const main = page.locator(".product-page__details");
    await expect(main.getByText("£24.95", { exact: true })).toBeVisible();
    await expect(main.getByText("HV200-YEL-M-P", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Hi-Vis Bomber Jacket" }).first()).toHaveAttribute(
      "src",
      /hv200-yellow\.svg$/,
    );
    await ready(page);

    const size = page.getByLabel("Size", { exact: true });
    await size.selectOption("2XL");
    if (jsEnabled()) {
      await expect(page.getByRole("button", { name: "Show details for these options" })).toHaveCount(0);
    } else {
      await page.getByRole("button", { name: "Show details for these options" }).click();
    }
    await expect(page).toHaveURL(/[?&]size=2XL(&|$)/);
    await expect(main.getByText("£26.95", { exact: true })).toBeVisible();
    // a screen reader hears the new price
    await expect(main.getByText("£26.95", { exact: true })).toHaveAttribute("aria-live", "polite");
    await expect(page.getByLabel("Size", { exact: true })).toHaveValue("2XL");

    await page.getByLabel("Colour", { exact: true }).selectOption("Orange");
    await page.getByLabel("Finish", { exact: true }).selectOption("Embroidered Logo");
    if (!jsEnabled()) await page.getByRole("button", { name: "Show details for these options" }).click();
    await expect(page).toHaveURL(/[?&]finish=Embroidered(\+|%20)Logo(&|$)/);
    await expect(page).toHaveURL(/[?&]color=Orange(&|$)/);
    await expect(main.getByText("£30.45", { exact: true })).toBeVisible();
    // the variant the add form adds: its product code
    await expect(main.getByText("HV200-ORA-2XL-E", { exact: true })).toBeVisible();
    await expect(page.getByRole("img", { name: "Hi-Vis Bomber Jacket" }).first()).toHaveAttribute(
      "src",
      /hv200-orange\.svg$/,
    );

    if (jsEnabled()) {
      await sameDocument(page);
      // the select changed last keeps the focus, so a keyboard user carries on from it
      await expect(page.getByLabel("Finish", { exact: true })).toBeFocused();
    }
  });

  test("the quantity typed stays when an option changes", async ({ page }) => {
    test.skip(
      !jsEnabled(),
      "without JavaScript the options button is a GET of the options; Add to basket posts the quantity with them",
    );
    await page.goto(start);
    await ready(page);
    await page.getByRole("spinbutton", { name: "Quantity", exact: true }).fill("3");
    await page.getByLabel("Size", { exact: true }).selectOption("L");
    await expect(page).toHaveURL(/[?&]size=L(&|$)/);
    await expect(page.getByRole("spinbutton", { name: "Quantity", exact: true })).toHaveValue("3");
  });

  test("the quick view shows a changed option in place", async ({ page }) => {
    await page.goto("/categories/full/hi-vis/hi-vis-vests?quickview=hi-vis-vest-class-2");
    const dialog = page.getByRole("dialog", { name: "Hi-Vis Vest Class 2" });
    await expect(dialog).toBeVisible();
    await ready(page, dialog);
    await dialog.getByLabel("Colour", { exact: true }).selectOption("Orange");
    if (jsEnabled()) {
      await expect(dialog.getByRole("button", { name: "Show details for these options" })).toHaveCount(0);
    } else {
      await dialog.getByRole("button", { name: "Show details for these options" }).click();
    }
    await expect(page).toHaveURL(/[?&]color=Orange(&|$)/);
    await expect(dialog.getByRole("img", { name: "Hi-Vis Vest Class 2" }).first()).toHaveAttribute(
      "src",
      /hv100-orange\.svg$/,
    );
    if (jsEnabled()) {
      await sameDocument(page);
      await expect(dialog.getByLabel("Colour", { exact: true })).toBeFocused();
    }
  });
});

test.describe("product options (browse-only account)", () => {
  test("the options without an add form show the choice in place too", async ({ page, logInAs }) => {
    await logInAs("browse");
    await page.goto("/product/hi-vis-vest-class-2");
    await expect(page.getByText("Your account can browse the catalogue but not order.")).toBeVisible();
    const colour = page.getByLabel("Colour", { exact: true });
    if (jsEnabled()) {
      // no quantity selector to show hydration here: wait until React has taken over the select
      await expect
        .poll(() => colour.evaluate((select) => Object.keys(select).some((key) => key.startsWith("__reactProps"))))
        .toBe(true);
      await page.evaluate(() => ((window as unknown as { optionsMark: string }).optionsMark = "same document"));
    }
    await colour.selectOption("Orange");
    if (jsEnabled()) {
      await expect(page.getByRole("button", { name: "Show details for these options" })).toHaveCount(0);
    } else {
      await page.getByRole("button", { name: "Show details for these options" }).click();
    }
    await expect(page).toHaveURL(/[?&]color=Orange(&|$)/);
    await expect(page.getByRole("img", { name: "Hi-Vis Vest Class 2" }).first()).toHaveAttribute(
      "src",
      /hv100-orange\.svg$/,
    );
    if (jsEnabled()) await sameDocument(page);
  });
});
