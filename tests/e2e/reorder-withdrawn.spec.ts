import { basketQuantities, placeOrder, putBasket, tokenIn, type Variant } from "./basket-helpers";
import { expect, newColleague, providerCall, providerCli, test } from "./fixtures";

// Reordering an order one of whose products has since been withdrawn from the catalogue (by the provider's own
// `item withdraw` command): the rest goes into the basket and a notice names what was dropped (JS on and off).
// Each project withdraws a product of its own, far down the catalogue where no other spec looks.
const UNIT = "Northwind Facilities";

test("reorder drops a withdrawn product with a notice and adds the rest", async ({ page, logInAs }, testInfo) => {
  test.slow(); // a new colleague, an order through checkout and two runs of the provider's CLI: longer than one screen's test
  const user = await newColleague(UNIT, `reorder-${testInfo.project.name}`);
  const token = await tokenIn(user, UNIT);
  // the last products by name (the other specs take the first ones), a different one for each project
  const list = await providerCall<{ data: Variant[] }>("/item?includeChildren=true&$limit=6&$sort[displayName]=-1", {
    token,
  });
  const parent = list.data.filter((item) => (item.simples?.length ?? 0) >= 2 && item.price !== null)[
    testInfo.project.name === "js" ? 0 : 1
  ];
  const variants = (parent.simples ?? []).filter(
    (item) => item.price !== null && item.minimumSaleQuantity === 1 && item.quantityStep === 1,
  );
  expect(variants.length).toBeGreaterThanOrEqual(2);
  const [keep, gone]: Variant[] = variants.map((item) => ({
    ...item,
    displayName: item.displayName ?? parent.displayName,
    parentCode: parent.itemId,
    parentName: parent.displayName,
    parentSlug: parent.slug,
    parentIsMatrix: true,
  }));
  await putBasket(token, [
    { item: keep, qty: 1 },
    { item: gone, qty: 1 },
  ]);
  await logInAs(user, UNIT);
  await placeOrder(page, `REORDER-${testInfo.project.name}-${Date.now()}`);
  const orderPage = await page
    .getByRole("link", { name: "View this order in your order history" })
    .getAttribute("href");

  await providerCli("item", "withdraw", gone.itemId);
  try {
    await page.goto(orderPage!);
    await page.getByRole("button", { name: "Reorder" }).click();
    await expect(page.getByRole("heading", { name: "Basket", level: 1 })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "No longer available, so not added" })).toContainText(
      gone.displayName,
    );
    expect(await basketQuantities(token)).toEqual({ [keep.internalId]: 1 });
  } finally {
    await providerCli("item", "restore", gone.itemId);
  }
});
