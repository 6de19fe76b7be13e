import { expect, test } from "./fixtures";

// Issue 20 "Done when": browse@demo.test is sent to / from every admin route (SPEC §2's twelve: each route's loader,
// app/routes/guard-redirects.test.ts) and gets 403 from every admin API call (server/test/admin-guard.test.ts). Here the
// browser proves one such redirect end to end and what the sidebar offers.

test("browse@demo.test is sent to / from an admin route, and sees no Admin links", async ({ page, logInAs }) => {
  await logInAs("browse");
  await page.goto("/admin/active-users");
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
  await expect(page.getByRole("link", { name: "Active users" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Admin users" })).toHaveCount(0);
});

test("admin@demo.test sees the Admin links in the sidebar", async ({ page, logInAs }) => {
  await logInAs("admin");
  await page.goto("/dashboard");
  for (const label of [
    "Active users",
    "Log-in history",
    "Users",
    "Invite a user",
    "Admin users",
    "View as a user",
    "Orders (all customers)",
  ]) {
    await expect(page.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
});
