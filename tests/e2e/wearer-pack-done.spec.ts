import type { Page } from "@playwright/test";
import { expect, providerCall, test } from "./fixtures";
import {
  allowanceRow,
  chargedBudget,
  chargeOf,
  chooseItem,
  entitlement,
  left,
  manpackToken,
  nameOf,
  oneManpackBasketWriter,
  openFromList,
  plainItems,
  removePackOf,
  wearers,
  type Budget,
  type Item,
  type Wearer,
} from "./wearer-pack-helpers";

// Issue 15, "Done when": manpack@demo.test orders a pack for two wearers in one checkout and sees both allowances go
// down, entirely through the screens — the wearers list, each wearer's page, the wearer-pack basket, checkout, the
// confirmation, the list again. The issue asks it with JavaScript off; it runs in both projects (with JavaScript the
// same forms are quicker). manpack@demo.test's one wearer-pack basket is shared with the wearer's-page spec, so the
// whole flow holds the basket lock; each project orders for wearers of its own, away from the ones the other
// wearer-pack specs take (the first two with room, and the last few).

type Choice = { wearer: Wearer; item: Item; budget: Budget; charge: number };

/** Two wearers with room in every allowance, each with an item an allowance is charged for that they can afford. */
async function twoWearers(token: string, skip: number): Promise<Choice[]> {
  const roomy = (await wearers(token)).filter((w) => w.budgets.length > 0 && w.budgets.every((b) => left(b) >= 3));
  const chosen: Choice[] = [];
  for (const wearer of roomy.slice(4 + skip)) {
    const item = plainItems(await entitlement(token, wearer)).find((i) => {
      const budget = chargedBudget(wearer, i);
      return budget !== undefined && chargeOf(budget, i, 1) > 0 && chargeOf(budget, i, 1) <= left(budget);
    });
    if (!item) continue;
    const budget = chargedBudget(wearer, item)!;
    chosen.push({ wearer, item, budget, charge: chargeOf(budget, item, 1) });
    if (chosen.length === 2) return chosen;
  }
  throw new Error(`found ${chosen.length} of 2 wearers with an allowance to spend`);
}

/** What the wearers list says is left of the budget, as a number ("Trousers: 2 left", "86 points left", "1 point left"). */
async function leftOnList(page: Page, choice: Choice): Promise<number> {
  await page.goto(`/wearer-pack?q=${encodeURIComponent(nameOf(choice.wearer))}`);
  const row = page
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: new RegExp(nameOf(choice.wearer)) }) });
  const label =
    choice.budget.type === "Points"
      ? /(\d+) points? left/
      : new RegExp(`${choice.budget.allocationTypeName ?? choice.budget.type}: (\\d+) left`);
  const text = (await row.getByRole("cell").nth(3).textContent()) ?? "";
  const match = label.exec(text);
  expect(match, `the list's allowance for ${nameOf(choice.wearer)} (${text})`).not.toBeNull();
  return Number(match![1]);
}

test.describe("issue 15 done: a pack for two wearers in one checkout", () => {
  test("manpack@demo.test fills two wearers' packs from their pages, checks out once, and both allowances go down", async ({
    page,
    logInAs,
  }, testInfo) => {
    test.setTimeout(120_000);
    const token = await manpackToken();
    const [a, b] = await twoWearers(token, testInfo.project.name === "no-js" ? 2 : 0);
    await logInAs("manpack");

    await oneManpackBasketWriter(async () => {
      // the wearer-pack basket holds only what this test adds: checkout orders the whole of it
      for (const pack of (await providerCall<{ manpack: Array<{ employeeId: string }> }>("/basket-session", { token }))
        .manpack) {
        await removePackOf(token, pack.employeeId);
      }
      try {
        const before = [await leftOnList(page, a), await leftOnList(page, b)];
        expect(before).toEqual([left(a.budget), left(b.budget)]);

        // each wearer: found on the list, their page, one item added to their pack
        for (const choice of [a, b]) {
          await openFromList(page, nameOf(choice.wearer));
          await expect(allowanceRow(page, choice.budget).getByRole("cell").nth(0)).toHaveText(
            String(left(choice.budget)),
          );
          const card = await chooseItem(page, choice.item);
          await card.getByRole("button", { name: new RegExp(`^Add to ${choice.wearer.firstName}'s pack`) }).click();
          await expect(
            page.getByRole("status").filter({ hasText: `Added to ${nameOf(choice.wearer)}'s pack` }),
          ).toBeVisible();
        }

        // the wearer-pack basket: a section per wearer; then checkout
        await page.getByRole("link", { name: "Go to basket" }).click();
        await expect(page.getByRole("heading", { level: 2, name: "Wearer-pack basket" })).toBeVisible();
        for (const choice of [a, b])
          await expect(page.getByRole("heading", { level: 3, name: new RegExp(nameOf(choice.wearer)) })).toBeVisible();
        await page.getByRole("link", { name: "Go to checkout" }).click();

        await expect(page.getByRole("heading", { level: 1, name: "Checkout: wearer packs" })).toBeVisible();
        for (const choice of [a, b])
          await expect(page.getByRole("region", { name: nameOf(choice.wearer) })).toContainText("1 ×");
        await page.getByLabel("Your order reference (optional)").fill(`WP-DONE-${testInfo.project.name}`);
        await page.getByRole("button", { name: "Place order" }).click();

        // one order, each wearer's lines under their name
        await expect(page).toHaveURL(/\/order-complete\?order=\d+/);
        await expect(page.getByRole("heading", { level: 1, name: "Thank you for your order" })).toBeVisible();
        for (const choice of [a, b])
          await expect(page.getByRole("heading", { level: 3, name: nameOf(choice.wearer) })).toBeVisible();

        // both allowances are down by what their item charges (other specs never order for these wearers)
        expect([await leftOnList(page, a), await leftOnList(page, b)]).toEqual([
          before[0] - a.charge,
          before[1] - b.charge,
        ]);
        const basket = await providerCall<{ manpack: unknown[] }>("/basket-session", { token });
        expect(basket.manpack).toEqual([]);
      } finally {
        for (const choice of [a, b]) await removePackOf(token, choice.wearer.internalId);
      }
    });
  });
});
