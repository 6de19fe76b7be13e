import type { TestInfo } from "@playwright/test";
import { basketOf, emptyBasket, tokenIn } from "./basket-helpers";
import { expect, newColleague, providerCall, test } from "./fixtures";
import { putPacks as putPacksWith } from "./wearer-pack-helpers";

/** The packs, with the wearer-pack delivery instructions the checkout is expected to show. */
const putPacks = (token: string, packs: Parameters<typeof putPacksWith>[1]) =>
  putPacksWith(token, packs, "Ward reception");
import { countOf } from "../../app/domain/plural";

// fullyParallel is on: a project's tests take the same wearers' allowances, so they run in order in one worker
test.describe.configure({ mode: "default" });

// The checkout of the wearer-pack basket (issue 15 item 6, decision 102), in both projects. Whose basket: a
// wearer-pack basket lives upstream per (user, business unit), and manpack@demo.test's is filled by the other
// wearer-pack specs running beside this one; so each project checks out in the basket of a new colleague in Harbour
// Health Trust with manpack@demo.test's rights. The packs are put in the basket through the provider (the wearer's
// page fills them in its own spec), with items each wearer is entitled to. Allowances are shared by every spec, so
// each project takes its own wearers (from the end of the list, away from the specs that take the first).

const UNIT = "Harbour Health Trust";
const RIGHTS = ["canViewManpack", "manpackOrders", "viewOrderHistory", "indAddress"];

type Budget = { internalId: string; type: string; allocationTypeName: string | null; qty: number; usedQty: number };
type Wearer = {
  internalId: string;
  firstName: string;
  lastName: string;
  grade: string | null;
  employeeRef: string | null;
  budgets: Budget[];
};
type Item = {
  internalId: string;
  displayName: string;
  price: number | null;
  matrixType: string | null;
  minimumSaleQuantity?: number | null;
  quantityStep?: number | null;
  allocationType?: string | null;
  itemPoints?: number | null;
  simples?: Item[];
};
/** A wearer with an item they are entitled to that one of their budgets is charged for. */
type Candidate = { wearer: Wearer; name: string; item: Item; budget: Budget; perItem: number; left: number };

const nameOf = (w: Wearer) => `${w.firstName} ${w.lastName}`;

/** The budget an item is charged to (the provider's rule: a Points budget for every item, else the item's type). */
function chargedBudget(wearer: Wearer, item: Item): { budget: Budget; perItem: number } | null {
  const points = wearer.budgets.find((b) => b.type === "Points");
  if (points) return (item.itemPoints ?? 0) > 0 ? { budget: points, perItem: item.itemPoints! } : null;
  const budget = wearer.budgets.find((b) => b.type === item.allocationType);
  return budget ? { budget, perItem: 1 } : null;
}

/** Active Harbour wearers, last first, each with an entitled variant sold singly that one of their budgets pays for. */
async function candidates(token: string, wanted: number, skip: number): Promise<Candidate[]> {
  const { data } = await providerCall<{ data: Wearer[] }>("/contact?isInactive=false&manpackUser=true&$limit=200", {
    token,
  });
  const found: Candidate[] = [];
  let skipped = 0;
  for (const wearer of data.slice().reverse()) {
    if (!wearer.grade || wearer.budgets.length === 0) continue;
    const query = new URLSearchParams({
      scope: "manpack",
      contactId: wearer.internalId,
      grade: wearer.grade,
      contactProducts: "true",
      includeAllocation: "true",
      includeChildren: "true",
      $limit: "100",
    });
    const entitled = await providerCall<{ data: Item[] }>(`/item?${query}`, { token });
    const variants = entitled.data
      .flatMap((item) =>
        item.simples?.length
          ? item.simples.map((s) => ({ ...s, displayName: s.displayName ?? item.displayName }))
          : [item],
      )
      .filter(
        (v) =>
          v.price !== null &&
          v.matrixType !== "parent" &&
          (v.minimumSaleQuantity ?? 1) <= 1 &&
          (v.quantityStep ?? 1) <= 1,
      );
    if (!variants.length) continue;
    // the variants' own allocation (what an order charges), in one call
    const ids = variants.map((v) => v.internalId).join(",");
    const priced = await providerCall<{ data: Item[] }>(
      `/item?internalId[$in]=${ids}&includeAllocation=true&$limit=${variants.length}`,
      { token },
    );
    const pick = priced.data
      .map((item) => ({ item, charge: chargedBudget(wearer, item) }))
      .find(({ charge }) => charge && charge.budget.qty - charge.budget.usedQty >= charge.perItem);
    if (!pick?.charge) continue;
    if (skipped++ < skip) continue;
    const { budget, perItem } = pick.charge;
    found.push({ wearer, name: nameOf(wearer), item: pick.item, budget, perItem, left: budget.qty - budget.usedQty });
    if (found.length === wanted) return found;
  }
  throw new Error(`found ${found.length} of ${wanted} Harbour wearers with an allowance to spend`);
}

