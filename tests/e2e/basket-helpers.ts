import { expect, type Page } from "@playwright/test";
import { DEMO, providerCall, providerToken, type DemoUser } from "./fixtures";

// Helpers for the specs that fill a live basket (checkout, basket, quick order). The basket lives upstream per
// (user, business unit), and the projects and spec files run side by side, so a spec only ever touches the
// basket of the user and unit it owns.

type Unit = { name: string; contactId: string };
type Options = Record<string, string | null>;
type RawItem = {
  internalId: string;
  itemId: string;
  slug: string;
  displayName: string;
  price: number | null;
  matrixType: string | null;
  minimumSaleQuantity: number;
  quantityStep: number;
  options: Options | null;
  simples?: RawItem[];
};

/** An item that can go in the basket as it is (a variant, or a product without variants), with its parent. */
export type Variant = RawItem & { parentCode: string; parentName: string; parentSlug: string; parentIsMatrix: boolean };

export type BasketLine = { productId: string; qty: number; price?: number | null; name?: string };
type Basket = {
  selectedBasketType: "stock-order-basket" | "manpack-order-basket";
  stock: BasketLine[];
  manpack: Array<{ employeeId: string; data: BasketLine[] }>;
  instructions: { stock: string; manpack: string };
};

/** A provider token for the user (a demo account or a new colleague) with the unit selected. */
export async function tokenIn(who: DemoUser | { email: string }, unitName: string): Promise<string> {
  const token = await providerToken(typeof who === "string" ? DEMO[who] : who.email);
  const session = await providerCall<{ customers: Unit[]; selectedCustomer: Unit | null }>("/session", { token });
  const unit = session.customers.find((c) => c.name === unitName);
  if (!unit) throw new Error(`${who} has no unit ${unitName}`);
  if (session.selectedCustomer?.contactId !== unit.contactId) {
    await providerCall("/select-customer", {
      method: "POST",
      token,
      body: JSON.stringify({ contactId: unit.contactId }),
    });
  }
  return token;
}

/** The priced, orderable variants (and products without variants) the token's unit sees, parents first by name. */
export async function orderableVariants(token: string, limit = 40): Promise<Variant[]> {
  const list = await providerCall<{ data: RawItem[] }>(`/item?includeChildren=true&$limit=${limit}`, { token });
  return list.data
    .flatMap((item) => {
      const parent = {
        parentCode: item.itemId,
        parentName: item.displayName,
        parentSlug: item.slug,
        parentIsMatrix: item.matrixType === "parent",
      };
      return item.simples?.length
        ? item.simples.map((s) => ({ ...s, displayName: s.displayName ?? item.displayName, ...parent }))
        : [{ ...item, ...parent }];
    })
    .filter((item) => item.price !== null && item.matrixType !== "parent");
}

export const basketOf = (token: string) => providerCall<Basket>("/basket-session", { token });

/** The live basket's lines as productId → qty. */
export async function basketQuantities(token: string): Promise<Record<string, number>> {
  const basket = await basketOf(token);
  return Object.fromEntries(basket.stock.map((line) => [line.productId, line.qty]));
}

export async function emptyBasket(token: string): Promise<void> {
  await providerCall("/basket-session", { method: "DELETE", token });
}

/** Replaces the stock basket with these lines, as the basket page would have stored them. */
export async function putBasket(
  token: string,
  lines: Array<{ item: Variant; qty: number; price?: number }>,
): Promise<void> {
  await providerCall("/basket-session", {
    method: "PUT",
    token,
    body: JSON.stringify({
      selectedBasketType: "stock-order-basket",
      stock: lines.map(({ item, qty, price }) => ({
        productId: item.internalId,
        parentId: item.internalId,
        qty,
        name: item.displayName,
        price: price ?? item.price,
      })),
      manpack: [],
      instructions: { stock: "", manpack: "" },
    }),
  });
}

/** Puts one orderable product (qty 2) in the live basket through the provider, as the basket page would. */
export async function fillBasket(token: string): Promise<{ name: string; productId: string }> {
  const orderable = (await orderableVariants(token)).find(
    (item) => item.minimumSaleQuantity <= 2 && 2 % item.quantityStep === 0,
  );
  if (!orderable) throw new Error("no orderable product in the demo catalogue");
  await putBasket(token, [{ item: orderable, qty: 2 }]);
  return { name: orderable.displayName, productId: orderable.internalId };
}

/** Places the basket's order on account from the checkout page, with the buyer's reference. */
export async function placeOrder(page: Page, reference: string) {
  await page.goto("/checkout");
  await expect(page.getByRole("heading", { name: "Checkout", level: 1 })).toBeVisible();
  await page.getByLabel("Your order reference (optional)").fill(reference);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
}

const gbp = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** Money as the portal shows it. */
export function pounds(amount: number): string {
  return gbp.format(amount);
}
