import { seriousViolations } from "./catalogue-helpers";
import { expect, newColleague, providerCall, providerToken, test } from "./fixtures";

// axe scans (JS project only, as the other scans) of the basket, checkout, saved basket and confirmation pages, for a
// new colleague in Northwind Facilities (cards offered) whose basket no other test touches.
const UNIT = "Northwind Facilities";
type Item = { internalId: string; displayName: string; price: number | null; minimumSaleQuantity: number; quantityStep: number; simples?: Item[] };

test("accessibility (axe): basket, checkout, saved basket and order confirmation", async ({ page, logInAs }) => {
  const user = await newColleague(UNIT, "axe-basket");
  const token = await providerToken(user.email);
  const session = await providerCall<{ customers: Array<{ name: string; contactId: string }> }>("/session", { token });
  await providerCall("/select-customer", { method: "POST", token, body: JSON.stringify({ contactId: session.customers.find((c) => c.name === UNIT)!.contactId }) });
  const list = await providerCall<{ data: Item[] }>("/item?includeChildren=true&$limit=40", { token });
  const item = list.data.flatMap((i) => (i.simples?.length ? i.simples : [i])).find((i) => i.price !== null && i.minimumSaleQuantity <= 2 && 2 % i.quantityStep === 0)!;
  await providerCall("/basket-session", { method: "PATCH", token, body: JSON.stringify({ stock: [{ productId: item.internalId, qty: 2, name: item.displayName, price: item.price }] }) });
  await logInAs(user, UNIT);

  await page.goto("/basket");
  await expect(page.getByRole("heading", { name: "Basket", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/saved-baskets");
  await page.getByLabel("Basket name").fill("Axe check");
  await page.getByRole("button", { name: "Save basket" }).click();
  await page.getByRole("link", { name: "Axe check" }).click();
  await expect(page.getByRole("heading", { name: "Axe check", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
