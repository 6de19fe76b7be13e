import { expect, newColleague, test } from "./fixtures";
import { seriousViolations } from "./catalogue-helpers";

// JS project only (the config leaves *accessibility.spec* out of no-js): the grid with refused cells passes axe,
// each field named by its size and colour (decision 168).
test("the size and colour grid with a refused cell has no serious axe violations", async ({ page, logInAs }) => {
  const { email } = await newColleague("Northwind Facilities", "grid-axe", ["canViewFullCatalogue"]);
  await logInAs({ email }, "Northwind Facilities");
  await page.goto("/product/pu-palm-coated-gloves");
  await page.getByLabel("Quantity, size 10 (XL), colour Black", { exact: true }).fill("7");
  await page.getByRole("button", { name: "Add all to basket" }).click();
  await expect(page.getByText("Quantity must be at least 10")).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
