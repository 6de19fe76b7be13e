import { expect, newColleague, test } from "./fixtures";

// Issue 34 item 1 (decision 159): the header's search box, a GET form to the Search page, with JavaScript on and off
test.describe("header search", () => {
  test.beforeEach(async ({ logInAs }) => {
    await logInAs(await newColleague("Northwind Facilities", "search"), "Northwind Facilities");
  });

  test("searches from the header of any page: a typo, spelling variants, a variant code", async ({ page }) => {
    await page.goto("/order-history");
    const header = page.getByRole("banner");
    const box = header.getByRole("combobox", { name: "Search products and codes" });
    await box.fill("trosers");
    await header.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=trosers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “trosers”" })).toBeVisible();
    const products = page.getByRole("list", { name: "Products" });
    await expect(products.getByRole("link", { name: "Craftsman Work Trousers", exact: true })).toBeVisible();
    // the box keeps what was searched on the Search page
    await expect(box).toHaveValue("trosers");

    await box.fill("hi vis");
    await box.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “hi vis”" })).toBeVisible();
    await expect(products.getByRole("link", { name: "Hi-Vis Bomber Jacket", exact: true })).toBeVisible();

    await box.fill("HV200-YEL-M-P");
    await box.press("Enter");
    await expect(products.getByRole("article").first()).toContainText("Hi-Vis Bomber Jacket");
  });

  test("fits a 390 px phone, on a page and on the results", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/dashboard");
    const box = page.getByRole("banner").getByRole("combobox", { name: "Search products and codes" });
    await expect(box).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
    await box.fill("navy polo");
    await box.press("Enter");
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “navy polo”" })).toBeVisible();
    await expect(
      page.getByRole("list", { name: "Products" }).getByRole("link", { name: "Premium Polo Shirt", exact: true }),
    ).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  });
});
