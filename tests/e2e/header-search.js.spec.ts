import { seriousViolations } from "./catalogue-helpers";
import { expect, newColleague, test } from "./fixtures";

// Issue 34 item 1 (decision 159): with JavaScript, the header's search box suggests up to 8 products as one types
test.beforeEach(async ({ logInAs }) => {
  await logInAs(await newColleague("Northwind Facilities", "suggest"), "Northwind Facilities");
});

test("suggestions as one types: a listbox the keyboard moves through, over the page", async ({ page }) => {
  await page.goto("/dashboard");
  const box = page.getByRole("banner").getByRole("combobox", { name: "Search products and codes" });
  const main = page.locator("main");
  const before = await main.boundingBox();
  await box.pressSequentially("boots", { delay: 30 });
  const list = page.getByRole("listbox", { name: "Suggestions" });
  await expect(list).toBeVisible();
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const options = list.getByRole("option");
  await expect(options.first()).toContainText("Boot");
  expect(await options.count()).toBeLessThanOrEqual(8);
  // the list lies over the page: nothing below the header moved
  expect(await main.boundingBox()).toEqual(before);
  // open, it passes axe
  expect(await seriousViolations(page)).toEqual([]);

  await box.press("ArrowDown");
  await expect(options.first()).toHaveAttribute("aria-selected", "true");
  const id = await options.first().getAttribute("id");
  await expect(box).toHaveAttribute("aria-activedescendant", id!);
  const name = (await options.first().locator(".header-search__name").textContent())!;
  await box.press("Enter");
  await expect(page).toHaveURL(/\/product\//);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  // Escape closes the list; Enter then searches what was typed
  await box.fill("");
  await box.pressSequentially("hivis", { delay: 30 });
  await expect(list).toBeVisible();
  await box.press("Escape");
  await expect(list).toBeHidden();
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await box.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Search results for “hivis”" })).toBeVisible();
});
