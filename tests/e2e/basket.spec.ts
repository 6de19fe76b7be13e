import type { Locator, Page, TestInfo } from "@playwright/test";
import {
  basketOf,
  basketQuantities,
  emptyBasket,
  orderableVariants,
  placeOrder,
  pounds,
  putBasket,
  tokenIn,
  type Variant,
} from "./basket-helpers";
import { expect, providerCall, test, type DemoUser } from "./fixtures";
import { countOf } from "../../app/domain/plural";

// Whose basket. The basket lives upstream per (user, business unit) and the projects and spec files run side by
// side: the buyer's baskets are filled by the checkout, catalogue and order-history specs, and the admin's
// Northwind basket by the punchout approval spec. So this file works in baskets nobody else touches: the provider
// staff account (every buyer permission in every unit) in Harbour Health Trust (js) and Apex Rail Services (no-js).
// Tests in this file run in order in one worker per project (never in parallel: they share that basket), and each
// starts from an empty basket.
test.describe.configure({ mode: "default" });
const OWNER: DemoUser = "admin";
const unitFor = (testInfo: TestInfo) =>
  testInfo.project.name === "no-js" ? "Apex Rail Services" : "Harbour Health Trust";
const jsOn = (testInfo: TestInfo) => testInfo.project.use.javaScriptEnabled !== false;

type Shop = {
  token: string;
  /** Two variants of different products, each orderable one at a time. */
  plain: Variant;
  other: Variant;
  /** A variant sold in tens (minimum 10, step 10). */
  packed: Variant;
};

const shopTest = test.extend<{ shop: Shop }>({
  shop: async ({ logInAs }, use, testInfo) => {
    const unit = unitFor(testInfo);
    await logInAs(OWNER, unit);
    const token = await tokenIn(OWNER, unit);
    await emptyBasket(token);
    const variants = await orderableVariants(token, 100);
    const singles = variants.filter((v) => v.parentIsMatrix && v.quantityStep === 1 && v.minimumSaleQuantity === 1);
    const plain = singles[0];
    const other = singles.find((v) => v.parentCode !== plain?.parentCode);
    const packed = variants.find((v) => v.quantityStep === 10 && v.minimumSaleQuantity === 10);
    if (!plain || !other || !packed) throw new Error("the demo catalogue lacks a single-unit or a packed variant");
    await use({ token, plain, other, packed });
  },
});

/** The product page with the variant's options chosen in the address (decision 060). */
function productPage(item: Variant): string {
  const options = Object.entries(item.options ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "",
  );
  return `/product/${item.parentSlug}?${new URLSearchParams(options)}`;
}

const headerBasket = (page: Page, count: number) =>
  page.getByRole("banner").getByRole("link", { name: `Basket, ${countOf(count, "item")}` });

async function addFromProductPage(page: Page, item: Variant, qty: number) {
  await page.goto(productPage(item));
  await expect(page.getByRole("heading", { level: 1, name: item.parentName })).toBeVisible();
  await page.getByRole("spinbutton", { name: "Quantity", exact: true }).fill(String(qty));
  await page.getByRole("button", { name: "Add to basket" }).click();
}

function basketRow(page: Page, item: Variant): Locator {
  return page
    .getByRole("table", { name: "Products in your stock basket" })
    .getByRole("row")
    .filter({ has: page.getByText(item.displayName, { exact: true }) });
}

const quantityField = (page: Page, item: Variant) =>
  page.getByRole("spinbutton", { name: `Quantity of ${item.displayName}` });

