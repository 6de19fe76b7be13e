import { DEMO, providerCall, providerToken, type DemoUser } from "./fixtures";

type Item = {
  internalId: string;
  price: number | null;
  matrixType?: string | null;
  quantityStep?: number;
  minimumSaleQuantity?: number;
  simples?: Item[];
};
type Placed = { internalId: string; tranId: string };

/** A variant the user can order one of (no multiples, priced), read from the provider as that user would see it. */
export async function orderableItem(token: string): Promise<string> {
  const { data } = await providerCall<{ data: Item[] }>("/item?scope=my&$limit=40&includeChildren=true", { token });
  const candidates = data.flatMap((i) => (i.simples?.length ? i.simples : [i]));
  const item = candidates.find(
    (i) =>
      i.matrixType !== "parent" && i.price != null && (i.quantityStep ?? 1) === 1 && (i.minimumSaleQuantity ?? 1) === 1,
  );
  if (!item) throw new Error("no orderable item for the e2e order");
  return item.internalId;
}

/**
 * Places stock orders through the provider API as `who`, in `unitName` when given (the checkout screen is
 * another issue's work),
 * each with its own reference so a spec finds exactly its orders.
 */
export async function placeOrders(who: DemoUser, references: string[], unitName?: string): Promise<Placed[]> {
  const token = await providerToken(DEMO[who]);
  if (unitName) {
    const { customers } = await providerCall<{ customers: Array<{ name: string; contactId: string }> }>("/session", {
      token,
    });
    const unit = customers.find((c) => c.name === unitName);
    await providerCall("/select-customer", {
      method: "POST",
      token,
      body: JSON.stringify({ contactId: unit?.contactId }),
    });
  }
  const [internalId, addresses] = await Promise.all([
    orderableItem(token),
    providerCall<{ data: Array<{ internalId: string }> }>("/customer-address?$limit=1", { token }),
  ]);
  const placed: Placed[] = [];
  for (const otherRefNum of references) {
    placed.push(
      await providerCall<Placed>("/order", {
        method: "POST",
        token,
        body: JSON.stringify({
          orderType: "standard",
          items: [{ internalId, qty: 1 }],
          addressId: addresses.data[0].internalId,
          otherRefNum,
        }),
      }),
    );
  }
  return placed;
}

/** A reference unique to this test run and project. */
export function uniqueReference(prefix: string, project: string): string {
  return `${prefix}-${project}-${Date.now().toString(36)}`.toUpperCase();
}
