import { basketCount, basketTotal } from "~/domain/basket";
import { formatMoney } from "~/domain/money";
import { verifyPrices } from "~/domain/prices";
import { PLACEHOLDER_IMAGE } from "~/domain/product-card";
import { quantityStep } from "~/domain/quantity";
import type { UpstreamClient } from "~/upstream/client.server";
import { getBasket, getItemsById, type BasketItem, type BasketState, type StockLine } from "~/upstream/basket.server";

export type BasketLineView = {
  productId: string;
  name: string;
  code: string | null;
  thumbnail: string;
  options: string[];
  qty: number;
  step: number;
  /** The catalogue's price now, else the price held when the line was added. */
  unitPrice: number | null;
  lineTotal: number;
};

/** The notice text for one line whose price changed or vanished since it was added (SPEC §5 verifyPrices). */
function priceNoticeText(line: StockLine, item: BasketItem | undefined): string {
  const name = line.name ?? item?.displayName ?? `Product ${line.productId}`;
  if (!item || item.price === null) return `${name}: no longer available at a price`;
  return `${name}: was ${formatMoney(line.price)}, now ${formatMoney(item.price)}`;
}

/** The basket page's data: the upstream basket with the catalogue's current prices and quantity steps. */
export async function basketView(client: UpstreamClient) {
  const basket: BasketState = await getBasket(client);
  const items = await getItemsById(client, basket.stock.map((line) => line.productId));
  const byId = new Map(items.map((item) => [item.internalId, item]));
  const check = verifyPrices(basket.stock.map((line) => ({ productId: line.productId, price: line.price })), items);
  const priced = basket.stock.map((line) => ({ ...line, price: byId.get(line.productId)?.price ?? line.price ?? null }));

  const lines: BasketLineView[] = priced.map((line) => {
    const item = byId.get(line.productId);
    return {
      productId: line.productId,
      name: line.name ?? item?.displayName ?? `Product ${line.productId}`,
      code: item?.itemId ?? null,
      thumbnail: line.thumbnail || PLACEHOLDER_IMAGE,
      options: Object.entries(line.options ?? {})
        .filter(([, value]) => value !== null && value !== "")
        .map(([key, value]) => `${key[0].toUpperCase()}${key.slice(1)}: ${String(value)}`),
      qty: line.qty,
      step: item ? quantityStep(item) : 1,
      unitPrice: line.price,
      lineTotal: basketTotal([line]),
    };
  });

  return {
    selectedBasketType: basket.selectedBasketType,
    lines,
    count: basketCount(priced),
    total: basketTotal(priced),
    verifyPrices: check.verifyPrices,
    priceNotice: check.changed.map((productId) => {
      const line = basket.stock.find((l) => l.productId === productId)!;
      return { productId, text: priceNoticeText(line, byId.get(productId)) };
    }),
    instructions: basket.instructions,
    packs: basket.manpack.map((pack) => ({ employeeId: pack.employeeId, lines: pack.data.length })),
    /** A punched-out basket loaded for the user's approval (decision 081): checking out approves it. */
    heldForApproval: basket.basketIdForApproval,
  };
}