test.describe("basket", () => {
  shopTest(
    "add from a product page: the header count rises, the same product added twice sums",
    async ({ page, shop }) => {
      const { token, plain, other } = shop;
      await addFromProductPage(page, plain, 2);
      // the add answers back on the product page, with the header's count risen
      await expect(headerBasket(page, 2)).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: plain.parentName })).toBeVisible();
      await addFromProductPage(page, plain, 1);
      await expect(headerBasket(page, 3)).toBeVisible();
      await addFromProductPage(page, other, 1);
      await expect(headerBasket(page, 4)).toBeVisible();
      expect(await basketQuantities(token)).toEqual({ [plain.internalId]: 3, [other.internalId]: 1 });

      await page.goto("/basket");
      await expect(page.getByRole("heading", { level: 1, name: "Basket" })).toBeVisible();
      await expect(quantityField(page, plain)).toHaveValue("3");
      await expect(basketRow(page, plain)).toContainText(pounds(plain.price!));
      await expect(basketRow(page, plain)).toContainText(pounds(plain.price! * 3));
      await expect(quantityField(page, other)).toHaveValue("1");
      await expect(page.getByText(pounds(plain.price! * 3 + other.price!), { exact: true })).toBeVisible();
    },
  );

  shopTest("change a line's quantity and remove a line", async ({ page, shop }, testInfo) => {
    const { token, plain, other } = shop;
    await putBasket(token, [
      { item: plain, qty: 3 },
      { item: other, qty: 1 },
    ]);
    await page.goto("/basket");
    await expect(quantityField(page, plain)).toHaveValue("3");

    // a typed quantity: with JavaScript it is sent once typing stops; without, the line's Update button sends it
    await quantityField(page, plain).fill("5");
    if (!jsOn(testInfo)) await basketRow(page, plain).getByRole("button", { name: "Update" }).click();
    await expect.poll(() => basketQuantities(token)).toEqual({ [plain.internalId]: 5, [other.internalId]: 1 });
    await expect(basketRow(page, plain)).toContainText(pounds(plain.price! * 5));
    await expect(headerBasket(page, 6)).toBeVisible();

    // and again: with JavaScript sent at once on leaving the field; without, Enter submits the line's form
    await quantityField(page, other).fill("4");
    await quantityField(page, other).press(jsOn(testInfo) ? "Tab" : "Enter");
    await expect.poll(() => basketQuantities(token)).toEqual({ [plain.internalId]: 5, [other.internalId]: 4 });
    await expect(basketRow(page, other)).toContainText(pounds(other.price! * 4));
    await expect(headerBasket(page, 9)).toBeVisible();

    await basketRow(page, other)
      .getByRole("button", { name: `Remove ${other.displayName}` })
      .click();
    await expect(basketRow(page, other)).toHaveCount(0);
    await expect(headerBasket(page, 5)).toBeVisible();
    expect(await basketQuantities(token)).toEqual({ [plain.internalId]: 5 });

    // after a reload the basket is what the provider keeps
    await page.reload();
    await expect(quantityField(page, plain)).toHaveValue("5");
    await expect(basketRow(page, other)).toHaveCount(0);
  });

  shopTest(
    "a refused add says why on the product page and leaves the basket as it was",
    async ({ page, shop }, testInfo) => {
      const { token, packed } = shop;
      await putBasket(token, [{ item: packed, qty: 90 }]);
      // 10 more is a valid quantity on its own, but the line would go beyond 99 (decision 070: 400, nothing written);
      // the product page keeps the refusal on itself (decision 062)
      await addFromProductPage(page, packed, 10);
      await expect(page.getByRole("alert")).toHaveText(
        `You already have 90 of ${packed.displayName} in your basket; a basket line cannot be more than 99.`,
      );
      await expect(page.getByRole("heading", { level: 1, name: packed.parentName })).toBeVisible();
      expect(await basketQuantities(token)).toEqual({ [packed.internalId]: 90 });
      await page.goto("/basket");
      await expect(quantityField(page, packed)).toHaveValue("90");

      if (jsOn(testInfo)) {
        // with JavaScript the line's own quantity is checked by the server too; the reason shows on the line
        // (without it, the browser's own step check already stops 85 being sent)
        await quantityField(page, packed).fill("85");
        await quantityField(page, packed).press("Tab");
        await expect(basketRow(page, packed).getByText("Quantity must be a multiple of 10")).toBeVisible();
        // the field shows the basket's quantity again, not the refused one
        await expect(quantityField(page, packed)).toHaveValue("90");
        expect(await basketQuantities(token)).toEqual({ [packed.internalId]: 90 });
      }
    },
  );

  shopTest(
    "the basket lists lines whose price changed since they were added and uses today's price",
    async ({ page, shop }) => {
      const { token, plain, other } = shop;
      const held = plain.price! + 1.5;
      await putBasket(token, [
        { item: plain, qty: 2, price: held },
        { item: other, qty: 1 },
      ]);
      await page.goto("/basket");
      const notice = page
        .getByRole("status")
        .filter({ hasText: "Prices have changed since these were added to your basket" });
      await expect(notice).toBeVisible();
      await expect(notice.getByRole("listitem")).toHaveText([
        `${plain.displayName}: was ${pounds(held)}, now ${pounds(plain.price!)}`,
      ]);
      await expect(basketRow(page, plain)).toContainText(pounds(plain.price! * 2));
      await expect(basketRow(page, plain)).not.toContainText(pounds(held));
    },
  );
});

