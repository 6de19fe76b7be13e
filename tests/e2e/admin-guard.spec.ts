import { E2E_PROVIDER_PORT } from "../../playwright.config";
import { DEMO, expect, PASSWORD, test } from "./fixtures";

// Issue 20 "Done when": browse@demo.test is sent to / from every admin route (SPEC §2's twelve, both projects) and
// gets 403 from every admin API call of the provider's contract (C20), its own token from POST /api/authentication.
const ADMIN_PATHS = [
  "/admin/active-users",
  "/admin/invitation",
  "/admin/my-catalogue",
  "/admin/netsuite-pull",
  "/admin/orders",
  "/admin/promo",
  "/admin/sync-status",
  "/admin/view-as",
  "/admin/user/1",
  "/admin/category-manager",
  "/admin/manage-admin-users",
  "/admin/login-history",
];

test("browse@demo.test is sent to / from every admin route, and sees no Admin links", async ({ page, logInAs }) => {
  await logInAs("browse");
  for (const path of ADMIN_PATHS) {
    await page.goto(path);
    await expect(page, path).toHaveURL("/");
  }
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

const PROVIDER = `http://127.0.0.1:${E2E_PROVIDER_PORT}/api`;
const CALLS: Array<[method: "GET" | "POST" | "PATCH" | "DELETE", path: string, body?: object]> = [
  ["GET", "/admin/active-session"],
  ["DELETE", "/admin/active-session/1"],
  ["GET", "/admin/login-attempt"],
  ["GET", "/admin/user"],
  ["GET", "/admin/user/1"],
  ["PATCH", "/admin/user/1", { isActive: false }],
  ["PATCH", "/admin/user-unit/1", { isApprover: true }],
  ["POST", "/admin/password-reset", { userId: "1" }],
  ["POST", "/admin/invitation", { customerId: "1001", email: "x@example.test", firstName: "X", lastName: "Y" }],
  ["GET", "/admin/admin-user"],
  ["POST", "/admin/admin-user", { userId: "1" }],
  ["DELETE", "/admin/admin-user/1"],
  ["GET", "/admin/customer"],
  ["GET", "/admin/customer/1001"],
  ["GET", "/admin/view-as"],
  ["POST", "/admin/view-as", { customerId: "1001", userId: "1" }],
  ["DELETE", "/admin/view-as/1"],
  ["GET", "/admin/order"],
  ["GET", "/admin/order/1"],
  ["GET", "/admin/audit"],
];

test("browse@demo.test gets 403 from every admin API call", async ({ request }) => {
  const login = await request.post(`${PROVIDER}/authentication`, {
    data: { strategy: "local", email: DEMO.browse, password: PASSWORD },
  });
  expect(login.status()).toBe(201);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const answers: string[] = [];
  for (const [method, path, body] of CALLS) {
    const response = await request.fetch(`${PROVIDER}${path}`, {
      method,
      headers: { Authorization: `Bearer ${accessToken}` },
      data: body,
    });
    const answer = (await response.json().catch(() => ({}))) as { message?: string };
    answers.push(`${method} ${path} → ${response.status()} ${answer.message ?? ""}`);
  }
  expect(answers).toEqual(
    CALLS.map(([method, path]) => `${method} ${path} → 403 Only provider staff may use the admin area`),
  );
});
