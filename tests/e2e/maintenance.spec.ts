import { expect, providerCli, test } from "./fixtures";

// Runs alone (its own Playwright projects), because it switches the whole portal off.
test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  await providerCli("maintenance", "off");
});

test("maintenance sends everyone to the maintenance page, and the bypass key lets staff through", async ({
  page,
  logInAs,
}) => {
  const output = await providerCli("maintenance", "on");
  const token = output.match(/bypass token:\s*(\S+)/i)?.[1];
  expect(token, `the CLI prints the bypass token (it printed: ${output})`).toBeTruthy();

  await page.goto("/login");
  await expect(page).toHaveURL("/maintenance");
  await expect(page.getByRole("heading", { name: "We are carrying out maintenance" })).toBeVisible();

  await logInAs("requester");
  await page.goto("/dashboard");
  await expect(page).toHaveURL("/maintenance");

  await page.goto(`/dashboard?${token}`);
  await expect(page).toHaveURL("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
  // remembered for the rest of the browser session
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");

  await providerCli("maintenance", "off");
  await page.goto("/maintenance");
  await expect(page).toHaveURL("/");
});

test("an admin switches maintenance on from the admin area with a message, keeps working, and switches it off", async ({
  page,
  browser,
  logInAs,
}, testInfo) => {
  const message = `Back at noon: the ERP is being upgraded (${testInfo.project.name}).`;
  await logInAs("admin");
  await page.goto("/admin/maintenance");
  await expect(page.getByText("Maintenance is off: the portal is open.")).toBeVisible();
  // nothing sideways on a phone
  await page.setViewportSize({ width: 390, height: 900 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  await page.getByLabel("Message users see").fill(message);
  await page.getByRole("button", { name: "Switch maintenance on" }).click();
  // the admin stays on the screen (the bypass is remembered for this browser)
  await expect(page).toHaveURL("/admin/maintenance");
  await expect(
    page.getByText("Maintenance is on: everyone without the bypass link sees the maintenance page."),
  ).toBeVisible();
  const link = page.getByRole("link", { name: /\?bypass=/ });
  const bypass = new URL((await link.getAttribute("href")) ?? "");
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);

  // a visitor in another browser sees the message; the bypass link lets them through
  const other = await browser.newContext({
    baseURL: testInfo.project.use.baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
  });
  const visitor = await other.newPage();
  await visitor.goto("/login");
  await expect(visitor).toHaveURL("/maintenance");
  await expect(visitor.getByText(message)).toBeVisible();
  await visitor.goto(bypass.pathname + bypass.search);
  await expect(visitor).toHaveURL(/\/login/);

  await page.getByRole("button", { name: "Switch maintenance off" }).click();
  await expect(page.getByText("Maintenance is off: the portal is open.")).toBeVisible();
  await expect(page.getByLabel("Message users see")).toHaveValue(message);
  const fresh = await other.newPage();
  await other.clearCookies();
  await fresh.goto("/maintenance");
  await expect(fresh).toHaveURL(/\/login/);
  await other.close();
});
