import { basketCount } from "./catalogue-helpers";
import { expect, newColleague, test } from "./fixtures";

// Issue 17 item 5 (decision 114): a product added to the wish list from its page is on /wish-list (linked from the
// header with its count), goes to the basket from there, and is removed. Each test is a new colleague of the buyer,
// whose wish list and basket no other spec touches.
test.describe("the wish list page (a Northwind colleague)", () => {
  test.beforeEach(async ({ logInAs }, testInfo) => {
    await logInAs(
      await newColleague("Northwind Facilities", `wish-list-${testInfo.project.name}`),
      "Northwind Facilities",
    );
  });

  test("add from the product page, shown on /wish-list, added to the basket, removed", async ({ page }) => {
    await page.goto("/product/hi-vis-vest-class-2");
    await page.getByRole("button", { name: "Add to wish list" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Added to wish list successfully" })).toBeVisible();

    await page.getByRole("link", { name: "Wish list, 1 product" }).click();
    await expect(page).toHaveURL(/\/wish-list$/);
    await expect(page.getByRole("heading", { level: 1, name: "Wish list" })).toBeVisible();
    const item = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Hi-Vis Vest Class 2" }) });
    await expect(item).toHaveCount(1);

    expect(await basketCount(page)).toBe(0);
    await item.getByLabel("Quantity").fill("2");
    await item.getByRole("button", { name: "Add to basket Hi-Vis Vest Class 2" }).click();
    await expect(page).toHaveURL(/\/wish-list$/);
    await expect.poll(() => basketCount(page)).toBe(2);

    await page.getByRole("button", { name: "Remove Hi-Vis Vest Class 2 from the wish list" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Removed from wish list successfully" })).toBeVisible();
    await expect(page.getByText("Your wish list is empty.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Wish list, 0 products" })).toBeVisible();
  });
});

// Issue 17 item 6 (decision 114): the buyer's user catalogues are in the sidebar and open their catalogue page.
test.describe("user catalogues in the sidebar (buyer, Northwind Facilities)", () => {
  test("one link per catalogue, opening /categories/user/{id}", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/dashboard");
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Northwind Site Essentials" })
      .click();
    await expect(page).toHaveURL(/\/categories\/user\/1$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