const line = (item: Item, qty: number) => ({
  productId: item.internalId,
  qty,
  name: item.displayName,
  price: item.price,
});

const budgetNow = async (token: string, wearer: Wearer, budgetId: string) => {
  const contact = await providerCall<Wearer>(`/contact/${wearer.internalId}`, { token });
  return contact.budgets.find((b) => b.internalId === budgetId)!;
};

/** Each project its own wearers: chromium the last three with an allowance to spend, no-js the three before them. */
const offset = (testInfo: TestInfo) => (testInfo.project.name === "no-js" ? 3 : 0);

test.describe("the wearer-pack checkout (issue 15 item 6)", () => {
  test("a pack for two wearers is ordered on account: the confirmation, the basket emptied, both allowances down on /wearer-pack", async ({
    page,
    logInAs,
  }, testInfo) => {
    const colleague = await newColleague(UNIT, `wp-checkout-${testInfo.project.name}`, RIGHTS);
    const token = await tokenIn(colleague, UNIT);
    await logInAs(colleague, UNIT);
    try {
      const [a, b] = await candidates(token, 2, offset(testInfo));
      await putPacks(token, [
        { employeeId: a.wearer.internalId, data: [line(a.item, 1)] },
        { employeeId: b.wearer.internalId, data: [line(b.item, 1)] },
      ]);
      const before = await Promise.all([a, b].map((c) => budgetNow(token, c.wearer, c.budget.internalId)));

      await page.goto("/checkout");
      await expect(page.getByRole("heading", { level: 1, name: "Checkout: wearer packs" })).toBeVisible();
      for (const c of [a, b]) {
        const pack = page.getByRole("region", { name: c.name });
        await expect(pack).toContainText(`1 × ${c.item.displayName}`);
        await expect(pack).toContainText("Delivery address");
      }
      await expect(page.getByRole("link", { name: "Change in the basket" })).toBeVisible();
      await expect(page.getByRole("complementary", { name: "Order summary" })).toContainText("Total");
      await expect(page.getByLabel("Delivery instructions")).toHaveValue("Ward reception");
      await page.getByLabel("Your order reference (optional)").fill(`WP-${testInfo.project.name}`);
      await page.getByRole("button", { name: "Place order" }).click();

      await expect(page).toHaveURL(/\/order-complete\?order=\d+/);
      expect((await basketOf(token)).manpack).toEqual([]);
      for (const [i, c] of [a, b].entries()) {
        const after = await budgetNow(token, c.wearer, c.budget.internalId);
        expect(after.usedQty - before[i].usedQty).toBeGreaterThanOrEqual(c.perItem);
        // the wearers list shows what is left now
        await page.goto(`/wearer-pack?q=${encodeURIComponent(c.wearer.employeeRef ?? c.name)}`);
        const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(c.name) }) });
        const left = Math.max(0, after.qty - after.usedQty);
        await expect(row).toContainText(
          c.budget.type === "Points"
            ? `${countOf(left, "point")} left`
            : `${c.budget.allocationTypeName ?? c.budget.type}: ${left} left`,
        );
      }
    } finally {
      await emptyBasket(token);
    }
  });

  test("a pack over a wearer's allowance is refused naming the wearer, and nothing is ordered", async ({
    page,
    logInAs,
  }, testInfo) => {
    const colleague = await newColleague(UNIT, `wp-checkout-over-${testInfo.project.name}`, RIGHTS);
    const token = await tokenIn(colleague, UNIT);
    await logInAs(colleague, UNIT);
    try {
      const [c] = await candidates(token, 1, offset(testInfo) + 2);
      const qty = Math.floor(c.left / c.perItem) + 1;
      expect(qty).toBeLessThanOrEqual(99);
      await putPacks(token, [{ employeeId: c.wearer.internalId, data: [line(c.item, qty)] }]);

      await page.goto("/checkout");
      await expect(page.getByRole("region", { name: c.name })).toContainText(`${qty} × ${c.item.displayName}`);
      await page.getByRole("button", { name: "Place order" }).click();
      const alert = page.getByRole("alert");
      await expect(alert).toContainText(
        `${c.name} has ${c.left} ${c.budget.type} allowance left; this pack needs ${qty * c.perItem}.`,
      );
      await expect(page).toHaveURL(/\/checkout$/);
      // nothing ordered: the pack is still in the basket and the allowance untouched
      expect((await basketOf(token)).manpack).toHaveLength(1);
      expect((await budgetNow(token, c.wearer, c.budget.internalId)).usedQty).toBe(c.budget.usedQty);
    } finally {
      await emptyBasket(token);
    }
  });
});
