import { mkdirSync } from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { emptyBasket, fillBasket, placeOrder, tokenIn } from "./basket-helpers";
import { jsEnabled } from "./catalogue-helpers";
import { expect, newColleague, providerCall, test } from "./fixtures";
import { PHONE, phoneFit } from "./support/phone-fit";

/**
 * Visual review (issue 14, "How to check"): every screen at 1280 px and at 390 px wide, in both projects, saved as
 * full-page screenshots in visual-review/<project>/ (git ignores the folder) for a reviewer to look through after a
 * change. At 390 px every screen must fit without sideways scrolling, the header and the site notice together take at
 * most 180 px (issue 34 item 2, decision 160), and (JavaScript project: axe runs inside the page) axe must find no
 * WCAG 2.1 A/AA violation of any impact. Each screen's problems are collected softly, so one run
 * lists them all.
 */

const WIDE = { width: 1280, height: 900 };
const UNIT = "Northwind Facilities";

async function review(page: Page, name: string): Promise<void> {
  const folder = path.join("visual-review", test.info().project.name);
  mkdirSync(folder, { recursive: true });
  await page.setViewportSize(WIDE);
  await page.screenshot({ path: path.join(folder, `${name}-1280.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: path.join(folder, `${name}-390.png`), fullPage: true });
  const fit = await phoneFit(page);
  const sideways = fit.scrollWidth - fit.innerWidth;
  expect.soft(sideways, `${name}: wider than 390 px by ${sideways} px`).toBeLessThanOrEqual(0);
  expect
    .soft(fit.headerAndNotice, `${name}: header and notice ${fit.headerAndNotice} px tall at 390 px`)
    .toBeLessThanOrEqual(180);
  if (jsEnabled()) {
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const found = violations.map(
      (v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
    );
    expect.soft(found, `${name}: axe at 390 px`).toEqual([]);
  }
  await page.setViewportSize(WIDE);
}

async function open(page: Page, url: string, name: string): Promise<void> {
  const response = await page.goto(url);
  expect.soft(response?.status(), `${name}: ${url} answered`).toBeLessThan(400);
  await review(page, name);
}

test.describe("visual review: every screen at 1280 and 390 px", () => {
  test.describe.configure({ timeout: 120_000 });
  test("before logging in", async ({ page }) => {
    await open(page, "/login", "login");
    await open(page, "/customer/forgot", "forgot-password");
  });

  test("a buyer's screens: catalogue, basket, checkout, confirmation, history, saved baskets", async ({
    page,
    logInAs,
  }) => {
    test.setTimeout(240_000);
    const colleague = await newColleague(UNIT, "visual", [
      "canViewFullCatalogue",
      "viewOrderHistory",
      "viewAllOrders",
      "dellAddress",
    ]);
    await logInAs(colleague, UNIT);
    await open(page, "/dashboard", "dashboard");
    await open(page, "/categories/full/hi-vis", "category");
    await open(page, "/categories/full/hi-vis?quickview=hi-vis-bomber-jacket", "category-quick-view");
    await open(page, "/product/hi-vis-bomber-jacket?size=M&color=Yellow&finish=Plain", "product");
    await open(page, "/product/hi-vis-vest-class-2", "product-size-grid");
    await open(page, "/search?q=polo", "search");
    await open(page, "/quick-order", "quick-order");
    await open(page, "/basket", "basket-empty");
    await fillBasket(await tokenIn(colleague, UNIT));
    await open(page, "/basket", "basket");
    await open(page, "/checkout", "checkout");
    await placeOrder(page, "VISUAL-REVIEW");
    await review(page, "order-complete");
    await open(page, "/order-history", "order-history");
    await page
      .getByRole("link", { name: /VISUAL-REVIEW|^SO/ })
      .first()
      .click();
    await review(page, "order-detail");
    // with data in them (issue 34 item 2): the order history with its filters opened (folded above), a saved basket
    // with a long name and its lines, and the delivery addresses with their Remove buttons
    await page.goto("/order-history");
    await page.setViewportSize(PHONE);
    await page.getByText("Filters", { exact: true }).click();
    await review(page, "order-history-filters-open");
    await fillBasket(await tokenIn(colleague, UNIT));
    const basketName = "Winter kit for the Leeds and Bradford depots";
    await page.goto("/saved-baskets");
    await page.getByLabel("Basket name").fill(basketName);
    await page.getByRole("button", { name: "Save basket" }).click();
    await expect(page.getByRole("link", { name: basketName })).toBeVisible();
    await review(page, "saved-baskets");
    await page.getByRole("link", { name: basketName }).click();
    await expect(page.getByRole("heading", { name: basketName, level: 1 })).toBeVisible();
    await review(page, "saved-basket");
    await open(page, "/manage-delivery-addresses", "delivery-addresses");
    await open(page, "/help", "help");
    // the CMS's pages and training guides (issue 18, decision 119)
    await open(page, "/cms/size-guide", "cms-size-guide");
    await open(page, "/cms/delivery-information", "cms-delivery-information");
    await open(page, "/cms/download", "training-guides");
    await page.goto("/no-such-page");
    await review(page, "not-found");
  });

  test("an approver's screens", async ({ page, logInAs }) => {
    await logInAs("approver");
    await open(page, "/order-to-approve", "orders-to-approve");
    const first = page.locator("main table a").first();
    if (await first.count()) {
      await first.click();
      await review(page, "order-to-approve");
    }
  });

  test("a wearer-pack user's screens: wearers, a wearer's page, adding a wearer, the wearer-pack basket and its checkout", async ({
    page,
    logInAs,
  }) => {
    test.setTimeout(180_000);
    const unit = "Harbour Health Trust";
    const rights = [
      "canViewManpack",
      "manpackOrders",
      "viewOrderHistory",
      "viewAllOrders",
      "indAddress",
      "addManpackUser",
    ];
    const colleague = await newColleague(unit, "visual-packs", rights);
    const token = await tokenIn(colleague, unit);
    await logInAs(colleague, unit);
    await open(page, "/wearer-pack", "wearers");
    await page.locator("main table tbody a").first().click();
    await expect(page.getByRole("heading", { level: 2, name: "Allowances" })).toBeVisible();
    await review(page, "wearer");
    await open(page, "/add-wearer", "add-wearer");
    // a seeded wearer-pack order reordered fills the wearer-pack basket
    const { data } = await providerCall<{ data: Array<{ internalId: string }> }>("/order?salesOrderTypeId=1&$limit=1", {
      token,
    });
    await page.goto(`/order-history/${data[0].internalId}`);
    await review(page, "order-detail-wearer-pack");
    await page.getByRole("button", { name: "Reorder" }).click();
    await expect(page).toHaveURL(/\/basket$/);
    await review(page, "basket-wearer-packs");
    await open(page, "/checkout", "checkout-wearer-packs");
    await emptyBasket(token);
  });

  test("reporting: the form and task list, a line chart (spend by month) and a bar chart (top products)", async ({
    page,
    logInAs,
  }) => {
    const colleague = await newColleague(UNIT, "visual-reports", [
      "canViewFullCatalogue",
      "viewOrderHistory",
      "viewReporting",
      "viewAllOrders",
    ]);
    const token = await tokenIn(colleague, UNIT);
    const ask = (type: string) =>
      providerCall<{ task: { taskId: string } }>("/report", {
        method: "POST",
        token,
        body: JSON.stringify({ type, from: "2026-01-01", to: "2026-11-23" }),
      });
    const ids = [(await ask("top-products")).task.taskId, (await ask("spend-by-month")).task.taskId];
    await expect
      .poll(
        async () =>
          (await providerCall<{ data: Array<{ status: string }> }>("/report", { token })).data.every(
            (t) => t.status === "success",
          ),
        { timeout: 30_000 },
      )
      .toBe(true);
    await logInAs(colleague, UNIT);
    await open(page, "/reporting", "reporting");
    await open(page, `/reporting/${ids[1]}`, "report-spend-by-month");
    await open(page, `/reporting/${ids[0]}`, "report-top-products");
  });

  test("choosing a business unit", async ({ page, logInAs }) => {
    await logInAs("admin");
    await open(page, "/select-your-customer", "select-your-customer");
  });

  test("the admin area: its lists and forms", async ({ page, logInAs }) => {
    await logInAs("admin");
    for (const [path, name] of [
      ["/admin/active-users", "admin-active-users"],
      ["/admin/user", "admin-users"],
      ["/admin/view-as", "admin-view-as"],
      ["/admin/promo", "admin-promotions"],
      ["/admin/promo/new", "admin-promotion-form"],
      ["/admin/orders", "admin-orders"],
      ["/admin/category-manager", "admin-category-manager"],
      ["/admin/netsuite-pull", "admin-erp-pull"],
      ["/admin/e-mails", "admin-e-mails"],
    ] as const) {
      await open(page, path, name);
    }
  });
});
