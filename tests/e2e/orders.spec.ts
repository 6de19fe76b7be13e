import { readFile } from "node:fs/promises";
import { expect, test } from "./fixtures";
import { placeOrders, uniqueReference } from "./orders-helpers";

test.describe("order history", () => {
  test("16 a page, newest first, with pages", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/order-history");
    await expect(page.getByRole("heading", { name: "Order history" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Your orders" }).getByRole("row")).toHaveCount(17);
    await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();
    await page.getByRole("link", { name: "Next page" }).click();
    await expect(page.getByText(/^Page 2 of \d+/)).toBeVisible();
    await expect(page).toHaveURL(/page=2/);
    await page.getByRole("link", { name: "Previous page" }).click();
    await expect(page.getByText(/^Page 1 of \d+/)).toBeVisible();
  });

  test("filters by status and sorts by date; labels follow SPEC §4", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/order-history");
    await page.getByLabel("Status").selectOption("Billed");
    await page.getByLabel("Sort by date").selectOption("Oldest first");
    await page.getByRole("button", { name: "Filter orders" }).click();
    await expect(page).toHaveURL(/status=Billed/);
    const table = page.getByRole("table", { name: "Your orders" });
    await expect(table.getByText("Fully Despatched").first()).toBeVisible();
    await expect(table.getByText("In Process")).toHaveCount(0);
    await expect(page.getByLabel("Status")).toHaveValue("Billed");

    await page.goto("/order-history?status=Pending%20Fulfillment");
    await expect(page.getByRole("table", { name: "Your orders" }).getByText("In Process").first()).toBeVisible();
  });

  test("order detail and its despatch page", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/order-history?status=Fully%20Billed");
    await page.getByRole("table", { name: "Your orders" }).getByRole("row").nth(1).getByRole("link").click();
    await expect(page.getByRole("heading", { name: /^Order SO\d+$/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Delivery address" })).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: /^£[\d,]+\.\d\d$/ }).first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Reorder" })).toBeVisible();
    const despatch = page.getByRole("link", { name: /^Despatch / }).first();
    const name = (await despatch.textContent()) ?? "";
    await despatch.click();
    await expect(page.getByRole("heading", { name })).toBeVisible();
    await expect(page.getByText("Tracking number")).toBeVisible();
    await expect(page.getByRole("heading", { name: "What was sent" })).toBeVisible();
  });

  test("another customer's order is not found", async ({ page, logInAs }) => {
    await logInAs("manpack");
    await page.goto("/order-history");
    const first = page.getByRole("table", { name: "Your orders" }).getByRole("row").nth(1).getByRole("link");
    const href = (await first.getAttribute("href")) ?? "";
    await logInAs("requester");
    await page.goto(href);
    await expect(page.getByRole("heading", { name: "Order not found" })).toBeVisible();
  });

  test("CSV export downloads the filtered rows", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/order-history?status=Cancelled");
    await expect(page.getByText(/^Page 1 of \d+ \((\d+) orders\)$/)).toBeVisible();
    const total = Number((await page.getByText(/^Page 1 of/).textContent())?.match(/\((\d+) orders\)/)?.[1]);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download CSV" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^order-history-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = (await readFile((await download.path())!, "utf8")).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Order,Reference,Date,Status,Ordered by,Delivery address,Total");
    expect(lines).toHaveLength(total + 1);
    // a cancelled order the approver rejected reads "Order rejected" (SPEC §4: the flag wins)
    for (const line of lines.slice(1)) expect(line).toMatch(/,(Cancelled|Order rejected),/);
  });

  test("the delivery address of an order with nothing despatched can be changed", async ({ page, logInAs }, testInfo) => {
    const [order] = await placeOrders("buyer", [uniqueReference("AMD", testInfo.project.name)], "Northwind Facilities");
    await logInAs("buyer", "Northwind Facilities");
    await page.goto(`/order-history/${order.internalId}`);
    await expect(page.getByRole("heading", { name: `Order ${order.tranId}` })).toBeVisible();
    const address = page.getByRole("group", { name: "Current delivery address" });
    const select = page.getByLabel("New delivery address");
    const choices = await select.locator("option:not([disabled])").allTextContents();
    // move it to the first address, then to the second: the shown address follows
    const moveTo = async (label: string) => {
      await page.getByLabel("New delivery address").selectOption({ label });
      await page.getByRole("button", { name: "Change delivery address" }).click();
      await expect(page.getByText("Delivery address changed")).toBeVisible();
    };
    await moveTo(choices[0]);
    const first = await address.textContent();
    await moveTo(choices[1]);
    await expect(address).not.toHaveText(first ?? "");
  });
});
