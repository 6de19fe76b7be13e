import AxeBuilder from "@axe-core/playwright";
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
  type Basket,
} from "./wearer-pack-helpers";

// fullyParallel is on: a project's tests write manpack@demo.test's one basket, so they run in order in one worker
test.describe.configure({ mode: "default" });

// /wearer-pack/{contactId} (issue 15 item 3): manpack@demo.test opens a wearer from the list, adds an item within the
// wearer's allowance and sees what is left go down and the wearer marked on the list; an add over the allowance of the
// seed's "nearly out" wearer is refused in the provider's words. manpack@demo.test has one basket (Harbour Health
// Trust) that both projects share: each project adds for a wearer of its own and takes that wearer's pack out again,
// one project at a time (every write rewrites the whole manpack array, so two at once could undo each other's).

test.describe("wearer packs: one wearer's entitlement (issue 15 item 3)", () => {
  test("manpack@demo.test opens a wearer from the list, adds an item within allowance, sees what is left go down and the wearer marked in the basket", async ({
    page,
    logInAs,
  }, testInfo) => {
    const token = await manpackToken();
    const all = await wearers(token);
    // wearers with room in every allowance; each project takes its own, so the two never write one pack
    const roomy = all.filter((w) => w.budgets.length > 0 && w.budgets.every((b) => left(b) >= 3));
    const wearer = roomy[testInfo.project.name === "no-js" ? 1 : 0];
    expect(wearer, "a seeded wearer with room in every allowance").toBeTruthy();
    const item = plainItems(await entitlement(token, wearer)).find((i) => {
      const budget = chargedBudget(wearer, i);
      return budget && chargeOf(budget, i, 1) > 0 && chargeOf(budget, i, 1) <= left(budget);
    });
    expect(item, `an item ${nameOf(wearer)} may order that an allowance limits`).toBeTruthy();
    const budget = chargedBudget(wearer, item!)!;
    // the other project may hold the lock for as long as its own run of this test
    test.setTimeout(90_000);
    await logInAs("manpack");
    await oneManpackBasketWriter(async () => {
      await removePackOf(token, wearer.internalId);
      try {
        await openFromList(page, nameOf(wearer));
        const row = allowanceRow(page, budget);
        await expect(row.getByRole("cell").nth(2)).toHaveText(String(left(budget)));

        const card = await chooseItem(page, item!);
        await card.getByRole("button", { name: new RegExp(`^Add to ${wearer.firstName}'s pack`) }).click();
        await expect(page.getByRole("status").filter({ hasText: `Added to ${nameOf(wearer)}'s pack` })).toBeVisible();
        await expect(row.getByRole("cell").nth(1)).toHaveText(String(chargeOf(budget, item!, 1)));
        await expect(row.getByRole("cell").nth(2)).toHaveText(String(left(budget) - chargeOf(budget, item!, 1)));
        await expect(page.getByRole("list", { name: `In ${wearer.firstName}'s pack` })).toContainText(`1 × `);

        await page.getByRole("link", { name: "All wearers" }).click();
        await expect(page).toHaveURL("/wearer-pack");
        await page
          .getByRole("searchbox", { name: "Name, employee reference, department or grade" })
          .fill(nameOf(wearer));
        await page.getByRole("button", { name: "Search wearers" }).click();
        const listed = page
          .getByRole("row")
          .filter({ has: page.getByRole("rowheader", { name: new RegExp(nameOf(wearer)) }) });
        await expect(listed).toContainText("Pack in basket");
      } finally {
        await removePackOf(token, wearer.internalId);
      }
    });
  });

  test("an add over the allowance of the wearer nearly out of it is refused with the provider's words, and nothing is added", async ({
    page,
    logInAs,
  }) => {
    const token = await manpackToken();
    // the seed's wearer with 1 left of each allowance (decision 097)
    const wearer = (await wearers(token)).find((w) => w.budgets.length > 0 && w.budgets.every((b) => left(b) === 1));
    expect(wearer, "the seeded wearer nearly out of allowance").toBeTruthy();
    const item = plainItems(await entitlement(token, wearer!)).find(
      (i) => chargedBudget(wearer!, i) !== undefined && chargeOf(chargedBudget(wearer!, i)!, i, 2) > 1,
    );
    expect(item, `an item ${nameOf(wearer!)} may order that an allowance limits`).toBeTruthy();
    const budget = chargedBudget(wearer!, item!)!;
    // a refusal writes nothing, so both projects may refuse at once; the pack is taken out first so "needs" is exact
    // (a write: under the lock, so that no other test's pack is lost between its read and write)
    await oneManpackBasketWriter(() => removePackOf(token, wearer!.internalId));

    await logInAs("manpack");
    await openFromList(page, nameOf(wearer!));
    const card = await chooseItem(page, item!);
    await card.getByLabel("Quantity", { exact: true }).fill("2");
    await card.getByRole("button", { name: new RegExp(`^Add to ${wearer!.firstName}'s pack`) }).click();
    await expect(card.getByRole("alert")).toHaveText(
      `${nameOf(wearer!)} has 1 ${budget.type} allowance left; this pack needs ${chargeOf(budget, item!, 2)}`,
    );
    await expect(page.getByText(`The basket holds no pack for ${nameOf(wearer!)} yet.`)).toBeVisible();
    const basket = await providerCall<Basket>("/basket-session", { token });
    expect(basket.manpack.filter((p) => p.employeeId === wearer!.internalId)).toEqual([]);
  });

  test("the wearer's page passes axe and fits a 390 px phone (JS project: axe runs in the page)", async ({
    page,
    logInAs,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "axe runs inside the page; the markup is the same without JavaScript");
    // two full axe passes over every entitled item's pickers: more than 30 s when the machine is busy (CI saw it)
    test.slow();
    const token = await manpackToken();
    const wearer = (await wearers(token)).find((w) => w.budgets.length > 0)!;
    await logInAs("manpack");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/wearer-pack/${wearer.internalId}`);
      await expect(page.getByRole("heading", { level: 1, name: nameOf(wearer) })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(
        violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
      ).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`wearer-${width}.png`), fullPage: true });
    }
  });
});
