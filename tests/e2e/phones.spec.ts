import type { Page } from "@playwright/test";
import { fillBasket, placeOrder, tokenIn } from "./basket-helpers";
import { type DemoUser, expect, newColleague, test } from "./fixtures";
import { PHONE, phoneFit } from "./support/phone-fit";

// Issue 34 item 2 (decision 160): at 390 px no screen scrolls sideways and the header with the notice takes at most
// 180 px, with data in each screen: a buyer's own saved baskets (a long name), a saved basket with lines and its
// Remove column, the business unit's delivery addresses with Remove, the order history with an order of theirs and
// its detail, and the basket. Tables stack into label and value rows under 600 px; the history's filters fold behind
// "Filters". A new colleague per project, so the test runs beside every other spec.
const UNIT = "Northwind Facilities";
const HEADER_AND_NOTICE = 180;

async function fits(page: Page, url: string | null, name: string): Promise<void> {
  if (url) {
    const response = await page.goto(url);
    expect(response?.status(), `${name}: ${url}`).toBeLessThan(400);
  }
  const measured = await phoneFit(page);
  expect(measured.scrollWidth, `${name}: ${measured.scrollWidth} px wide at ${PHONE.width} px`).toBeLessThanOrEqual(
    measured.innerWidth,
  );
  expect(measured.noticeShown, `${name}: the site notice is shown`).toBe(true);
  expect(
    measured.headerAndNotice,
    `${name}: header and notice ${measured.headerAndNotice} px tall`,
  ).toBeLessThanOrEqual(HEADER_AND_NOTICE);
}

test("phones: the buyer's screens fit 390 px with data, tables stacked, filters folded, a short header", async ({
  page,
  logInAs,
}, testInfo) => {
  test.setTimeout(90_000);
  const project = testInfo.project.name;
  const user = await newColleague(UNIT, `phones-${project}`, [
    "canViewFullCatalogue",
    "viewOrderHistory",
    "viewAllOrders",
    "dellAddress",
  ]);
  const token = await tokenIn(user, UNIT);
  await page.setViewportSize(PHONE);
  await logInAs(user, UNIT);

  // an order of their own, so the history has a row that is theirs, and its detail a line
  await fillBasket(token);
  await fits(page, "/basket", "basket");
  const reference = `PHONES-${project.toUpperCase()}-${Date.now().toString(36)}`;
  await placeOrder(page, reference);
  await fits(page, null, "order complete");

  // a saved basket with a long name and a line
  await fillBasket(token);
  const name = `Winter kit for the Leeds and Bradford depots ${project}`;
  await page.goto("/saved-baskets");
  await page.getByLabel("Basket name").fill(name);
  await page.getByRole("button", { name: "Save basket" }).click();
  await expect(page.getByRole("link", { name })).toBeVisible();
  await fits(page, null, "saved baskets");
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await fits(page, null, "a saved basket");
  // the Remove button is on the screen, not off its right edge
  const remove = page.getByRole("button", { name: /^Remove / }).first();
  await expect(remove).toBeInViewport();
  // each cell names its column: the stacked row reads "Total £…"
  await expect(page.locator("main td[data-label='Total']").first()).toBeVisible();

  await fits(page, "/manage-delivery-addresses", "delivery addresses");
  await expect(page.getByRole("button", { name: /^Remove / }).first()).toBeInViewport();
  await expect(page.getByRole("button", { name: "Search addresses" })).toBeHidden();

  await fits(page, "/order-history", "order history");
  // the filters are folded: the first screen shows the orders, each with its status and total on screen
  await expect(page.getByRole("button", { name: "Filter orders" })).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row.locator("[data-label='Status']")).toBeInViewport();
  await row.getByRole("link").first().scrollIntoViewIfNeeded();
  await expect(row.locator("[data-label='Total']")).toBeInViewport();
  // opening them (no JavaScript needed) shows the form
  await page.getByText("Filters", { exact: true }).click();
  await expect(page.getByRole("button", { name: "Filter orders" })).toBeVisible();
  await fits(page, null, "order history, filters open");

  await row.getByRole("link").first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(/SO|Order/);
  await fits(page, null, "order detail");

  // on a wide screen the filters show without opening anything
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/order-history");
  await expect(page.getByRole("button", { name: "Filter orders" })).toBeVisible();
  await expect(page.getByText("Filters", { exact: true })).toBeHidden();
});

// the header holds the most for a user of several business units (the switcher) and an approver (Approvals): it stays
// within 180 px with the notice for each of them, and for the admin choosing among every customer
for (const who of ["buyer", "approver", "admin"] as const satisfies readonly DemoUser[]) {
  test(`phones: ${who}'s header and the notice fit 180 px at 390 px`, async ({ page, logInAs }) => {
    await page.setViewportSize(PHONE);
    await logInAs(who, "Northwind Facilities");
    await fits(page, "/dashboard", `${who}'s dashboard`);
  });
}
