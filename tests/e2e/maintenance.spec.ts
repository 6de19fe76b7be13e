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
