import type { Page, TestInfo } from "@playwright/test";
import { PRICE_HIDDEN_TEXT } from "../../app/domain/prices";
import { basketQuantities, emptyBasket, tokenIn } from "./basket-helpers";
import { expect, providerCall, test } from "./fixtures";

// Hidden prices (SPEC §6 pricingHidden, decisions 058 and 059), as the demo user prices-hidden@demo.test sees them:
// 'Price on application' on the listing, the product page, the basket, checkout and order history, never an amount
// or £0.00; the basket is still filled and ordered on account, and no card is offered. Only this spec uses that user;
// the two projects run side by side, each in its own business unit (Northwind offers cards, Harbour does not), so
// they never share a basket.
const USER = { email: "prices-hidden@demo.test" };
const unitFor = (testInfo: TestInfo) =>
  testInfo.project.name === "no-js" ? "Harbour Health Trust" : "Northwind Facilities";

type Item = {
  internalId: string;
  displayName: string;
  itemId: string;
  slug: string | null;
  price: number | null;
  matrixType: string | null;
  quantityStep: number;
  minimumSaleQuantity: number;
  options: Record<string, string | null> | null;
  simples?: Item[];
};

/** A variant of a matrix product the user may order one of, with its parent, as the provider sends them to this user. */
async function variantToOrder(token: string): Promise<{ parent: Item; variant: Item }> {
  const { data } = await providerCall<{ data: Item[] }>("/item?includeChildren=true&$limit=40", { token });
  for (const parent of data) {
    const variant = parent.simples?.find((v) => v.quantityStep === 1 && v.minimumSaleQuantity === 1);
    if (parent.matrixType === "parent" && parent.slug && variant) return { parent, variant };
  }
  throw new Error("no single-unit variant in the demo catalogue");
}

const main = (page: Page) => page.getByRole("main");

test("a user with prices hidden sees 'Price on application' everywhere and orders on account", async ({
  page,
  logInAs,
}, testInfo) => {
  const unit = unitFor(testInfo);
  await logInAs(USER, unit);
  const token = await tokenIn(USER, unit);
  await emptyBasket(token);
  const { parent, variant } = await variantToOrder(token);
  // the provider itself sends this user no prices (decisions 058, 059)
  expect([parent.price, variant.price]).toEqual([null, null]);

  // listing: the product's card words its price so
  await page.goto(`/search?q=${encodeURIComponent(parent.itemId)}`);
  const card = main(page).getByRole("listitem").filter({ hasText: parent.displayName }).first();
  await expect(card).toContainText(PRICE_HIDDEN_TEXT);
  await expect(main(page)).not.toContainText("£");

  // product page: the price is worded so, and the variant is still added to the basket
  const options = Object.entries(variant.options ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
  );
  await page.goto(`/product/${parent.slug}?${new URLSearchParams(options)}`);
  await expect(page.getByRole("heading", { level: 1, name: parent.displayName })).toBeVisible();
  await expect(main(page)).toContainText(PRICE_HIDDEN_TEXT);
  await expect(main(page)).not.toContainText("£");
  await page.getByRole("spinbutton", { name: "Quantity", exact: true }).fill("1");
  await page.getByRole("button", { name: "Add to basket" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Basket, 1 item" })).toBeVisible();
  expect(await basketQuantities(token)).toEqual({ [variant.internalId]: 1 });

  // basket: no unit price, line total or total, and no £0.00
  await page.goto("/basket");
  const row = page
    .getByRole("table", { name: "Products in your stock basket" })
    .getByRole("row")
    .filter({ hasText: variant.displayName });
  await expect(row).toContainText(PRICE_HIDDEN_TEXT);
  await expect(page.locator(".basket-totals")).toContainText(PRICE_HIDDEN_TEXT);
  await expect(main(page)).not.toContainText("£");

  // checkout: the subtotal is worded so, no card is offered, and the order goes on account
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await expect(main(page)).toContainText(`Subtotal ${PRICE_HIDDEN_TEXT}`);
  const payment = page.getByRole("group", { name: "Payment" });
  await expect(payment.getByRole("radio")).toHaveCount(1);
  await expect(payment.getByRole("radio", { name: "On account" })).toBeChecked();
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
  const tranId = (await page.locator("p.lead strong").textContent()) ?? "";
  expect(tranId).toMatch(/^[A-Z]+\d+$/);
  expect(await basketQuantities(token)).toEqual({});
  // the confirmation words the goods amounts so; the delivery charge is the only amount shown (decision 058)
  const totals = page.locator(".basket-totals");
  await expect(totals).toContainText(`Subtotal${PRICE_HIDDEN_TEXT}`);
  await expect(totals).toContainText(`Total${PRICE_HIDDEN_TEXT}`);
  expect(((await totals.textContent()) ?? "").match(/£/g)).toHaveLength(1);

  // order history: the order's total is worded so
  await page.goto("/order-history");
  const order = page.getByRole("row").filter({ hasText: tranId });
  await expect(order).toContainText(PRICE_HIDDEN_TEXT);
});
