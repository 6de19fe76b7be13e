import { orderableVariants, placeOrder, putBasket, tokenIn, basketQuantities } from "./basket-helpers";
import { expect, newColleague, providerCall, test } from "./fixtures";

// A saved basket's own page (JS on and off): change a line's quantity, add a product by its code, remove a line,
// load it into the basket and check it out, after which the list says it was ordered (SPEC §4 checked_out 0 → 1).
// A new colleague per test, so no other spec shares the basket.
const UNIT = "Northwind Facilities";

test("a saved basket: change a quantity, add by code, remove a line, load it and order it", async ({
  page,
  logInAs,
}, testInfo) => {
  const user = await newColleague(UNIT, `saved-${testInfo.project.name}`);
  const token = await tokenIn(user, UNIT);
  const plain = (await orderableVariants(token)).filter(
    (item) => item.minimumSaleQuantity === 1 && item.quantityStep === 1,
  );
  const [first, second] = [plain[0], plain.find((item) => item.internalId !== plain[0].internalId)!];
  await putBasket(token, [{ item: first, qty: 2 }]);
  await logInAs(user, UNIT);
  const name = `Site kit ${testInfo.project.name}`;

  await page.goto("/saved-baskets");
  await page.getByLabel("Basket name").fill(name);
  await page.getByRole("button", { name: "Save basket" }).click();
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  const saved = page.url().match(/\/saved-baskets\/(\d+)$/)?.[1];
  expect(saved).toBeTruthy();
  const savedLines = async () =>
    Object.fromEntries(
      (
        await providerCall<{ itemsArray: Array<{ internalId: string; qty: number }> }>(`/saved-basket/${saved}`, {
          token,
        })
      ).itemsArray.map((l) => [l.internalId, l.qty]),
    );

  // a new quantity for the line
  await page.getByRole("spinbutton", { name: `Quantity of ${first.displayName}`, exact: true }).fill("5");
  await page.getByRole("button", { name: `Update the quantity of ${first.displayName}` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved basket updated" })).toBeVisible();
  await expect(page.getByRole("spinbutton", { name: `Quantity of ${first.displayName}`, exact: true })).toHaveValue(
    "5",
  );
  expect(await savedLines()).toEqual({ [first.internalId]: 5 });

  // a product by its code, then the first line removed
  await page.getByLabel("Add a product by its code").fill(second.itemId.toLowerCase());
  await page.getByRole("button", { name: "Add to saved basket" }).click();
  await expect(page.getByRole("row").filter({ hasText: second.displayName })).toBeVisible();
  await page.getByRole("button", { name: `Remove ${first.displayName}` }).click();
  await expect(page.getByRole("row").filter({ hasText: first.displayName })).toHaveCount(0);
  expect(await savedLines()).toEqual({ [second.internalId]: 1 });

  // an unknown code is refused with its reason, nothing changed
  await page.getByLabel("Add a product by its code").fill("NO-SUCH-CODE-E2E");
  await page.getByRole("button", { name: "Add to saved basket" }).click();
  await expect(page.getByRole("alert")).toHaveText("No product has the code NO-SUCH-CODE-E2E.");
  expect(await savedLines()).toEqual({ [second.internalId]: 1 });

  // load it (replacing the basket) and order it: the list then says it was ordered
  await page.getByRole("button", { name: "Load into my basket" }).click();
  await expect(page.getByRole("heading", { name: "Basket", level: 1 })).toBeVisible();
  expect(await basketQuantities(token)).toEqual({ [second.internalId]: 1 });
  await placeOrder(page, `SAVED-${testInfo.project.name}-${Date.now()}`);
  await page.goto("/saved-baskets");
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Ordered");
});
