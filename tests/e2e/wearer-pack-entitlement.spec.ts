import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { E2E_PROVIDER_PORT } from "../../playwright.config";
import { DEMO, expect, providerCall, providerToken, test } from "./fixtures";

// /wearer-pack/{contactId} (issue 15 item 3): manpack@demo.test opens a wearer from the list, adds an item within the
// wearer's allowance and sees what is left go down and the wearer marked on the list; an add over the allowance of the
// seed's "nearly out" wearer is refused in the provider's words. manpack@demo.test has one basket (Harbour Health
// Trust) that both projects share: each project adds for a wearer of its own and takes that wearer's pack out again,
// one project at a time (every write rewrites the whole manpack array, so two at once could undo each other's).

type Budget = { type: string; qty: number; usedQty: number; allocationTypeName: string | null };
type Wearer = { internalId: string; firstName: string; lastName: string; grade: string | null; budgets: Budget[] };
type Options = Record<string, string | null>;
type Item = {
  internalId: string;
  displayName: string;
  price: number | null;
  allocationType: string | null;
  itemPoints: number | null;
  quantityStep: number | null;
  minimumSaleQuantity: number | null;
  simples: Array<{ internalId: string; options: Options; price: number | null }>;
};
type Pack = { employeeId: string; data: unknown[] };
type Basket = { selectedBasketType: string; manpack: Pack[] };
type UnitAnswer = { selectedCustomer: { contactId: string } | null; customers: Array<{ contactId: string }> };

async function manpackToken(): Promise<string> {
  const token = await providerToken(DEMO.manpack);
  const session = await providerCall<UnitAnswer>("/session", { token });
  if (!session.selectedCustomer) {
    await providerCall("/select-customer", { method: "POST", token, body: JSON.stringify({ contactId: session.customers[0].contactId }) });
  }
  return token;
}

const nameOf = (w: Wearer) => `${w.firstName} ${w.lastName}`;
const left = (b: Budget) => Math.max(0, b.qty - b.usedQty);

async function wearers(token: string): Promise<Wearer[]> {
  return (await providerCall<{ data: Wearer[] }>("/contact?isInactive=false&manpackUser=true&$limit=200", { token })).data;
}

async function entitlement(token: string, wearer: Wearer): Promise<Item[]> {
  const query = `scope=manpack&contactId=${wearer.internalId}&contactProducts=true&includeAllocation=true&includeChildren=true&$limit=100`;
  return (await providerCall<{ data: Item[] }>(`/item?${query}`, { token })).data;
}

/** The budget an item is charged to (decision 098: Points first, else the item's allocation type), or undefined. */
const chargedBudget = (wearer: Wearer, item: Item) => wearer.budgets.find((b) => b.type === "Points") ?? wearer.budgets.find((b) => b.type === item.allocationType);
const chargeOf = (budget: Budget, item: Item, qty: number) => (budget.type === "Points" ? (item.itemPoints ?? 0) * qty : qty);

/** A plain item to add: one unit at a time, priced, no finish or logo to choose (its first variant, when it has variants). */
function plainItems(items: Item[]) {
  return items.filter((i) => (i.quantityStep ?? 1) === 1 && (i.minimumSaleQuantity ?? 1) === 1 && i.price !== null && (i.simples.length === 0 || (!i.simples[0].options.finish && i.simples[0].price !== null)));
}

/** Takes the wearer's pack out of manpack@demo.test's basket (the rest of the basket as it is) and shows the stock basket. */
async function removePackOf(token: string, wearerId: string): Promise<void> {
  const basket = await providerCall<Basket>("/basket-session", { token });
  const manpack = basket.manpack.filter((p) => p.employeeId !== wearerId);
  // nothing to take out: no write, so the other project's pack (written between a read and a write) is never lost
  if (manpack.length === basket.manpack.length && basket.selectedBasketType === "stock-order-basket") return;
  await providerCall("/basket-session", { method: "PATCH", token, body: JSON.stringify({ manpack, selectedBasketType: "stock-order-basket" }) });
}

/**
 * Runs `work` while no other project of this suite writes manpack@demo.test's packs from this spec: a lock file per
 * provider (two suites side by side have their own), taken with an exclusive create; one left by a killed run is
 * broken after a minute.
 */
