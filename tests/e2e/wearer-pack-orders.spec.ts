import AxeBuilder from "@axe-core/playwright";
import { basketOf, emptyBasket, tokenIn } from "./basket-helpers";
import { DEMO, expect, newColleague, providerCall, providerToken, test } from "./fixtures";

// Wearer-pack orders in the history (issue 15 item 8, decision 104): manpack@demo.test opens a seeded wearer-pack
// order for several wearers from the history and sees each wearer's lines and delivery address; reordering it fills a
// wearer-pack basket with a pack per wearer. The reorder is done by a colleague of manpack@demo.test who may see all
// Harbour orders (a fresh one per project): manpack@demo.test's own basket is the one the wearer-pack basket and
// checkout specs fill, and the two projects run side by side.
const UNIT = "Harbour Health Trust";

type Line = {
  item: { internalId: string; name: string };
  itemId: string;
  quantity: number;
  employee: { internalId: string; name: string } | null;
  shipAddress: { internalId: string; name: string } | null;
};
type Order = {
  internalId: string;
  tranId: string;
  itemList: { item: Line[] };
  shipGroupList: { shipGroup: Array<{ destinationAddressRef: { internalId: string } }> };
};

/** manpack@demo.test's newest wearer-pack order for two or more wearers, as the provider answers it. */
async function aWearerPackOrder(): Promise<Order> {
  const token = await providerToken(DEMO.manpack);
  const { data } = await providerCall<{ data: Order[] }>(
    "/order?salesOrderTypeId=1&includeExtraData=true&$limit=50&$sort[createdDate]=-1",
    { token },
  );
  const order = data.find((o) => new Set(o.itemList.item.map((l) => l.employee?.internalId)).size >= 2);
  if (!order) throw new Error("manpack@demo.test has no wearer-pack order for several wearers");
  return order;
}

/** The order's lines per wearer (id → name and the quantity of each product), in the order's order. */
function byWearer(order: Order) {
  const wearers = new Map<string, { name: string; lines: Line[] }>();
  for (const line of order.itemList.item) {
    const id = line.employee!.internalId;
    const wearer = wearers.get(id) ?? { name: line.employee!.name, lines: [] };
    wearer.lines.push(line);
    wearers.set(id, wearer);
  }
  return wearers;
}

test.describe("wearer-pack orders (issue 15 item 8)", () => {
  test("manpack@demo.test opens a wearer-pack order from the history and sees each wearer's lines and delivery address", async ({
    page,
    logInAs,
  }) => {
    const order = await aWearerPackOrder();
    await logInAs("manpack");
    await page.goto("/order-history");
    await page.getByLabel("Ordered by, reference or order number").fill(order.tranId);
    await page.getByRole("button", { name: "Filter orders" }).click();
    const row = page.getByRole("table", { name: "Your orders" }).getByRole("row").filter({ hasText: order.tranId });
    await expect(row).toContainText("Wearer pack");
    await row.getByRole("link", { name: order.tranId }).click();
    await expect(page.getByRole("heading", { level: 1, name: `Order ${order.tranId}` })).toBeVisible();

    const lines = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: "Amount" }) });
    // a row group per wearer: the heading row names the wearer and where their lines go, then their lines
    const groups = lines.locator("tbody.order-table__wearer");
    const wearers = [...byWearer(order)];
    await expect(groups).toHaveCount(wearers.length);
    for (const [i, [, wearer]] of wearers.entries()) {
      const group = groups.nth(i);
      const heading = group.locator("tr").first();
      await expect(heading).toContainText(wearer.name);
      await expect(heading).toContainText(`Delivery address: ${wearer.lines[0].shipAddress!.name}`);
      await expect(heading).toContainText(/[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}$/); // the address ends with its postcode
      const rows = group.locator("tr").filter({ has: page.locator("td") });
      await expect(rows).toHaveCount(wearer.lines.length);
      for (const [j, line] of wearer.lines.entries()) {
        await expect(rows.nth(j).locator("td").nth(0)).toHaveText(line.itemId);
        await expect(rows.nth(j).locator("td").nth(1)).toHaveText(line.item.name);
        await expect(rows.nth(j).locator("td").nth(2)).toHaveText(String(line.quantity));
      }
    }
    // the order's own address: SPEC §3, 'Multiple delivery addresses' with several ship groups
    const address = page.getByRole("group", { name: "Current delivery address" });
    // (one group: the address itself, which names its addressee — not always the address's label, e.g. on an order
    // placed by the done-when spec — and ends with its postcode)
    if (order.shipGroupList.shipGroup.length > 1) await expect(address).toHaveText("Multiple delivery addresses");
    else await expect(address).toContainText(/[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/);
  });

  test("the wearer-pack order passes axe and fits a 390 px phone (JS project: axe runs in the page)", async ({
    page,
    logInAs,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "axe runs inside the page; the markup is the same without JavaScript");
    const order = await aWearerPackOrder();
    await logInAs("manpack");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/order-history/${order.internalId}`);
      await expect(page.getByRole("heading", { level: 1, name: `Order ${order.tranId}` })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`wearer-pack-order-${width}.png`), fullPage: true });
    }
  });

  test("reordering it gives a wearer-pack basket with a pack per wearer", async ({ page, logInAs }, testInfo) => {
    const order = await aWearerPackOrder();
    const colleague = await newColleague(UNIT, `packs-${testInfo.project.name}`, [
      "canViewManpack",
      "manpackOrders",
      "viewOrderHistory",
      "viewAllOrders",
    ]);
    const token = await tokenIn(colleague, UNIT);
    try {
      await logInAs(colleague, UNIT);
      await page.goto(`/order-history/${order.internalId}`);
      await expect(page.getByRole("heading", { level: 1, name: `Order ${order.tranId}` })).toBeVisible();
      await page.getByRole("button", { name: "Reorder" }).click();
      await expect(page).toHaveURL(/\/basket$/);
      // the seeded order's wearers are entitled to its lines (decision 104): every line went into its wearer's pack
      const basket = await basketOf(token);
      expect(basket.selectedBasketType).toBe("manpack-order-basket");
      const packs = Object.fromEntries(
        basket.manpack.map((pack) => [pack.employeeId, Object.fromEntries(pack.data.map((l) => [l.productId, l.qty]))]),
      );
      const expected = Object.fromEntries(
        [...byWearer(order)].map(([id, wearer]) => {
          const qty: Record<string, number> = {};
          for (const line of wearer.lines)
            qty[line.item.internalId] = Math.min((qty[line.item.internalId] ?? 0) + line.quantity, 99);
          return [id, qty];
        }),
      );
      expect(packs).toEqual(expected);
    } finally {
      await emptyBasket(token);
    }
  });
});
