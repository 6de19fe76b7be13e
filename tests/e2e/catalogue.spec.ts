import { expect, newColleague, test } from "./fixtures";
import { basketCount, chooseOption, jsEnabled } from "./catalogue-helpers";

test.describe("catalogue (buyer, Northwind)", () => {
  test.beforeEach(async ({ logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
  });

  test("browse a category, go to page 2, filter", async ({ page }) => {
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Full catalogue" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Full catalogue" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Products" }).getByRole("article")).toHaveCount(16);

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByRole("status").filter({ hasText: /page 2 of \d+/ })).toBeVisible();

    await page.getByRole("navigation", { name: "Categories" }).getByRole("link", { name: "Hi-Vis Clothing" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hi-Vis Clothing" })).toBeVisible();
    await page.getByLabel("Colour").fill("Orange");
    await page.getByLabel("Availability").selectOption("in-stock");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/colour=Orange/);
    const products = page.getByRole("list", { name: "Products" });
    await expect(products.getByRole("link", { name: "Rail Spec Orange Parka GO/RT 3279", exact: true })).toBeVisible();
    // out of stock, so filtered out
    await expect(products.getByRole("link", { name: "Hi-Vis Two-Tone Softshell", exact: true })).toHaveCount(0);
  });

  test("open a product, choose options and add it to the basket in one step", async ({ page, logInAs }, testInfo) => {
    // a basket of its own: the checkout specs empty the buyer's at the same time
    await logInAs(
      await newColleague("Northwind Facilities", `catalogue-add-${testInfo.project.name}`),
      "Northwind Facilities",
    );
    await page.goto("/categories/full/hi-vis/hi-vis-jackets");
    await page
      .getByRole("list", { name: "Products" })
      .getByRole("link", { name: "Hi-Vis Bomber Jacket", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Hi-Vis Bomber Jacket" })).toBeVisible();
    await expect(page.getByText("In stock", { exact: true }).first()).toBeVisible();

    if (jsEnabled()) {
      // with JavaScript a changed option shows the choice's price at once
      await chooseOption(page, "Size", "L", "size");
      await chooseOption(page, "Colour", "Yellow", "color");
      await chooseOption(page, "Finish", "Plain", "finish");
      await expect(page.getByText("£24.95", { exact: true }).first()).toBeVisible();
    } else {
      // without, the options, the quantity and Add to basket are one form: one post adds the chosen variant
      await page.getByLabel("Size", { exact: true }).selectOption("L");
      await page.getByLabel("Colour", { exact: true }).selectOption("Yellow");
      await page.getByLabel("Finish", { exact: true }).selectOption("Plain");
    }

    const before = await basketCount(page);
    await page.getByRole("spinbutton", { name: "Quantity", exact: true }).fill("2");
    await page.getByRole("button", { name: "Add to basket" }).click();
    await expect.poll(() => basketCount(page)).toBe(before + 2);
    await expect(page.getByRole("status").filter({ hasText: "Added to basket" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Hi-Vis Bomber Jacket" })).toBeVisible();
    // the page shows the variant added
    await expect(page).toHaveURL(/\/product\/[^?]+\?size=L&color=Yellow&finish=Plain$/);
    await expect(page.getByText("£24.95", { exact: true }).first()).toBeVisible();
  });

  test("an add with an option left unchosen stays on the product page, the reason on that option", async ({
    page,
    logInAs,
  }, testInfo) => {
    // a basket of its own: other specs change the buyer's at the same time, and this test expects its count unchanged
    await logInAs(
      await newColleague("Northwind Facilities", `catalogue-refused-${testInfo.project.name}`),
      "Northwind Facilities",
    );
    await page.goto("/categories/full/hi-vis/hi-vis-jackets");
    await page
      .getByRole("list", { name: "Products" })
      .getByRole("link", { name: "Hi-Vis Bomber Jacket", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Hi-Vis Bomber Jacket" })).toBeVisible();
    const path = new URL(page.url()).pathname;
    const before = await basketCount(page);

    await page.getByRole("button", { name: "Add to basket" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: /^Choose size\b.* to add Hi-Vis Bomber Jacket to your basket\.$/ }),
    ).toBeVisible();
    await expect(page.getByLabel("Size", { exact: true })).toHaveAccessibleDescription("Choose a size");
    await expect(page.getByRole("heading", { level: 1, name: "Hi-Vis Bomber Jacket" })).toBeVisible();
    expect(new URL(page.url()).pathname).toBe(path);
    expect(await basketCount(page)).toBe(before);
  });

  test("quick view opens on the page and More Info goes to the product", async ({ page }) => {
    await page.goto("/categories/full/hi-vis/hi-vis-vests");
    await page.getByRole("link", { name: "Quick view of Hi-Vis Vest Class 2" }).click();
    const dialog = page.getByRole("dialog", { name: "Hi-Vis Vest Class 2" });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/quickview=hi-vis-vest-class-2/);
    await expect(page.getByRole("heading", { level: 1, name: "Hi-Vis Vests" })).toBeVisible();
    await expect(dialog.getByText("Next Day Delivery")).toBeVisible();
    await dialog.getByRole("link", { name: "More Info" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Hi-Vis Vest Class 2" })).toBeVisible();
    await expect(page).toHaveURL(/\/product\/hi-vis-vest-class-2$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("wish list add and remove, with their toasts", async ({ page }) => {
    // each project its own product: the two projects share the buyer's wish list
    const slug = jsEnabled() ? "hi-vis-executive-vest" : "microfleece-jacket";
    await page.goto(`/product/${slug}`);
    const remove = page.getByRole("button", { name: "Remove from wish list" });
    if (await remove.isVisible()) {
      await remove.click();
      await expect(page.getByRole("status").filter({ hasText: "Removed from wish list successfully" })).toBeVisible();
    }
    await page.getByRole("button", { name: "Add to wish list" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added to wish list successfully" })).toBeVisible();
    await page.getByRole("button", { name: "Remove from wish list" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Removed from wish list successfully" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Add to wish list" })).toBeVisible();
  });

  test("search by product code finds the product", async ({ page }) => {
    await page.goto("/dashboard");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Search" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Search the catalogue" })).toBeVisible();
    await page.getByRole("searchbox", { name: "Search products" }).fill("hv100");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Search results for “hv100”" })).toBeVisible();
    await page
      .getByRole("list", { name: "Products" })
      .getByRole("link", { name: "Hi-Vis Vest Class 2", exact: true })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Hi-Vis Vest Class 2" })).toBeVisible();
  });

  test("an unknown product is a 404 page", async ({ page }) => {
    const response = await page.goto("/product/no-such-product");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Page not found" })).toBeVisible();
  });
});