async function oneProjectAtATime<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `wearer-pack-entitlement-${E2E_PROVIDER_PORT}.lock`);
  const started = Date.now();
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch {
      if (Date.now() - started > 60_000) fs.rmSync(lock, { force: true });
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { force: true });
  }
}

/** Opens the wearer's page from the wearers list, searching by name. */
async function openFromList(page: Page, name: string) {
  await page.goto("/wearer-pack");
  await page.getByRole("searchbox", { name: "Name, employee reference, department or grade" }).fill(name);
  await page.getByRole("button", { name: "Search wearers" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** The item's card on the wearer's page, with the options of its first variant chosen. */
async function chooseItem(page: Page, item: Item) {
  const card = page.getByRole("article", { name: item.displayName, exact: true });
  const options = item.simples[0]?.options ?? {};
  for (const [option, label] of [["size", "Size"], ["legLength", "Leg length"], ["color", "Colour"]] as const) {
    const value = options[option];
    if (value) await card.getByLabel(label, { exact: true }).selectOption(value);
  }
  return card;
}

/** The row of the allowances table for a budget. */
const allowanceRow = (page: Page, budget: Budget) =>
  page.getByRole("region", { name: "Allowances" }).getByRole("row").filter({ has: page.getByRole("rowheader", { name: budget.type === "Points" ? "Points" : budget.allocationTypeName ?? budget.type, exact: true }) });

test.describe("wearer packs: one wearer's entitlement (issue 15 item 3)", () => {
  test("manpack@demo.test opens a wearer from the list, adds an item within allowance, sees what is left go down and the wearer marked in the basket", async ({ page, logInAs }, testInfo) => {
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
    await oneProjectAtATime(async () => {
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
        await page.getByRole("searchbox", { name: "Name, employee reference, department or grade" }).fill(nameOf(wearer));
        await page.getByRole("button", { name: "Search wearers" }).click();
        const listed = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(nameOf(wearer)) }) });
        await expect(listed).toContainText("Pack in basket");
      } finally {
        await removePackOf(token, wearer.internalId);
      }
    });
  });

  test("an add over the allowance of the wearer nearly out of it is refused with the provider's words, and nothing is added", async ({ page, logInAs }) => {
    const token = await manpackToken();
    // the seed's wearer with 1 left of each allowance (decision 097)
    const wearer = (await wearers(token)).find((w) => w.budgets.length > 0 && w.budgets.every((b) => left(b) === 1));
    expect(wearer, "the seeded wearer nearly out of allowance").toBeTruthy();
    const item = plainItems(await entitlement(token, wearer!)).find((i) => chargedBudget(wearer!, i) !== undefined && chargeOf(chargedBudget(wearer!, i)!, i, 2) > 1);
    expect(item, `an item ${nameOf(wearer!)} may order that an allowance limits`).toBeTruthy();
    const budget = chargedBudget(wearer!, item!)!;
    // a refusal writes nothing, so both projects may refuse at once; the pack is taken out first so "needs" is exact
    await removePackOf(token, wearer!.internalId);

    await logInAs("manpack");
    await openFromList(page, nameOf(wearer!));
    const card = await chooseItem(page, item!);
    await card.getByLabel("Quantity", { exact: true }).fill("2");
    await card.getByRole("button", { name: new RegExp(`^Add to ${wearer!.firstName}'s pack`) }).click();
    await expect(card.getByRole("alert")).toHaveText(`${nameOf(wearer!)} has 1 ${budget.type} allowance left; this pack needs ${chargeOf(budget, item!, 2)}`);
    await expect(page.getByText(`The basket holds no pack for ${nameOf(wearer!)} yet.`)).toBeVisible();
    const basket = await providerCall<Basket>("/basket-session", { token });
    expect(basket.manpack.filter((p) => p.employeeId === wearer!.internalId)).toEqual([]);
  });

  test("the wearer's page passes axe and fits a 390 px phone (JS project: axe runs in the page)", async ({ page, logInAs }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "axe runs inside the page; the markup is the same without JavaScript");
    const token = await manpackToken();
    const wearer = (await wearers(token)).find((w) => w.budgets.length > 0)!;
    await logInAs("manpack");
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/wearer-pack/${wearer.internalId}`);
      await expect(page.getByRole("heading", { level: 1, name: nameOf(wearer) })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21aa"]).analyze();
      expect(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
      await page.screenshot({ path: testInfo.outputPath(`wearer-${width}.png`), fullPage: true });
    }
  });
});
