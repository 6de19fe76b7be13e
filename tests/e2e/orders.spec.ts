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

  test("pages: first, previous, numbers, next and last, the steps that lead nowhere left out (issue 14 item 6)", async ({
    page,
    logInAs,
  }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/order-history");
    const paging = page.getByRole("navigation", { name: "Pagination" });
    const pages = Number((await paging.getByText(/^Page 1 of \d+/).textContent())?.match(/of (\d+)/)?.[1]);
    expect(pages).toBeGreaterThan(3);
    await expect(paging.getByRole("link", { name: "First page" })).toHaveCount(0);
    await expect(paging.getByRole("link", { name: "Previous page" })).toHaveCount(0);
    await expect(paging.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");
    await paging.getByRole("link", { name: "Last page" }).click();
    await expect(page.getByText(new RegExp(`^Page ${pages} of ${pages}`))).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`page=${pages}`));
    await expect(paging.getByRole("link", { name: "Next page" })).toHaveCount(0);
    await expect(paging.getByRole("link", { name: "Last page" })).toHaveCount(0);
    await paging.getByRole("link", { name: "Previous page" }).click();
    await expect(page.getByText(new RegExp(`^Page ${pages - 1} of ${pages}`))).toBeVisible();
    await paging.getByRole("link", { name: "First page" }).click();
    await expect(page.getByText(new RegExp(`^Page 1 of ${pages}`))).toBeVisible();
    await expect(page).not.toHaveURL(/page=/);
  });

  test("filters by status and sorts by date; labels follow SPEC §4", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/order-history");
    // one option per label users see, no upstream spellings (issue 14 item 5)
    expect(await page.getByLabel("Status").locator("option").allTextContents()).toEqual([
      "All",
      "Pending Supervisor Approval",
      "Pending Approval",
      "In Process",
      "Part Despatched",
      "Fully Despatched",
      "Order rejected",
      "Cancelled",
      "Closed",
    ]);
    await page.getByLabel("Status").selectOption("Fully Despatched");
    await page.getByLabel("Sort by date").selectOption("Oldest first");
    await page.getByRole("button", { name: "Filter orders" }).click();
    await expect(page).toHaveURL(/status=Fully\+Despatched/);
    const table = page.getByRole("table", { name: "Your orders" });
    await expect(table.getByText("Fully Despatched").first()).toBeVisible();
    await expect(table.getByText("In Process")).toHaveCount(0);
    await expect(page.getByLabel("Status")).toHaveValue("Fully Despatched");
    // every upstream status behind the label: 'Pending Billing', 'Fully Billed' and 'Billed' orders alike
    const statuses = await table.locator("tbody tr td:nth-child(6)").allTextContents();
    expect(new Set(statuses)).toEqual(new Set(["Fully Despatched"]));

    await page.goto("/order-history?status=In%20Process");
    await expect(page.getByRole("table", { name: "Your orders" }).getByText("In Process").first()).toBeVisible();
    expect(
      new Set(
        await page.getByRole("table", { name: "Your orders" }).locator("tbody tr td:nth-child(6)").allTextContents(),
      ),
    ).toEqual(new Set(["In Process"]));
    // an address from before the labels: the upstream status is read as its label
    await page.goto("/order-history?status=Pending%20Fulfillment");
    await expect(page.getByLabel("Status")).toHaveValue("In Process");
    await expect(page.getByRole("table", { name: "Your orders" }).getByText("In Process").first()).toBeVisible();
  });

  test("the date filters take dates as shown, dd.mm.yy, and say so (issue 14 item 5)", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/order-history");
    const from = page.getByLabel("Created from");
    await expect(from).toHaveAccessibleDescription("dd.mm.yy, for example 31.03.26");
    await expect(page.getByLabel("Created to")).toHaveAccessibleDescription("dd.mm.yy, for example 31.03.26");
    const table = page.getByRole("table", { name: "Your orders" });
    const day = ((await table.locator("tbody tr").first().locator("td").nth(1).textContent()) ?? "").trim();
    expect(day).toMatch(/^\d{2}\.\d{2}\.\d{2}$/);
    await from.fill(day);
    await page.getByLabel("Created to").fill(day);
    await page.getByRole("button", { name: "Filter orders" }).click();
    await expect(page).toHaveURL(new RegExp(`from=${day.replace(/\./g, "\\.")}`));
    await expect(page.getByLabel("Created from")).toHaveValue(day);
    expect(new Set(await table.locator("tbody tr td:nth-child(3)").allTextContents())).toEqual(new Set([day]));

    await page.getByLabel("Created from").fill("31.02.26");
    await page.getByRole("button", { name: "Filter orders" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "Created from: enter a date as dd.mm.yy, for example 31.03.26.",
    );
  });

  test("order detail and its despatch page", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/order-history?status=Fully%20Billed");
    await page.getByRole("table", { name: "Your orders" }).getByRole("row").nth(1).getByRole("link").click();
    await expect(page.getByRole("heading", { name: /^Order SO\d+$/ })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Delivery address" })).toBeVisible();
    // the totals sit under Amount, in the lines table's foot (issue 14 item 5)
    const lines = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Amount" }) });
    const headers = await lines.getByRole("columnheader").allTextContents();
    expect(headers.at(-1)).toBe("Amount");
    const total = lines
      .locator("tfoot tr")
      .filter({ has: page.getByRole("rowheader", { name: "Total", exact: true }) });
    await expect(total.getByRole("cell")).toHaveText(/^£[\d,]+\.\d\d$/);
    expect(Number(await total.getByRole("rowheader").getAttribute("colspan")) + 1).toBe(headers.length);
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

  test("the delivery address of an order with nothing despatched can be changed", async ({
    page,
    logInAs,
  }, testInfo) => {
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
