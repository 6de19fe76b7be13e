import type { Page } from "@playwright/test";
import { expect, newColleague, test } from "./fixtures";
import { jsEnabled } from "./catalogue-helpers";

// Issue 34 item 8 (decision 168): a team's range of sizes and colours ordered in one post from the product page's
// grid, each cell its own basket line, all or nothing; with JavaScript and without. Each test has its own buyer, so
// its basket is its own.
const UNIT = "Northwind Facilities";

test.beforeEach(async ({ logInAs }, testInfo) => {
  const { email } = await newColleague(UNIT, `grid-${testInfo.project.name}`, ["canViewFullCatalogue"]);
  await logInAs({ email }, UNIT);
});

const cell = (page: Page, size: string, colour: string) =>
  page.getByLabel(`Quantity, size ${size}, colour ${colour}`, { exact: true });

const grid = (page: Page) => page.getByRole("region", { name: "Order several sizes and colours" });

test("a buyer orders a team's range in one post and finds each size and colour as its own basket line", async ({
  page,
}) => {
  await page.goto("/product/hi-vis-vest-class-2");
  // rows are the sizes smallest first, columns the colours; each cell says its stock
  await expect(grid(page).getByRole("rowheader")).toHaveText(["S", "M", "L", "XL", "2XL", "3XL"]);
  await expect(grid(page).getByRole("columnheader")).toHaveText(["Size", "Yellow", "Orange"]);
  await expect(grid(page).getByText("In stock · £4.95").first()).toBeVisible();

  await cell(page, "S", "Yellow").fill("3");
  await cell(page, "M", "Yellow").fill("4");
  await cell(page, "L", "Yellow").fill("5");
  await cell(page, "M", "Orange").fill("2");
  await page.getByRole("button", { name: "Add all to basket" }).click();
  await expect(page.getByText("Added 4 lines to your basket")).toBeVisible();
  // the grid starts empty again
  await expect(cell(page, "S", "Yellow")).toHaveValue("");

  await page.goto("/basket");
  for (const [name, qty] of [
    ["Hi-Vis Vest Class 2 - Yellow / S", "3"],
    ["Hi-Vis Vest Class 2 - Yellow / M", "4"],
    ["Hi-Vis Vest Class 2 - Yellow / L", "5"],
    ["Hi-Vis Vest Class 2 - Orange / M", "2"],
  ])
    await expect(page.getByLabel(`Quantity of ${name}`, { exact: true })).toHaveValue(qty);
  await expect(page.getByLabel(/^Quantity of /)).toHaveCount(4);
});

test("a cell off the product's rules is refused in its own cell, nothing is added, what was typed stays", async ({
  page,
}) => {
  await page.goto("/product/pu-palm-coated-gloves");
  await cell(page, "8 (M)", "Grey").fill("20");
  await cell(page, "9 (L)", "Grey").fill("15");
  await page.getByRole("button", { name: "Add all to basket" }).click();

  await expect(page.getByRole("alert")).toHaveText(
    "Nothing was added to your basket. Change the quantities marked below and add again.",
  );
  const refused = cell(page, "9 (L)", "Grey");
  await expect(refused).toHaveAttribute("aria-invalid", "true");
  await expect(refused).toHaveAccessibleDescription(/^Quantity must be a multiple of 10/);
  await expect(refused).toHaveValue("15");
  await expect(cell(page, "8 (M)", "Grey")).toHaveValue("20");
  await expect(cell(page, "8 (M)", "Grey")).not.toHaveAttribute("aria-invalid", "true");
  if (!jsEnabled()) await expect(page).toHaveURL(/\/product\/pu-palm-coated-gloves$/);

  await page.goto("/basket");
  await expect(page.getByLabel(/^Quantity of /)).toHaveCount(0);
});

test("a cell the provider refuses with the line already in the basket is refused in its cell, nothing added", async ({
  page,
}) => {
  await page.goto("/product/hi-vis-vest-class-2");
  await cell(page, "S", "Yellow").fill("90");
  await page.getByRole("button", { name: "Add all to basket" }).click();
  await expect(page.getByText("Added 1 line to your basket")).toBeVisible();

  await cell(page, "S", "Yellow").fill("10");
  await cell(page, "M", "Yellow").fill("2");
  await page.getByRole("button", { name: "Add all to basket" }).click();
  const refused = cell(page, "S", "Yellow");
  await expect(refused).toHaveAccessibleDescription(
    /^You already have 90 of Hi-Vis Vest Class 2 - Yellow \/ S in your basket; a basket line cannot be more than 99\./,
  );
  await expect(refused).toHaveValue("10");
  await expect(cell(page, "M", "Yellow")).toHaveValue("2");

  await page.goto("/basket");
  await expect(page.getByLabel("Quantity of Hi-Vis Vest Class 2 - Yellow / S", { exact: true })).toHaveValue("90");
  await expect(page.getByLabel(/^Quantity of /)).toHaveCount(1);
});

test("on a phone the grid scrolls inside its box, never the page", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/product/hi-vis-vest-class-2");
  await expect(cell(page, "3XL", "Orange")).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
});

test("a garment with a finish: the grid waits for the finish, then orders that finish's sizes and colours", async ({
  page,
}) => {
  await page.goto("/product/hi-vis-bomber-jacket");
  await expect(page.getByText("To order several sizes and colours at once, choose a finish above.")).toBeVisible();
  await expect(grid(page)).toHaveCount(0);

  await page.getByLabel("Finish", { exact: true }).selectOption("Embroidered Logo");
  if (!jsEnabled()) await page.getByRole("button", { name: "Show details for these options" }).click();
  await expect(page).toHaveURL(/[?&]finish=Embroidered(\+|%20)Logo(&|$)/);
  await expect(page.getByText("Finish: Embroidered Logo.", { exact: false })).toBeVisible();
  await cell(page, "M", "Yellow").fill("2");
  await cell(page, "2XL", "Orange").fill("1");
  await page.getByRole("button", { name: "Add all to basket" }).click();
  await expect(page.getByText("Added 2 lines to your basket")).toBeVisible();
  // back on the page as it was: the finish still chosen, its grid empty again
  await expect(page).toHaveURL(/[?&]finish=Embroidered(\+|%20)Logo(&|$)/);
  await expect(cell(page, "M", "Yellow")).toHaveValue("");

  await page.goto("/basket");
  for (const [name, qty] of [
    ["Hi-Vis Bomber Jacket - Yellow / M / Embroidered Logo", "2"],
    ["Hi-Vis Bomber Jacket - Orange / 2XL / Embroidered Logo", "1"],
  ])
    await expect(page.getByLabel(`Quantity of ${name}`, { exact: true })).toHaveValue(qty);
  await expect(page.getByLabel(/^Quantity of /)).toHaveCount(2);
});