test.describe("saved baskets", () => {
  shopTest(
    "save the basket under a name, load it back into an emptied basket, delete it",
    async ({ page, shop }, testInfo) => {
      const { token, plain, other } = shop;
      await putBasket(token, [
        { item: plain, qty: 2 },
        { item: other, qty: 3 },
      ]);
      const name = `E2E ${testInfo.project.name} ${Date.now()}`;

      await page.goto("/saved-baskets");
      await expect(page.getByRole("heading", { level: 1, name: "Saved baskets" })).toBeVisible();
      await page.getByLabel("Basket name").fill(name);
      await page.getByRole("button", { name: "Save basket" }).click();
      const saved = page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
      await expect(saved).toBeVisible();
      await expect(saved).toContainText("Not ordered");

      // empty the basket from the basket page, then load the saved one back
      await page.goto("/basket");
      for (const item of [plain, other]) {
        await basketRow(page, item)
          .getByRole("button", { name: `Remove ${item.displayName}` })
          .click();
        await expect(basketRow(page, item)).toHaveCount(0);
      }
      await expect(page.getByText("Your stock basket is empty.")).toBeVisible();
      expect(await basketQuantities(token)).toEqual({});

      await page.goto("/saved-baskets");
      await page.getByRole("button", { name: `Load ${name} into the basket` }).click();
      await expect(page).toHaveURL(/\/basket$/);
      await expect(quantityField(page, plain)).toHaveValue("2");
      await expect(quantityField(page, other)).toHaveValue("3");
      expect(await basketQuantities(token)).toEqual({ [plain.internalId]: 2, [other.internalId]: 3 });

      await page.goto("/saved-baskets");
      await page.getByRole("button", { name: `Delete ${name}` }).click();
      await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
      const left = await providerCall<{ data: Array<{ basket_name: string }> }>(
        "/saved-basket?justBaskets=true&$limit=100",
        { token },
      );
      expect(left.data.map((b) => b.basket_name)).not.toContain(name);
      // deleting a saved basket leaves the live basket alone
      expect(await basketQuantities(token)).toEqual({ [plain.internalId]: 2, [other.internalId]: 3 });
    },
  );
});

