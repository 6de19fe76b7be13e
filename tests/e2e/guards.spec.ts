import { expect, test } from "./fixtures";

test.describe("permission redirects", () => {
  test("a browse-only user cannot open the basket", async ({ page, logInAs }) => {
    await logInAs("browse");
    await page.goto("/basket");
    await expect(page).toHaveURL("/");
  });

  test("a customer user cannot open the admin area", async ({ page, logInAs }) => {
    await logInAs("requester");
    await page.goto("/admin/orders");
    await expect(page).toHaveURL("/");
  });

  test("a user without order approval cannot open approvals", async ({ page, logInAs }) => {
    await logInAs("requester");
    await page.goto("/order-to-approve");
    await expect(page).toHaveURL("/");
  });

  test("a wearer-pack-only user cannot open the full catalogue", async ({ page, logInAs }) => {
    await logInAs("manpack");
    await page.goto("/categories/full");
    await expect(page).toHaveURL("/");
  });
});

test.describe("layout", () => {
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

  test("a form posted from another site is refused", async ({ page, logInAs, baseURL }) => {
    await logInAs("requester");
    const response = await page.request.post(`${baseURL}/logout`, { headers: { Origin: "https://evil.example" } });
    expect(response.status()).toBe(403);
    expect(await response.text()).toContain("The request came from another site.");
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
  });
});
