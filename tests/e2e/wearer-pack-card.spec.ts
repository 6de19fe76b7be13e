import type { TestInfo } from "@playwright/test";
import { basketOf, emptyBasket, tokenIn } from "./basket-helpers";
import { ordersWithReference, routeStripeToStandIn, STRIPE, THREE_DS_CARD } from "./card-payment-helpers";
import { expect, newColleague, providerCall, test } from "./fixtures";

// Card payment for the wearer-pack basket (issue 15 item 6, decision 106), against the Stripe stand-in: with
// JavaScript Stripe Elements on the checkout page (with 3-D Secure in the page), without it Stripe's hosted page and
// back. Northwind Facilities offers Visa and Mastercard (Harbour pays on account only), so each project checks out in
// the basket of a new Northwind colleague with wearer-pack rights; the packs are put in through the provider with an
// item each wearer is entitled to, and each project takes its own wearers (from the end of the list).

const UNIT = "Northwind Facilities";
const RIGHTS = ["canViewManpack", "manpackOrders", "viewOrderHistory", "indAddress"];

type Budget = { type: string; qty: number; usedQty: number };
type Wearer = { internalId: string; firstName: string; lastName: string; grade: string | null; budgets: Budget[] };
type Item = {
  internalId: string;
  displayName: string;
  price: number | null;
  allocationType: string | null;
  itemPoints: number | null;
  quantityStep: number | null;
  minimumSaleQuantity: number | null;
  simples: Array<{ internalId: string; options: Record<string, string | null>; price: number | null }>;
};
type Pick = { wearer: Wearer; productId: string; name: string; price: number | null };
type Quote = { totalPence: number; total: number };

const nameOf = (w: Wearer) => `${w.firstName} ${w.lastName}`;

/** What one of the item costs the wearer's allowance (decision 098: a Points budget pays for everything), or 0. */
function chargeOf(wearer: Wearer, item: Item): { budget: Budget; charge: number } | null {
  const points = wearer.budgets.find((b) => b.type === "Points");
  const budget = points ?? wearer.budgets.find((b) => b.type === item.allocationType);
  const charge = points ? (item.itemPoints ?? 0) : 1;
  return budget && charge > 0 ? { budget, charge } : null;
}

/** An item sold singly, priced, with no finish to choose (its first variant when it has variants). */
const plain = (i: Item) =>
  (i.quantityStep ?? 1) === 1 &&
  (i.minimumSaleQuantity ?? 1) === 1 &&
  i.price !== null &&
  (i.simples.length === 0 || (!i.simples[0].options.finish && i.simples[0].price !== null));

/** Active Northwind wearers, last first, each with a plain entitled item whose budget has room for two. */
async function picks(token: string, wanted: number, skip: number): Promise<Pick[]> {
  const found: Pick[] = [];
  let skipped = 0;
  const { data } = await providerCall<{ data: Wearer[] }>("/contact?isInactive=false&manpackUser=true&$limit=200", {
    token,
  });
  for (const wearer of data.slice().reverse()) {
    if (!wearer.grade || wearer.budgets.length === 0) continue;
    const query = `scope=manpack&contactId=${wearer.internalId}&contactProducts=true&includeAllocation=true&includeChildren=true&$limit=100`;
    const entitled = (await providerCall<{ data: Item[] }>(`/item?${query}`, { token })).data;
    const item = entitled.filter(plain).find((i) => {
      const cost = chargeOf(wearer, i);
      return cost && cost.budget.qty - cost.budget.usedQty >= 2 * cost.charge;
    });
    if (!item) continue;
    if (skipped++ < skip) continue;
    const variant = item.simples[0];
    found.push({
      wearer,
      productId: variant?.internalId ?? item.internalId,
      name: item.displayName,
      price: variant?.price ?? item.price,
    });
    if (found.length === wanted) return found;
  }
  throw new Error(`found ${found.length} of ${wanted} Northwind wearers with an allowance to spend`);
}

