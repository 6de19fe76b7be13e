import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { E2E_PROVIDER_PORT } from "../../playwright.config";
import { DEMO, expect, providerCall, providerToken } from "./fixtures";

// Helpers for the specs that fill manpack@demo.test's own wearer-pack basket through the screens (the wearer's page,
// issue 15 item 3, and the done-when spec): the seed's wearers and what they may order, read from the
// provider, and the one lock that keeps two tests from writing that one basket at once.

export type Budget = { type: string; qty: number; usedQty: number; allocationTypeName: string | null };
export type Wearer = {
  internalId: string;
  firstName: string;
  lastName: string;
  grade: string | null;
  budgets: Budget[];
};
export type Options = Record<string, string | null>;
export type Item = {
  internalId: string;
  displayName: string;
  price: number | null;
  allocationType: string | null;
  itemPoints: number | null;
  quantityStep: number | null;
  minimumSaleQuantity: number | null;
  simples: Array<{ internalId: string; options: Options; price: number | null }>;
};
export type Pack = { employeeId: string; data: unknown[] };
export type Basket = { selectedBasketType: string; manpack: Pack[] };
export type UnitAnswer = { selectedCustomer: { contactId: string } | null; customers: Array<{ contactId: string }> };

export async function manpackToken(): Promise<string> {
  const token = await providerToken(DEMO.manpack);
  const session = await providerCall<UnitAnswer>("/session", { token });
  if (!session.selectedCustomer) {
    await providerCall("/select-customer", {
      method: "POST",
      token,
      body: JSON.stringify({ contactId: session.customers[0].contactId }),
    });
  }
  return token;
}

export const nameOf = (w: Wearer) => `${w.firstName} ${w.lastName}`;
export const left = (b: Budget) => Math.max(0, b.qty - b.usedQty);

export async function wearers(token: string): Promise<Wearer[]> {
  return (await providerCall<{ data: Wearer[] }>("/contact?isInactive=false&manpackUser=true&$limit=200", { token }))
    .data;
}

export async function entitlement(token: string, wearer: Wearer): Promise<Item[]> {
  const query = `scope=manpack&contactId=${wearer.internalId}&contactProducts=true&includeAllocation=true&includeChildren=true&$limit=100`;
  return (await providerCall<{ data: Item[] }>(`/item?${query}`, { token })).data;
}

/** The budget an item is charged to (decision 098: Points first, else the item's allocation type), or undefined. */
export const chargedBudget = (wearer: Wearer, item: Item) =>
  wearer.budgets.find((b) => b.type === "Points") ?? wearer.budgets.find((b) => b.type === item.allocationType);
export const chargeOf = (budget: Budget, item: Item, qty: number) =>
  budget.type === "Points" ? (item.itemPoints ?? 0) * qty : qty;

/** A plain item to add: one unit at a time, priced, no finish or logo to choose (its first variant, when it has variants). */
export function plainItems(items: Item[]) {
  return items.filter(
    (i) =>
      (i.quantityStep ?? 1) === 1 &&
      (i.minimumSaleQuantity ?? 1) === 1 &&
      i.price !== null &&
      (i.simples.length === 0 || (!i.simples[0].options.finish && i.simples[0].price !== null)),
  );
}

/** Takes the wearer's pack out of manpack@demo.test's basket (the rest of the basket as it is) and shows the stock basket. */
export async function removePackOf(token: string, wearerId: string): Promise<void> {
  const basket = await providerCall<Basket>("/basket-session", { token });
  const manpack = basket.manpack.filter((p) => p.employeeId !== wearerId);
  // nothing to take out: no write, so the other project's pack (written between a read and a write) is never lost
  if (manpack.length === basket.manpack.length && basket.selectedBasketType === "stock-order-basket") return;
  await providerCall("/basket-session", {
    method: "PATCH",
    token,
    body: JSON.stringify({ manpack, selectedBasketType: "stock-order-basket" }),
  });
}

/**
 * Runs `work` while no other test writes manpack@demo.test's wearer-pack basket (this spec's in the other project,
 * the done-when spec): a lock file per provider (two suites side by side have their own), taken with an exclusive
 * create; one left by a killed run is broken after two minutes.
 */
export async function oneManpackBasketWriter<T>(work: () => Promise<T>): Promise<T> {
  const lock = path.join(os.tmpdir(), `manpack-basket-${E2E_PROVIDER_PORT}.lock`);
  const started = Date.now();
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      break;
    } catch {
      if (Date.now() - started > 120_000) fs.rmSync(lock, { force: true });
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
export async function openFromList(page: Page, name: string) {
  await page.goto("/wearer-pack");
  await page.getByRole("searchbox", { name: "Name, employee reference, department or grade" }).fill(name);
  await page.getByRole("button", { name: "Search wearers" }).click();
  await expect(page).toHaveURL(/[?&]q=/);
  await page.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

/** The item's card on the wearer's page, with the options of its first variant chosen. */
export async function chooseItem(page: Page, item: Item) {
  const card = page.getByRole("article", { name: item.displayName, exact: true });
  const options = item.simples[0]?.options ?? {};
  for (const [option, label] of [
    ["size", "Size"],
    ["legLength", "Leg length"],
    ["color", "Colour"],
  ] as const) {
    const value = options[option];
    if (value) await card.getByLabel(label, { exact: true }).selectOption(value);
  }
  return card;
}

/** The row of the allowances table for a budget. */
export const allowanceRow = (page: Page, budget: Budget) =>
  page
    .getByRole("region", { name: "Allowances" })
    .getByRole("row")
    .filter({
      has: page.getByRole("rowheader", {
        name: budget.type === "Points" ? "Points" : (budget.allocationTypeName ?? budget.type),
        exact: true,
      }),
    });

/** Replaces the token's basket with these wearers' packs, the wearer-pack basket selected, as the basket page keeps them. */
export async function putPacks(
  token: string,
  packs: Array<{
    employeeId: string;
    data: Array<{ productId: string; qty: number; name?: string; price?: number | null }>;
  }>,
  manpackInstructions = "",
): Promise<void> {
  await providerCall("/basket-session", {
    method: "PUT",
    token,
    body: JSON.stringify({
      selectedBasketType: "manpack-order-basket",
      stock: [],
      manpack: packs,
      instructions: { stock: "", manpack: manpackInstructions },
    }),
  });
}
