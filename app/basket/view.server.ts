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
  /** null when the account's prices are hidden (decision 058) */
  lineTotal: number | null;
};

/** The notice text for one line whose price changed or vanished since it was added (SPEC §5 verifyPrices). */
function priceNoticeText(line: StockLine, item: BasketItem | undefined): string {
  const name = line.name ?? item?.displayName ?? `Product ${line.productId}`;
  if (!item || item.price === null) return `${name}: no longer available at a price`;
  return `${name}: was ${formatMoney(line.price)}, now ${formatMoney(item.price)}`;
}

/**
 * The basket page's data: the upstream basket with the catalogue's current prices and quantity steps. With the
 * account's prices hidden (decision 058) no price, line total or total is given, and a price the catalogue does not
 * send is hidden, not gone: no price notice.
 */
export async function basketView(client: UpstreamClient, { pricesHidden = false }: { pricesHidden?: boolean } = {}) {
  const basket: BasketState = await getBasket(client);
  const items = await getItemsById(client, basket.stock.map((line) => line.productId));
  const byId = new Map(items.map((item) => [item.internalId, item]));
  const check = pricesHidden
    ? { verifyPrices: false, changed: [] as string[] }
    : verifyPrices(basket.stock.map((line) => ({ productId: line.productId, price: line.price })), items);
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
      unitPrice: pricesHidden ? null : line.price,
      lineTotal: pricesHidden ? null : basketTotal([line]),
    };
  });

  return {
    selectedBasketType: basket.selectedBasketType,
    lines,
    count: basketCount(priced),
    total: pricesHidden ? null : basketTotal(priced),
    pricesHidden,
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