test.describe("checkout, order history and reorder", () => {
  shopTest(
    "check out on account with the basket's delivery instructions, find the order in history, reorder it",
    async ({ page, shop }, testInfo) => {
      const { token, plain, other } = shop;
      await putBasket(token, [
        { item: plain, qty: 2 },
        { item: other, qty: 1 },
      ]);
      const instructions = `Ring the goods-in bell (${testInfo.project.name})`;
      const reference = `E2E-BASKET-${testInfo.project.name}-${Date.now()}`.toUpperCase();

      // delivery instructions are kept with the basket and offered at checkout
      await page.goto("/basket");
      await page.getByLabel("Delivery instructions").fill(instructions);
      const save = page.getByRole("button", { name: "Save instructions" });
      // without JavaScript the save is a post and a new page: let it load before reloading (CI once reloaded mid-way)
      if (jsOn(testInfo)) await save.click();
      else await Promise.all([page.waitForEvent("load"), save.click()]);
      await expect.poll(async () => (await basketOf(token)).instructions.stock).toBe(instructions);
      await page.reload();
      await expect(page.getByLabel("Delivery instructions")).toHaveValue(instructions);
      await page.getByRole("link", { name: "Go to checkout" }).click();
      await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
      await expect(page.getByLabel("Delivery instructions")).toHaveValue(instructions);

      await placeOrder(page, reference);
      const tranId = (await page.locator("p.lead strong").textContent()) ?? "";
      expect(tranId).toMatch(/^[A-Z]+\d+$/);
      expect(await basketQuantities(token)).toEqual({});

      // the order in history, found by its reference
      await page.goto(`/order-history?q=${encodeURIComponent(reference)}`);
      await expect(page.getByRole("heading", { name: "Order history" })).toBeVisible();
      const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: tranId, exact: true }) });
      await expect(row).toContainText(reference);
      await row.getByRole("link", { name: tranId, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Order ${tranId}` })).toBeVisible();
      await expect(page.getByText(`Delivery instructions: ${instructions}`)).toBeVisible();

      // reorder: the order's lines go back into the (emptied) basket
      await page.getByRole("button", { name: "Reorder" }).click();
      await expect(page).toHaveURL(/\/basket$/);
      await expect(quantityField(page, plain)).toHaveValue("2");
      await expect(quantityField(page, other)).toHaveValue("1");
      if (!jsOn(testInfo)) {
        // without JavaScript the toast stays until the next page (with it, it closes after 3 s: not asserted on a clock)
        await expect(
          page.getByRole("status").filter({ hasText: "Added 2 lines from the order to your basket." }),
        ).toBeVisible();
      }
      expect(await basketQuantities(token)).toEqual({ [plain.internalId]: 2, [other.internalId]: 1 });
    },
  );

  shopTest(
    "reordering a wearer-pack order fills the wearer-pack basket, one pack per wearer, and shows it",
    async ({ page, shop }) => {
      const { token } = shop;
      const { data } = await providerCall<{ data: Array<{ internalId: string; tranId: string }> }>(
        "/order?salesOrderTypeId=1&$limit=1",
        { token },
      );
      const order = data[0];
      if (!order) throw new Error("the demo unit has no wearer-pack order");
      const detail = await providerCall<{
        itemList: {
          item: Array<{ item: { internalId: string }; employee: { internalId: string } | null; quantity: number }>;
        };
      }>(`/order/${order.internalId}`, { token });
      // the order's lines per wearer, as the provider keeps them
      const wearers = new Map<string, Record<string, number>>();
      for (const line of detail.itemList.item) {
        const lines = wearers.get(line.employee!.internalId) ?? {};
        lines[line.item.internalId] = (lines[line.item.internalId] ?? 0) + line.quantity;
        wearers.set(line.employee!.internalId, lines);
      }
      const packsNow = async () =>
        Object.fromEntries(
          (await basketOf(token)).manpack.map((pack) => [
            pack.employeeId,
            Object.fromEntries(pack.data.map((line) => [line.productId, line.qty])),
          ]),
        );
      const times = (n: number) =>
        Object.fromEntries(
          [...wearers].map(([id, lines]) => [
            id,
            Object.fromEntries(Object.entries(lines).map(([p, q]) => [p, Math.min(q * n, 99)])),
          ]),
        );

      await page.goto(`/order-history/${order.internalId}`);
      await expect(page.getByRole("heading", { level: 1, name: `Order ${order.tranId}` })).toBeVisible();
      await page.getByRole("button", { name: "Reorder" }).click();
      await expect(page).toHaveURL(/\/basket$/);
      // the basket page shows the basket the lines went into: a section per wearer (issue 15 item 5), with their lines
      await expect(page.getByRole("heading", { level: 2, name: "Wearer-pack basket" })).toBeVisible();
      const showsEachPack = async () => {
        await expect(page.getByRole("heading", { level: 3 })).toHaveCount(wearers.size);
        for (const [id, lines] of wearers) {
          const name = await page
            .getByRole("heading", { level: 3 })
            .filter({ has: page.locator(`a[href="/wearer-pack/${id}"]`) })
            .textContent();
          await expect(page.getByRole("table", { name: `Products in ${name}'s pack` }).locator("tbody tr")).toHaveCount(
            Object.keys(lines).length,
          );
        }
      };
      await showsEachPack();
      expect(await packsNow()).toEqual(times(1));

      // the same order again: each wearer keeps one pack, quantities summed
      await page.goto(`/order-history/${order.internalId}`);
      await page.getByRole("button", { name: "Reorder" }).click();
      await expect(page).toHaveURL(/\/basket$/);
      await showsEachPack();
      expect(await packsNow()).toEqual(times(2));
    },
  );
});