const offset = (testInfo: TestInfo) => (testInfo.project.name === "no-js" ? 2 : 0);

test.describe("the wearer-pack checkout by card (issue 15 item 6)", () => {
  test("packs for two wearers are paid by card for the provider's quote and ordered as one wearer-pack order", async ({
    page,
    logInAs,
  }, testInfo) => {
    const js = testInfo.project.name !== "no-js";
    if (js) await routeStripeToStandIn(page);
    const colleague = await newColleague(UNIT, `wp-card-${testInfo.project.name}`, RIGHTS);
    const token = await tokenIn(colleague, UNIT);
    await logInAs(colleague, UNIT);
    try {
      const [a, b] = await picks(token, 2, offset(testInfo));
      await providerCall("/basket-session", {
        method: "PUT",
        token,
        body: JSON.stringify({
          selectedBasketType: "manpack-order-basket",
          stock: [],
          manpack: [a, b].map((p) => ({
            employeeId: p.wearer.internalId,
            data: [{ productId: p.productId, qty: 1, name: p.name, price: p.price }],
          })),
          instructions: { stock: "", manpack: "" },
        }),
      });
      const quote = await providerCall<Quote>("/order-quote?forBasket=manpack", { token });
      const reference = `WP-CARD-${testInfo.project.name}-${Date.now()}`;

      await page.goto("/checkout");
      await expect(page.getByRole("heading", { level: 1, name: "Checkout: wearer packs" })).toBeVisible();
      for (const p of [a, b])
        await expect(page.getByRole("region", { name: nameOf(p.wearer) })).toContainText(`1 × ${p.name}`);
      await page.getByRole("radio", { name: "Card (Visa)" }).check();
      await page.getByLabel("Your order reference (optional)").fill(reference);

      if (js) {
        // Stripe Elements on the page; the issuer's 3-D Secure challenge in the page
        await page.getByRole("group", { name: "Card details" }).getByLabel("Card number").fill(THREE_DS_CARD);
        await page.getByRole("button", { name: "Place order" }).click();
        const challenge = page.getByRole("dialog", { name: "3D Secure" });
        await expect(challenge).toBeVisible();
        await challenge.getByRole("button", { name: "Complete authentication" }).click();
      } else {
        await expect(
          page.getByText("Paying by card? You enter your card details on Stripe's secure payment page next."),
        ).toBeVisible();
        await page.getByRole("button", { name: "Place order" }).click();
        // the hosted page asks for exactly the quote's total
        await expect(page).toHaveURL(new RegExp(`^${STRIPE}/pay/cs_`));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Pay £${(quote.totalPence / 100).toFixed(2)}`);
        await page.getByLabel("Card number").fill(THREE_DS_CARD);
        await page.getByRole("button", { name: "Pay" }).click();
        await page.getByRole("button", { name: "Complete authentication" }).click();
      }

      await expect(page.getByRole("heading", { name: "Thank you for your order" })).toBeVisible();
      await expect(page).toHaveURL(/\/order-complete\?order=\d+$/);
      const orders = await ordersWithReference(token, reference);
      expect(orders).toHaveLength(1);
      const order = orders[0] as (typeof orders)[number] & { isWearerPack: boolean };
      expect(order).toMatchObject({ isWearerPack: true, stripePaid: true, paymentMethod: { internalId: "1" } });
      expect(order.stripeId).toMatch(/^pi_fake_\d+$/);
      expect(Math.round(order.total * 100)).toBe(quote.totalPence);
      // one line per wearer, named by the provider
      const detail = await providerCall<{ itemList: { item: Array<{ employee: { internalId: string } | null }> } }>(
        `/order/${order.internalId}`,
        { token },
      );
      expect(new Set(detail.itemList.item.map((l) => l.employee?.internalId))).toEqual(
        new Set([a.wearer.internalId, b.wearer.internalId]),
      );
      expect((await basketOf(token)).manpack).toEqual([]);
    } finally {
      await emptyBasket(token);
    }
  });
});
