import type { Page } from "@playwright/test";
import { basketQuantities, orderableVariants, tokenIn } from "./basket-helpers";
import { seriousViolations } from "./catalogue-helpers";
import { DEMO, expect, logInByCookie, newColleague, providerCall, providerToken, test } from "./fixtures";

// The admin area's sessions (issue 20 items 1 and 6, decision 129), both projects: admin@demo.test views the portal as
// a requester of their own (a new colleague whose basket no other test touches), sees the banner, adds to the basket,
// stops, and the audit holds the write under the admin's name; admin ends a user's session and that user has to log
// in again.
const UNIT = "Northwind Facilities";

type Person = { id: string; email: string; firstName: string; lastName: string };
type Audit = {
  id: string;
  admin: Person | null;
  asUser: Person | null;
  service: string;
  method: string;
  summary: string;
};

async function adminUserId(email: string): Promise<string> {
  const admin = await providerToken(DEMO.admin);
  const found = await providerCall<{ data: Array<{ id: string; email: string }> }>(
    `/admin/user?q=${encodeURIComponent(email)}`,
    { token: admin },
  );
  const user = found.data.find((u) => u.email === email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}

test("admin views as a requester: the banner, a basket write, Stop, and the audit names the admin", async ({
  page,
  logInAs,
}, testInfo) => {
  // an invitation, a view-as and its audit in one test: more than the default 30 s on a busy machine
  test.slow();
  const label = `viewas-${testInfo.project.name}`;
  const user = await newColleague(UNIT, label);
  const userToken = await tokenIn(user, UNIT);
  const item = (await orderableVariants(userToken)).find((v) => v.minimumSaleQuantity <= 1 && v.quantityStep <= 1);
  if (!item) throw new Error("the demo catalogue lacks a single-unit variant");
  const userId = await adminUserId(user.email);

  await logInAs("admin");
  await page.goto("/admin/view-as");
  await expect(page.getByRole("heading", { level: 1, name: "View as a user" })).toBeVisible();
  await page.getByLabel("Customer name contains").fill("northwind");
  await page.getByRole("button", { name: "Find customers" }).click();
  await page.getByRole("link", { name: UNIT, exact: true }).click();
  await expect(page.getByRole("heading", { name: `2. Choose a user of ${UNIT}` })).toBeVisible();
  // Northwind gains a colleague per test that invites one: the picker is narrowed to this one
  await page.getByLabel("Name or email contains").fill(user.email);
  await page.getByRole("button", { name: "Find users" }).click();
  await expect(page.getByRole("radio")).toHaveCount(1);
  // axe scans in the JS project only, as the other scans
  const scan = testInfo.project.name === "js";
  if (scan) expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("radio", { name: new RegExp(user.email.replace(/[.+]/g, "\\$&")) }).check();
  await page.getByRole("button", { name: "View as" }).click();

  await expect(page).toHaveURL("/");
  const banner = page.getByRole("region", { name: "Viewing as another user" });
  await expect(banner).toHaveText(`Viewing as Test ${label} of ${UNIT} — Stop`);
  // the portal is the user's now: no Admin links in their sidebar
  await expect(page.getByRole("link", { name: "Active users" })).toHaveCount(0);
  if (scan) expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/quick-order");
  await expect(banner).toBeVisible();
  await page.getByLabel("Product codes and quantities").fill(`${item.itemId}, 2`);
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByRole("heading", { name: "What was added" })).toBeVisible();
  await expect.poll(async () => (await basketQuantities(userToken))[item.internalId]).toBe(2);

  await banner.getByRole("button", { name: "Stop" }).click();
  await expect(page).toHaveURL("/admin/view-as");
  await expect(page.getByRole("status").filter({ hasText: "stopped viewing as" })).toHaveText(
    `You have stopped viewing as Test ${label} of ${UNIT}`,
  );
  await expect(page.getByRole("region", { name: "Viewing as another user" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Active users" })).toBeVisible();

  // the write made while viewing as the user is the admin's, as that user
  const admin = await providerToken(DEMO.admin);
  const audit = await providerCall<{ data: Audit[] }>(`/admin/audit?userId=${userId}&$limit=50`, { token: admin });
  const write = audit.data.find((a) => a.asUser?.email === user.email && a.service.startsWith("basket"));
  expect(write, JSON.stringify(audit.data.map((a) => [a.service, a.method, a.summary]))).toBeDefined();
  expect(write!.admin?.email).toBe(DEMO.admin);
  expect(audit.data.some((a) => a.admin?.email === DEMO.admin && /^Viewed as Test /.test(a.summary))).toBe(true);

  // and on the user's page in the admin area (decision 130): the write, under the admin's name, as the user
  const adminName = [write!.admin!.firstName, write!.admin!.lastName].filter(Boolean).join(" ");
  await page.goto(`/admin/user/${userId}`);
  const row = page
    .getByRole("row")
    .filter({ hasText: write!.summary })
    .filter({ hasText: `Test ${label}` })
    .first();
  await expect(row).toContainText(adminName);
});

/** The active-users page that lists `email`, following the pages (most recent first, 16 a page). */
async function findActiveRow(page: Page, email: string) {
  for (let n = 1; n <= 10; n++) {
    await page.goto(`/admin/active-users?page=${n}`);
    const row = page.getByRole("row").filter({ hasText: email });
    if ((await row.count()) > 0) return row;
    if ((await page.getByRole("link", { name: "Next" }).count()) === 0) break;
  }
  throw new Error(`${email} is not among the active users`);
}

test("admin ends a user's session: that user is sent to log in", async ({ page, logInAs, browser }, testInfo) => {
  test.slow();
  const victim = await newColleague(UNIT, `ended-${testInfo.project.name}`);
  const theirs = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  try {
    await logInByCookie(theirs, victim, UNIT);
    const victimPage = await theirs.newPage();
    await victimPage.goto("/dashboard");
    await expect(victimPage).toHaveURL("/dashboard");

    await logInAs("admin");
    const row = await findActiveRow(page, victim.email);
    await expect(row.getByRole("link", { name: `Test ended-${testInfo.project.name}` })).toBeVisible();
    await row
      .getByRole("button", { name: `End the session of Test ended-${testInfo.project.name} (${victim.email})` })
      .click();
    await expect(page.getByRole("status").filter({ hasText: "The session has ended" })).toBeVisible();
    if (testInfo.project.name === "js") expect(await seriousViolations(page)).toEqual([]);

    await victimPage.goto("/dashboard");
    await expect(victimPage).toHaveURL(/\/login\?redirect=%2Fdashboard$/);
  } finally {
    await theirs.close();
  }
});

test("admin users: the list, a search for a user to make admin, and the refusal to revoke oneself", async ({
  page,
  logInAs,
}, testInfo) => {
  await logInAs("admin");
  await page.goto("/admin/manage-admin-users");
  await expect(page.getByRole("heading", { level: 1, name: "Admin users" })).toBeVisible();
  const me = page.getByRole("row").filter({ hasText: DEMO.admin });
  await expect(me).toContainText("(you)");
  await page.getByLabel("Name or email contains").fill("requester@demo");
  await page.getByRole("button", { name: "Find users" }).click();
  await expect(page).toHaveURL(/\/admin\/manage-admin-users\?q=requester%40demo/);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: DEMO.requester })
      .getByRole("button", { name: /^Make .* an admin$/ }),
  ).toBeVisible();
  if (testInfo.project.name === "js") expect(await seriousViolations(page)).toEqual([]);
  // revoking oneself is the provider's 409, shown as an error toast; nothing changes
  await me.getByRole("button", { name: /^Revoke the admin rights of / }).click();
  await expect(page.getByRole("alert")).toHaveText("You cannot revoke your own admin rights");
  await expect(page.getByRole("row").filter({ hasText: DEMO.admin })).toHaveCount(1);
});
