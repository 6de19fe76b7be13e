import { expect, newColleague, test } from "./fixtures";

// Issue 17 items 3 and 4 (decision 114): buyer@demo.test adds a delivery address and removes it again. Each project
// and run has its own label: the two projects run side by side on one database.
test.describe("delivery addresses (buyer, Northwind Facilities)", () => {
  test.beforeEach(async ({ logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
  });

  test("adds an address (postcode written the Royal Mail way), finds it, and removes it", async ({
    page,
  }, testInfo) => {
    // sorts after every seeded label, so it is never the business unit's default (first) address meanwhile
    const label = `Zz e2e ${testInfo.project.name} ${Date.now().toString(36)}`;
    await page.goto("/");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Add a delivery address" }).click();
    await expect(page).toHaveURL(/\/add-delivery-address$/);
    await expect(page.getByRole("heading", { level: 1, name: "Add a delivery address" })).toBeVisible();

    await page.getByLabel("Name of the address (for example, Leeds depot)").fill(label);
    await page.getByLabel("Addressee (optional)").fill("Goods in");
    await page.getByLabel("Address line 1").fill("1 Mill Lane");
    await page.getByLabel("Town or city").fill("Leeds");
    await page.getByLabel("Postcode").fill("ls1 4a");
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page.getByText("Enter a UK postcode, like SW1A 1AA, or a BFPO number, like BFPO 801")).toBeVisible();
    await expect(page.getByLabel("Name of the address (for example, Leeds depot)")).toHaveValue(label);

    await page.getByLabel("Postcode").fill("ls14ap");
    await page.getByRole("button", { name: "Add address" }).click();
    await expect(page).toHaveURL(/\/manage-delivery-addresses$/);
    await expect(page.getByRole("status").filter({ hasText: "Delivery address added" })).toBeVisible();

    await page.getByRole("searchbox", { name: "Name or postcode" }).fill(label);
    await page.getByRole("button", { name: "Search addresses" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    const row = page.getByRole("row").filter({ hasText: label });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("1 Mill Lane, Leeds, LS1 4AP");

    await row.getByRole("button", { name: `Remove ${label}` }).click();
    await expect(page.getByRole("status").filter({ hasText: "Delivery address removed" })).toBeVisible();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page.getByText(`No addresses match “${label}”.`)).toBeVisible();
  });
});

// Issue 17 "Done when": the screen is refused (redirect to /) for a user without its permission; the address list is
// read-only without dellAddress (decision 114), and neither offered nor opened without any address right (issue 34
// item 3, decision 161).
test.describe("delivery addresses for a requester (no address right)", () => {
  test("neither address screen is offered, and both are refused", async ({ page, logInAs }) => {
    await logInAs("requester");
    await page.goto("/add-delivery-address");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("alert")).toHaveText("Your account cannot open the Add a delivery address page.");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link", { name: "Add a delivery address" })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Delivery addresses" })).toHaveCount(0);
    await page.goto("/manage-delivery-addresses");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Delivery addresses" })).toHaveCount(0);
  });

  test("with a right to change the wearer packs' address only, the list is read-only: no Remove", async ({
    page,
    logInAs,
  }, testInfo) => {
    const colleague = await newColleague("Northwind Facilities", `addr-read-${testInfo.project.name}`, [
      "canViewFullCatalogue",
      "indAddress",
    ]);
    await logInAs(colleague, "Northwind Facilities");
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Delivery addresses" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delivery addresses" })).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: "Bradford Civic Centre Contract" })).toHaveCount(1);
    await expect(page.getByRole("button", { name: /^Remove / })).toHaveCount(0);
  });
});
