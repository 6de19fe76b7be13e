import { expect, test } from "./fixtures";

// Issue 14 item 3 (decision 088): the dashboard shows what needs the user, not a copy of the sidebar or a list of
// colleagues: orders to approve, recent orders, quick order, news and the banners.

test.describe("dashboard", () => {
  test("an approver sees the orders waiting for them, each linking to its approval page", async ({ page, logInAs }) => {
    await logInAs("approver");
    await page.goto("/");
    const panel = page.getByRole("region", { name: "Orders to approve" });
    await expect(panel.getByText(/orders? (is|are) waiting for your approval\./)).toBeVisible();
    const first = panel.getByRole("listitem").first().getByRole("link");
    await expect(first).toHaveAttribute("href", /^\/order-to-approve\/\d+$/);
    await first.click();
    await expect(page).toHaveURL(/\/order-to-approve\/\d+$/);
  });

  test("recent orders link to the order; no quick-link buttons, no colleagues", async ({ page, logInAs }) => {
    await logInAs("requester");
    await page.goto("/dashboard");
    const panel = page.getByRole("region", { name: "Recent orders" });
    await expect(panel.getByRole("link", { name: /^All orders/ })).toHaveAttribute("href", "/order-history");
    const first = panel.getByRole("listitem").first().getByRole("link");
    await expect(first).toHaveAttribute("href", /^\/order-history\/\d+$/);
    await expect(page.getByRole("navigation", { name: "Quick links" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Contacts" })).toHaveCount(0);
    await expect(page.getByRole("region", { name: "News" })).toBeVisible();
    await first.click();
    await expect(page).toHaveURL(/\/order-history\/\d+$/);
  });

  test("a buyer without approval sees no approval panel", async ({ page, logInAs }) => {
    await logInAs("requester");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
    await expect(page.getByRole("region", { name: "Orders to approve" })).toHaveCount(0);
  });

  test("quick order from the dashboard goes to the quick-order page with its report", async ({ page, logInAs }) => {
    await logInAs("requester");
    await page.goto("/");
    const panel = page.getByRole("region", { name: "Quick order" });
    // a code no product has: the report says so, and no basket changes under the other specs
    await panel.getByLabel("Product code and quantity").fill("NO-SUCH-CODE-DASH, 1");
    await panel.getByRole("button", { name: "Add to basket" }).click();
    await expect(page).toHaveURL("/quick-order");
    await expect(page.getByRole("heading", { level: 1, name: "Quick order" })).toBeVisible();
    await expect(page.getByText("Not added: No product has the code NO-SUCH-CODE-DASH.")).toBeVisible();
  });

  test("a browse-only user has no quick order", async ({ page, logInAs }) => {
    await logInAs("browse");
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("Welcome");
    await expect(page.getByRole("region", { name: "Quick order" })).toHaveCount(0);
  });
});
