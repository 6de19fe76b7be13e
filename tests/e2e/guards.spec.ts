import { expect, test } from "./fixtures";

// The redirect table itself (who is sent to / from which screen) is app/routes/guard-redirects.test.ts and
// app/auth/require-user.server.test.ts: server answers, which a browser adds nothing to (issue 31).

test.describe("a user sent away is told why (issue 14 item 7)", () => {
  test("the basket, for a browse-only user", async ({ page, logInAs }) => {
    await logInAs("browse");
    await page.goto("/basket");
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("alert")).toHaveText("Your account cannot open the basket.");
    // told once: the next page carries no toast
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("a client-side navigation is told too (JavaScript on)", async ({ page, logInAs }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "a client-side navigation needs JavaScript");
    await logInAs("requester");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
    // no link leads there any more (the header and sidebar offer only what the user may open): navigate as a link would
    await page.waitForFunction(() => "__remixRouter" in window);
    await page.evaluate(() =>
      (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(
        "/order-to-approve",
      ),
    );
    await expect(page.getByRole("alert")).toHaveText("Your account cannot open order approval.");
    await expect(page).toHaveURL("/");
  });
});

test.describe("layout", () => {
  test("a browse-only user sees no basket link in the header or the sidebar", async ({ page, logInAs }) => {
    await logInAs("browse");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
    await expect(page.getByRole("banner").getByRole("link", { name: /Basket/ })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Basket" })).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  });

  test("the basket and the checkout have the sidebar, header and footer of every other page", async ({
    page,
    logInAs,
  }) => {
    await logInAs("requester");
    for (const path of ["/basket", "/checkout"]) {
      await page.goto(path);
      await expect(
        page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" }),
      ).toBeVisible();
      await expect(page.getByRole("banner").getByRole("link", { name: /Basket/ })).toBeVisible();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    }
  });

  test("at 390 px the sidebar folds behind a Menu toggle, and nothing scrolls sideways", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.setViewportSize({ width: 390, height: 800 });
    for (const path of ["/", "/basket"]) {
      await page.goto(path);
      const nav = page.getByRole("navigation", { name: "Main" });
      await expect(nav).toBeHidden();
      await page.getByText("Menu", { exact: true }).click();
      await expect(nav.getByRole("link", { name: "Dashboard" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });

  test("the business-unit select shows the unit's name in a readable colour", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/dashboard");
    const select = page.getByLabel("Business unit");
    await expect(select).toHaveValue(/.+/);
    const colours = await select.evaluate((el) => {
      const style = getComputedStyle(el);
      return { text: style.color, background: style.backgroundColor };
    });
    expect(colours.text).not.toBe(colours.background);
    expect(colours.text).toBe("rgb(20, 33, 61)");
  });

  test("the header names the user, the business unit and the basket", async ({ page, logInAs }) => {
    await logInAs("requester");
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByText("Northwind Facilities")).toBeVisible();
    await expect(header.getByRole("link", { name: /Basket/ })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  });

  test("an approver sees the pending-approval count", async ({ page, logInAs }) => {
    await logInAs("approver");
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: /Approvals \d+/ })).toBeVisible();
  });

  test("the business-unit switcher changes the unit for the whole session", async ({ page, logInAs }) => {
    await logInAs("buyer", "Northwind Facilities");
    await page.goto("/dashboard");
    await page.getByLabel("Business unit").selectOption({ label: "Harbour Health Trust" });
    await page.getByRole("button", { name: "Switch" }).click();
    await expect(page.getByText(/You are logged in as .* for Harbour Health Trust/)).toBeVisible();
    await page.reload();
    await expect(page.getByText(/You are logged in as .* for Harbour Health Trust/)).toBeVisible();
  });

  test("a dismissed banner stays dismissed", async ({ page, logInAs }) => {
    await logInAs("requester");
    await page.goto("/");
    const banner = page.getByRole("complementary", { name: "Notice" });
    await expect(banner).toBeVisible();
    // with JS the banner goes at once, before the server has answered: wait for the answer before reloading
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname.startsWith("/dismiss-banner"));
    await banner.getByRole("button", { name: /Dismiss/ }).click();
    await answered;
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole("complementary", { name: "Notice" })).toBeHidden();
  });

  test("an unknown address shows the 404 page", async ({ page, logInAs }) => {
    await logInAs("requester");
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("a form posted from another site is refused", async ({ page, logInAs, baseURL }, testInfo) => {
    // an HTTP request and its answer: JavaScript in the page changes nothing, so one project proves it
    test.skip(testInfo.project.name !== "js", "the same request in both projects");
    await logInAs("requester");
    const response = await page.request.post(`${baseURL}/logout`, { headers: { Origin: "https://evil.example" } });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("The request came from another site.");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
  });
});