test.describe("quick order", () => {
  /** The report's rows (without the header row) as the cells' texts. */
  async function reportRows(page: Page): Promise<string[][]> {
    const table = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Result" }) });
    await expect(table).toBeVisible();
    return table
      .locator("tbody tr")
      .evaluateAll((rows) =>
        rows.map((row) => [...row.querySelectorAll("td")].map((cell) => cell.textContent?.trim() ?? "")),
      );
  }

  shopTest(
    "several product codes and quantities at once, with a report of what was added and what was refused",
    async ({ page, shop }) => {
      const { token, plain, other, packed } = shop;
      await page.goto("/quick-order");
      await expect(page.getByRole("heading", { level: 1, name: "Quick order" })).toBeVisible();
      await page
        .getByLabel("Product codes and quantities")
        .fill(
          [
            `${plain.itemId.toLowerCase()}, 2`,
            `${packed.itemId}, 15`,
            "NO-SUCH-CODE-E2E, 1",
            `${plain.parentCode}, 1`,
            `${other.itemId}, 150`,
            `${packed.itemId} 20`,
          ].join("\n"),
        );
      await page.getByRole("button", { name: "Add to basket" }).click();

      await expect(page.getByRole("heading", { name: "What was added" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: "lines added" })).toHaveText(
        "2 lines added to your basket, 4 not added.",
      );
      // polled: without JavaScript the report may still be streaming in when the status line is already there
      await expect
        .poll(() => reportRows(page))
        .toEqual([
          ["1", plain.itemId, "2", plain.displayName, "Added"],
          ["2", packed.itemId, "15", packed.displayName, "Not added: Quantity must be a multiple of 10"],
          ["3", "NO-SUCH-CODE-E2E", "1", "", "Not added: No product has the code NO-SUCH-CODE-E2E."],
          [
            "4",
            plain.parentCode,
            "1",
            plain.parentName,
            `Not added: Choose a size or colour of ${plain.parentName} first.`,
          ],
          ["5", other.itemId, "150", other.displayName, "Not added: Quantity cannot be more than 99"],
          ["6", packed.itemId, "20", packed.displayName, "Added"],
        ]);
      expect(await basketQuantities(token)).toEqual({ [plain.internalId]: 2, [packed.internalId]: 20 });
      // the lines that went in are gone from the box, so a second click cannot add them twice; the ones that did not
      // stay, each with its reason beside it (issue 34 item 5)
      const box = page.getByLabel("Lines not added: correct them and add again");
      await expect(box).toHaveValue(
        [`${packed.itemId}, 15`, "NO-SUCH-CODE-E2E, 1", `${plain.parentCode}, 1`, `${other.itemId}, 150`].join("\n"),
      );
      await expect(page.getByRole("list", { name: "Why each line was not added" }).getByRole("listitem")).toHaveText([
        `${packed.itemId}, 15 Quantity must be a multiple of 10`,
        "NO-SUCH-CODE-E2E, 1 No product has the code NO-SUCH-CODE-E2E.",
        `${plain.parentCode}, 1 Choose a size or colour of ${plain.parentName} first.`,
        `${other.itemId}, 150 Quantity cannot be more than 99`,
      ]);
      // corrected in the box and posted again: the corrected line goes in, the rest stay
      await box.fill([`${packed.itemId}, 10`, "NO-SUCH-CODE-E2E, 1"].join("\n"));
      await page.getByRole("button", { name: "Add to basket" }).click();
      await expect(page.getByRole("status").filter({ hasText: "added to your basket" })).toHaveText(
        "1 line added to your basket, 1 not added.",
      );
      await expect(page.getByLabel("Lines not added: correct them and add again")).toHaveValue("NO-SUCH-CODE-E2E, 1");
      expect(await basketQuantities(token)).toEqual({ [plain.internalId]: 2, [packed.internalId]: 30 });
      // no sideways scroll on a phone with the report and the kept lines shown
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

      await page.getByRole("link", { name: "Go to your basket" }).click();
      await expect(quantityField(page, plain)).toHaveValue("2");
      await expect(quantityField(page, packed)).toHaveValue("30");
    },
  );

  shopTest("a CSV file of code,qty lines adds to the basket, with a report per line", async ({ page, shop }) => {
    const { token, plain, other, packed } = shop;
    await putBasket(token, [{ item: plain, qty: 2 }]);
    const csv = [
      "code,qty",
      `${plain.itemId},3`,
      `${other.itemId};1`,
      `${packed.itemId},7`,
      `${plain.itemId},1,extra`,
      "NOPE-E2E,2",
      "",
    ].join("\r\n");

    await page.goto("/quick-order");
    await page
      .getByLabel("Or upload a CSV file (code, qty)")
      .setInputFiles({ name: "order.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Add to basket" }).click();

    await expect(page.getByRole("status").filter({ hasText: "lines added" })).toHaveText(
      "2 lines added to your basket, 3 not added.",
    );
    // rows are numbered as in the file: the header is line 1
    // polled: without JavaScript the report may still be streaming in when the status line is already there
    await expect
      .poll(() => reportRows(page))
      .toEqual([
        ["2", plain.itemId, "3", plain.displayName, "Added"],
        ["3", other.itemId, "1", other.displayName, "Added"],
        ["4", packed.itemId, "7", packed.displayName, "Not added: Quantity must be at least 10"],
        ["5", `${plain.itemId},1,extra`, "", "", "Not added: Expected a product code and a quantity only"],
        ["6", "NOPE-E2E", "2", "", "Not added: No product has the code NOPE-E2E."],
      ]);
    // quantities for a product already in the basket are summed (SPEC §4)
    expect(await basketQuantities(token)).toEqual({ [plain.internalId]: 5, [other.internalId]: 1 });
  });
});
