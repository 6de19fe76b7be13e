import fs from "node:fs/promises";
import type { Page } from "@playwright/test";
import { fillBasket, placeOrder, tokenIn } from "./basket-helpers";
import { expect, newColleague, providerCall, test } from "./fixtures";
import { uniqueReference } from "./orders-helpers";

// Issue 34 item 9 (decision 163): an order to keep. The order detail and the confirmation print as the order alone
// (no sidebar, header, footer, notices, buttons or forms), and the detail's "Download PDF" link downloads the order as
// a PDF, with JavaScript on and off. Each test places its own order as a colleague of its own.

const UNIT = "Northwind Facilities";
type OrderAnswer = { internalId: string; tranId: string; itemList: { item: Array<{ itemId: string }> } };

/** Printed: the chrome and the controls are gone, the order's facts and lines are there. */
async function expectPrintedOrder(page: Page, code: string) {
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await expect(page.locator(".app-header")).toBeHidden();
  await expect(page.locator(".app-footer")).toBeHidden();
  for (const control of await page.locator("main form, main button, .notice").all()) await expect(control).toBeHidden();
  await expect(page.getByText(code, { exact: false }).first()).toBeVisible();
  await expect(page.getByText("Ordered on")).toBeVisible();
  await expect(page.getByText("VAT", { exact: true })).toBeVisible();
  const colours = await page.evaluate(() => {
    const main = document.querySelector("main")!;
    const style = getComputedStyle(main);
    return { ink: style.color, paper: getComputedStyle(document.body).backgroundColor };
  });
  expect(colours).toEqual({ ink: "rgb(0, 0, 0)", paper: "rgb(255, 255, 255)" });
  await page.emulateMedia({ media: "screen" });
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
}

test("an order prints as the order alone, and its detail page downloads it as a PDF", async ({
  page,
  logInAs,
}, testInfo) => {
  const who = await newColleague(UNIT, `pdf-${testInfo.project.name}`);
  await logInAs(who, UNIT);
  const token = await tokenIn(who, UNIT);
  await fillBasket(token);
  await placeOrder(page, uniqueReference("PDF", testInfo.project.name));

  const orderId = new URL(page.url()).searchParams.get("order") ?? "";
  const order = await providerCall<OrderAnswer>(`/order/${orderId}`, { token });
  const code = order.itemList.item[0].itemId;
  expect(code).toBeTruthy();

  // the confirmation, printed
  await expect(page.getByText(code).first()).toBeVisible();
  await expect(page.locator("main .notice")).toHaveCount(1);
  await expectPrintedOrder(page, code);

  // the order's detail, printed, then its PDF
  await page.getByRole("link", { name: "View this order in your order history" }).click();
  await expect(page.getByRole("heading", { name: `Order ${order.tranId}`, level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Reorder" })).toBeVisible();
  await expectPrintedOrder(page, code);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("link", { name: "Download PDF" })).toBeHidden();
  await expect(page.getByRole("table").getByText(code)).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download PDF" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`order-${order.tranId}.pdf`);
  const bytes = await fs.readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(1000);
});
