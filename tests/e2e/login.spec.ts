import { DEMO, expect, PASSWORD, test, type DemoUser } from "./fixtures";

async function logInWithForm(page: import("@playwright/test").Page, who: DemoUser, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(DEMO[who]);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Log in" }).click();
}

test.describe("logging in as each demo account", () => {
  // what each account's sidebar offers when they land on the dashboard (by the same permissions as the screens)
  const landings: Array<[DemoUser, { has: string[]; lacks: string[] }]> = [
    ["requester", { has: ["Full catalogue", "Order history"], lacks: ["Orders to approve"] }],
    ["approver", { has: ["Orders to approve", "Order history"], lacks: [] }],
    ["manpack", { has: ["Order history"], lacks: ["Full catalogue"] }],
    ["browse", { has: ["Full catalogue"], lacks: ["Basket", "Order history"] }],
  ];
  for (const [who, links] of landings) {
    test(`${who} lands on the dashboard with the links their permissions give`, async ({ page }) => {
      await logInWithForm(page, who);
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
      const quick = page.getByRole("navigation", { name: "Main" });
      for (const name of links.has) await expect(quick.getByRole("link", { name, exact: true })).toBeVisible();
      for (const name of links.lacks) await expect(quick.getByRole("link", { name, exact: true })).toHaveCount(0);
    });
  }

  test("buyer chooses a business unit first, then lands where they were heading", async ({ page }) => {
    await logInWithForm(page, "buyer", "/login?redirect=%2Fdashboard");
    await expect(page).toHaveURL(/\/select-your-customer\?redirect=%2Fdashboard/);
    await expect(page.getByRole("heading", { name: "Choose a business unit" })).toBeVisible();
    await page.getByRole("button", { name: "Harbour Health Trust" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expect(page.getByText(/You are logged in as .* for Harbour Health Trust/)).toBeVisible();
    await expect(page.getByRole("status")).toHaveText("You are now ordering for Harbour Health Trust.");
  });

  test("punchout lands on the punchout-only page", async ({ page }) => {
    await logInWithForm(page, "punchout");
    await expect(page).toHaveURL("/punchout-only");
    await expect(page.getByRole("heading", { name: "Please order through your procurement system" })).toBeVisible();
    await page.goto("/dashboard");
    await expect(page).toHaveURL("/punchout-only");
  });

  test("admin (provider staff) chooses which customer to work in", async ({ page }) => {
    await logInWithForm(page, "admin");
    await expect(page).toHaveURL(/\/select-your-customer/);
    await page.getByRole("button", { name: "Apex Rail Services" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
    await expect(page.getByText(/You are logged in as admin@demo\.test for Apex Rail Services/)).toBeVisible();
  });
});

test.describe("the login form", () => {
  test("a wrong password shows a message and no session", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO.buyer);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "The email or password is not right. Please check them and try again.",
    );
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  });

  test("empty fields are named inline", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page.getByText("Enter your email address")).toBeVisible();
    await expect(page.getByText("Enter your password")).toBeVisible();
  });

  test("a redirect to another site is ignored", async ({ page }) => {
    await logInWithForm(page, "requester", "/login?redirect=%2F%2Fevil.example%2Fphish");
    await expect(page).toHaveURL("/");
  });

  test("an unauthenticated visit is sent to log in and comes back afterwards", async ({ page }) => {
    await page.goto("/dashboard?from=bookmark");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard%3Ffrom%3Dbookmark/);
    await page.getByLabel("Email").fill(DEMO.requester);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in" }).click();
    await expect(page).toHaveURL("/dashboard?from=bookmark");
  });

  test("logging out ends the session at the provider too", async ({ page, logInAs }) => {
    await logInAs("requester");
    await page.goto("/dashboard");
    const cookie = (await page.context().cookies()).find((c) => c.name === "__portal_session");
    expect(cookie).toBeDefined();
    await page.getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL("/login");
    // the old cookie, replayed, no longer opens the portal: the provider revoked its token
    await page.context().addCookies([cookie!]);
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fdashboard/);
  });
});
