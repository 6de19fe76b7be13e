import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { placeOrders, uniqueReference } from "./orders-helpers";

// The order screens (issue 14): no serious or critical axe violations, and nothing pushes the page sideways at 1280
// or 390 px. axe runs inside the page, so this file runs in the JS project only (playwright.config.ts); the markup is
// the same without JavaScript.

async function screenProblems(page: Page): Promise<{ violations: string[]; overflow: number }> {
  const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
  return {
    violations: violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
  };
}

test("the history with its pages, its filters' refusal and an order", async ({ page, logInAs }) => {
  // six pages and six axe runs: under a full suite's load this took over the default 30 s (CI, once); a limit, not a
  // timing the test asserts
  test.setTimeout(90_000);
  await logInAs("buyer", "Northwind Facilities");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/order-history?page=2");
    await expect(page.getByRole("navigation", { name: "Pagination" })).toBeVisible();
    expect(await screenProblems(page)).toEqual({ violations: [], overflow: 0 });
    await page.goto("/order-history?from=31.02.26");
    await expect(page.getByRole("alert")).toBeVisible();
    expect(await screenProblems(page)).toEqual({ violations: [], overflow: 0 });
    await page.goto("/order-history?status=Fully%20Despatched");
    await page.getByRole("table", { name: "Your orders" }).getByRole("row").nth(1).getByRole("link").click();
    await expect(page.getByRole("heading", { name: /^Order SO\d+$/ })).toBeVisible();
    expect(await screenProblems(page)).toEqual({ violations: [], overflow: 0 });
  }
});

test("the approver's order screen with both forms, and the lists to approve", async ({ page, logInAs }, testInfo) => {
  test.setTimeout(90_000);
  const [order] = await placeOrders("requester", [uniqueReference("A11Y", testInfo.project.name)]);
  await logInAs("approver");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/order-to-approve/${order.internalId}`);
    await expect(page.getByRole("heading", { name: "Your decision" })).toBeVisible();
    expect(await screenProblems(page)).toEqual({ violations: [], overflow: 0 });
    await page.goto("/order-to-approve?view=approved");
    await expect(page.getByRole("heading", { name: "Approved", level: 2 })).toBeVisible();
    expect(await screenProblems(page)).toEqual({ violations: [], overflow: 0 });
  }
});
