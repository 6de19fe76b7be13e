import { readFile } from "node:fs/promises";
import AxeBuilder from "@axe-core/playwright";
import { parseCsv } from "../../app/domain/csv";
import { expect, latestEmail, logInByCookie, newColleague, test } from "./fixtures";

// The admin area's people screens (issue 20 items 2–4, decision 130), in both projects, each test with users and
// addresses of its own (new per project and run): admin@demo.test changes a new colleague's permissions and the
// colleague's next page follows them; a failed log-in made here shows in the log-in history and its CSV; an invitation
// to another customer is sent.
const UNIT = "Northwind Facilities";
const unique = (label: string, project: string) =>
  `${label}.${project}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}`;

test("admin changes a user's permissions and that user's next page reflects them", async ({
  page,
  browser,
  logInAs,
}, testInfo) => {
  test.slow();
  const { email } = await newColleague(UNIT, unique("perm", testInfo.project.name), [
    "canViewFullCatalogue",
    "viewOrderHistory",
  ]);
  // the colleague, in a browser of their own: the order history opens, reporting does not
  const theirs = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const colleague = await theirs.newPage();
  await logInByCookie(theirs, { email }, UNIT);
  await colleague.goto("/order-history");
  await expect(colleague.getByRole("heading", { name: "Order history", level: 1 })).toBeVisible();

  await logInAs("admin");
  await page.goto(`/admin/user?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: new RegExp(`^Test perm`) }).click();
  await expect(page.getByRole("heading", { name: /^Test perm/, level: 1 })).toBeVisible();
  const unit = page.getByRole("form", { name: UNIT });
  await expect(unit.getByLabel("See the order history")).toBeChecked();
  await unit.getByLabel("See the order history").uncheck();
  await unit.getByLabel("See reports").check();
  await unit.getByRole("button", { name: `Save ${UNIT}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Saved: ${UNIT}`);
  await expect(page.getByRole("form", { name: UNIT }).getByLabel("See reports")).toBeChecked();
  await expect(page.getByRole("form", { name: UNIT }).getByLabel("See the order history")).not.toBeChecked();
  // the audit names the change in words
  await expect(
    page.getByRole("region", { name: "Audit" }).getByText("Taken away: See the order history").first(),
  ).toBeVisible();

  // the colleague's next pages follow, without logging in again (the portal keeps a session answer up to 5 s)
  await expect(async () => {
    await colleague.goto("/order-history");
    await expect(colleague).toHaveURL("/", { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await colleague.goto("/reporting");
  await expect(colleague.getByRole("heading", { name: "Reporting", level: 1 })).toBeVisible();
  await theirs.close();
});

test("admin deactivates a user, whose session ends, then reactivates them and sends a password reset", async ({
  page,
  browser,
  logInAs,
}, testInfo) => {
  test.slow();
  const label = unique("deact", testInfo.project.name);
  const { email } = await newColleague(UNIT, label);
  const theirs = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const colleague = await theirs.newPage();
  await logInByCookie(theirs, { email }, UNIT);
  await colleague.goto("/order-history");
  await expect(colleague.getByRole("heading", { name: "Order history", level: 1 })).toBeVisible();

  await logInAs("admin");
  await page.goto(`/admin/user?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: `Test ${label}` }).click();
  await page.getByRole("button", { name: "Deactivate" }).click();
  await expect(page.getByRole("status")).toHaveText(`Test ${label} is deactivated: their sessions have ended`);
  await expect(page.getByRole("button", { name: "Send a password reset" })).toBeDisabled();
  // their session has ended: the next page that asks the provider sends them to log in
  await expect(async () => {
    await colleague.goto("/order-history");
    await expect(colleague).toHaveURL(/\/login/, { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await theirs.close();

  await page.getByRole("button", { name: "Reactivate" }).click();
  await expect(page.getByRole("status")).toHaveText(`Test ${label} is active again`);
  await page.getByRole("button", { name: "Send a password reset" }).click();
  await expect(page.getByRole("status")).toHaveText(`A password reset link was sent to ${email}`);
  expect((await latestEmail(email, "reset")).body).toContain("/customer/reset-password/");
  // the audit names both changes
  await expect(page.getByRole("region", { name: "Audit" }).getByText("Active: Yes → No")).toBeVisible();
});

test("the log-in history shows a failed attempt made here, and its CSV downloads and parses", async ({
  page,
  browser,
  logInAs,
}, testInfo) => {
  const ghost = `${unique("ghost", testInfo.project.name)}@nowhere.example`;
  // a log-in with an address nobody has, through the log-in form of a browser of its own
  const stranger = await browser.newContext({ javaScriptEnabled: testInfo.project.use.javaScriptEnabled });
  const login = await stranger.newPage();
  await login.goto("/login");
  await login.getByLabel("Email").fill(ghost);
  await login.getByLabel("Password").fill("not-a-password-1");
  await login.getByRole("button", { name: "Log in" }).click();
  await expect(login.getByRole("alert")).toHaveText(
    "The email or password is not right. Please check them and try again.",
  );
  await stranger.close();

  await logInAs("admin");
  await page.goto("/admin/login-history");
  await page.getByLabel("E-mail contains").fill(ghost);
  await page.getByLabel("Outcome").selectOption({ label: "Failed" });
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/outcome=failure/);
  const rows = page.getByRole("region", { name: "Log-in attempts" }).getByRole("row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(ghost);
  await expect(rows.nth(1)).toContainText("Failed");
  await expect(rows.nth(1)).toContainText("unknown e-mail");
  await expect(page.getByText("Page 1 of 1 (1 attempt)")).toBeVisible();

  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^login-history_email-ghost\..+_failure_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = parseCsv(await readFile((await download.path())!, "utf8"));
  expect(csv[0]).toEqual(["Time (UTC)", "E-mail tried", "User", "Outcome", "Reason", "Address", "User agent"]);
  expect(csv).toHaveLength(2);
  expect(csv[1].slice(1, 5)).toEqual([ghost.toLowerCase(), "", "Failed", "unknown e-mail"]);
  // the user agent the provider saw: today the portal's own (its log-in call does not pass the browser's on)
  expect(csv[1][6]).not.toBe("");
});

test("a bad date in the log-in history's filters is shown under its field", async ({ page, logInAs }) => {
  await logInAs("admin");
  const response = await page.goto("/admin/login-history?from=31.02.26");
  expect(response?.status()).toBe(400);
  await expect(page.locator("#filter-from-error")).toHaveText("From: enter a date as dd.mm.yy, for example 31.03.26");
});

test("admin invites a user to another customer with chosen permissions", async ({ page, logInAs }, testInfo) => {
  const email = `${unique("admin-invited", testInfo.project.name)}@harbour.example`;
  await logInAs("admin");
  await page.goto("/admin/invitation");
  // zod's field errors first: nothing chosen, nothing typed
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.locator("#customerId-error")).toHaveText("Choose a customer");
  await expect(page.locator("#email-error")).toHaveText("Enter the email address");

  await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Harbour Health Trust" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Ivo");
  await page.getByLabel("Last name").fill("Invited");
  await page.getByLabel("See reports").check();
  await page.getByLabel("Their orders need approval").check();
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(`Invitation sent to ${email} for Harbour Health Trust`);
  expect((await latestEmail(email, "invitation")).body).toContain("/customer/invitation");

  // the same address again: the provider's refusal under the e-mail
  await page.getByLabel("Customer", { exact: true }).selectOption({ label: "Harbour Health Trust" });
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("First name").fill("Ivo");
  await page.getByLabel("Last name").fill("Invited");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.locator("#email-error")).toBeVisible();
});

test("the admin people and orders screens: no serious axe violations, nothing sideways at 1280 or 390 px", async ({
  page,
  logInAs,
}, testInfo) => {
  // axe runs inside the page: the JS project only (the markup is the same without JavaScript)
  test.skip(!testInfo.project.use.javaScriptEnabled, "axe needs JavaScript");
  test.setTimeout(120_000);
  await logInAs("admin");
  const problems = async () => {
    const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
    return {
      violations: violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
      overflow: await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    };
  };
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/login-history?from=31.02.26");
    await expect(page.locator("#filter-from-error")).toBeVisible();
    expect(await problems()).toEqual({ violations: [], overflow: 0 });
    await page.goto("/admin/user?q=requester");
    await page.getByRole("region", { name: "Users" }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { name: "Business units" })).toBeVisible();
    expect(await problems()).toEqual({ violations: [], overflow: 0 });
    await page.goto("/admin/invitation");
    expect(await problems()).toEqual({ violations: [], overflow: 0 });
    await page.goto("/admin/orders");
    await page.getByRole("region", { name: "Orders of every customer" }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { name: "Lines" })).toBeVisible();
    expect(await problems()).toEqual({ violations: [], overflow: 0 });
  }
});
