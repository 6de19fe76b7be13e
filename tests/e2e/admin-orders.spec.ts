import { expect, providerCall, providerToken, DEMO, test } from "./fixtures";

// /admin/orders (issue 20 item 7, decision 130), in both projects, reading only: admin@demo.test finds a seeded order
// by its number among every customer's orders and opens its detail (customer, placed by, lines, totals); an unknown
// order is the 404 page.
type AdminOrder = { internalId: string; tranId: string; customer: { id: string; name: string } };

test("orders search finds an order by number and its detail opens", async ({ page, logInAs }) => {
  // an order from the seed, as the provider lists it for staff
  const token = await providerToken(DEMO.admin);
  const { data } = await providerCall<{ data: AdminOrder[] }>("/admin/order?$limit=1", { token });
  const order = data[0];
  expect(order, "the seed has orders").toBeTruthy();

  await logInAs("admin");
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Orders (all customers)", level: 1 })).toBeVisible();
  await page.getByLabel("Order number contains").fill(order.tranId);
  await page.getByLabel("Customer", { exact: true }).selectOption({ label: order.customer.name });
  await page.getByRole("button", { name: "Search orders" }).click();
  await expect(page).toHaveURL(new RegExp(`tranId=${order.tranId}`));
  const table = page.getByRole("region", { name: "Orders of every customer" });
  const row = table.getByRole("row", { name: new RegExp(order.tranId) }).first();
  await expect(row).toContainText(order.customer.name);
  await row.getByRole("link", { name: order.tranId, exact: true }).click();

  await expect(page).toHaveURL(`/admin/orders/${order.internalId}`);
  await expect(page.getByRole("heading", { name: `Order ${order.tranId}`, level: 1 })).toBeVisible();
  const facts = page.getByRole("definition").filter({ hasText: order.customer.name });
  await expect(facts.first()).toBeVisible();
  await expect(page.getByRole("term").filter({ hasText: "Placed by" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Lines" })).toBeVisible();
  await expect(page.getByText("Total", { exact: true }).first()).toBeVisible();
});

test("a bad status in the orders search is shown under its field, and an unknown order is the 404 page", async ({
  page,
  logInAs,
}) => {
  await logInAs("admin");
  const response = await page.goto("/admin/orders?status=Shipped");
  expect(response?.status()).toBe(400);
  await expect(page.locator("#filter-status-error")).toHaveText("Choose a status from the list");
  const missing = await page.goto("/admin/orders/999999999");
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
});

test("a user who is not staff is sent home from the orders of every customer", async ({ page, logInAs }) => {
  await logInAs("buyer");
  await page.goto("/admin/orders");
  await expect(page).toHaveURL("/");
});
