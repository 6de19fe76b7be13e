import {
  addCapped,
  addPacks,
  reorderDroppedNotice,
  lineFromItem,
  mergeLine,
  orderable,
  UNKNOWN_PRODUCT,
  type PricesHidden,
} from "~/domain/basket-lines";
import { countOf } from "~/domain/plural";
import { checkOrderQuantity } from "~/domain/quantity";
import type { UpstreamClient } from "~/upstream/client.server";
import { isRefusal, refusal } from "~/upstream/errors.server";
import {
  getBasket,
  getItem,
  patchBasket,
  reOrder,
  type BasketItem,
  type BasketPatch,
  type BasketState,
  type BasketType,
  type StockLine,
} from "~/upstream/basket.server";

// The changes behind the basket's intents (/basket, app/basket/basket.server.ts reads the form and dispatches): add,
// update and remove a stock line, reorder, the instructions, the basket shown. Each answers a BasketChange. The product
// page and quick order add through addLine and stockAdded; the wearer packs' changes are in wearer-pack-basket.server.ts.

/** What a basket change did: the new basket, or why nothing was changed. */
/** `notice` marks a change that went through only in part (e.g. products dropped from a reorder). */
/** A refusal answers 400 unless it names another status (403: the account may not, in the provider's words). */
export type BasketChange =
  | { ok: true; basket: BasketState; message: string; notice?: boolean }
  | { ok: false; message: string; status?: number };

export const NOT_IN_BASKET = "That product is not in your basket.";
export const ORDER_NOT_FOUND = "That order could not be found.";

const refuse = (message: string): BasketChange => ({ ok: false, message });

// ---------------------------------------------------------------- the changes, one per intent

/** The product as an orderable item, or the reason it cannot be ordered (unknown, inactive or a matrix parent). */
export async function orderableItem(
  client: UpstreamClient,
  productId: string,
  prices: PricesHidden = {},
): Promise<{ ok: true; item: BasketItem } | { ok: false; message: string }> {
  let item: BasketItem;
  try {
    item = await getItem(client, productId);
  } catch (error) {
    if (isRefusal(error, 404, 400)) return { ok: false, message: UNKNOWN_PRODUCT };
    throw error;
  }
  return orderable(item, prices);
}

/** intent=add: validates the product and quantity against the catalogue, then merges the line (SPEC §4). */
export async function addLine(
  client: UpstreamClient,
  productId: string,
  qty: unknown,
  prices: PricesHidden = {},
): Promise<BasketChange> {
  const found = await orderableItem(client, productId, prices);
  if (!found.ok) return refuse(found.message);
  const check = checkOrderQuantity(found.item, qty);
  if (!check.ok) return refuse(check.message);
  const basket = await getBasket(client);
  const merged = mergeLine<StockLine>(basket.stock, lineFromItem(found.item, check.qty), found.item);
  if (!merged.ok) return refuse(merged.message);
  try {
    return {
      ok: true,
      basket: await patchBasket(client, stockAdded(basket, merged.lines)),
      message: "Added to basket",
    };
  } catch (error) {
    // the provider's 403 in its own words (a read-only punchout session), answered where the add was posted from
    return { ok: false, message: refusal(error, 403).message, status: 403 };
  }
}

/** The write for stock lines just added: the stock basket is shown next, even if the wearer-pack one was selected. */
export function stockAdded(basket: BasketState, stock: StockLine[]): BasketPatch {
  return basket.selectedBasketType === "stock-order-basket"
    ? { stock }
    : { stock, selectedBasketType: "stock-order-basket" };
}

/** intent=update: a new quantity for a line in the basket; 0 removes it. */
export async function updateLine(
  client: UpstreamClient,
  productId: string,
  qty: unknown,
  prices: PricesHidden = {},
): Promise<BasketChange> {
  const basket = await getBasket(client);
  if (!basket.stock.some((line) => line.productId === productId)) return refuse(NOT_IN_BASKET);
  const found = await orderableItem(client, productId, prices);
  if (!found.ok) return refuse(found.message);
  const check = checkOrderQuantity(found.item, qty, { zeroRemoves: true });
  if (!check.ok) return refuse(check.message);
  const stock =
    check.qty === 0
      ? basket.stock.filter((line) => line.productId !== productId)
      : basket.stock.map((line) => (line.productId === productId ? { ...line, qty: check.qty } : line));
  const message = check.qty === 0 ? "Removed from basket" : "Basket updated";
  return { ok: true, basket: await patchBasket(client, { stock }), message };
}

/** intent=remove. */
export async function removeLine(client: UpstreamClient, productId: string): Promise<BasketChange> {
  const basket = await getBasket(client);
  if (!basket.stock.some((line) => line.productId === productId)) return refuse(NOT_IN_BASKET);
  const stock = basket.stock.filter((line) => line.productId !== productId);
  return { ok: true, basket: await patchBasket(client, { stock }), message: "Removed from basket" };
}

/**
 * intent=reorder (SPEC §7 POST /api/re-order): the order's lines go into the basket of its kind (stock, or a
 * wearer's pack), which the basket page then shows; products that no longer exist are dropped with a notice.
 * Quantities summed beyond a line's limit stop at the limit.
 */
export async function reorderIntoBasket(client: UpstreamClient, orderId: string): Promise<BasketChange> {
  let answer;
  try {
    answer = await reOrder(client, orderId);
  } catch (error) {
    if (isRefusal(error, 404, 400)) return refuse(ORDER_NOT_FOUND);
    throw error;
  }
  const basket = await getBasket(client);
  const added = answer.lines.length + answer.packs.reduce((sum, pack) => sum + pack.data.length, 0);
  const patch: BasketPatch =
    answer.orderType === "manpack"
      ? { manpack: addPacks(basket.manpack, answer.packs), selectedBasketType: "manpack-order-basket" }
      : { stock: addCapped(basket.stock, answer.lines), selectedBasketType: "stock-order-basket" };
  const saved = await patchBasket(client, patch);
  const dropped = reorderDroppedNotice(answer.dropped);
  const message = added
    ? `Added ${countOf(added, "line")} from the order to your basket.${dropped}`
    : `Nothing could be added.${dropped}`;
  return { ok: true, basket: saved, message, notice: answer.dropped.length > 0 || added === 0 };
}

/** intent=instructions: the stock basket's delivery instructions, kept with the basket until checkout. */
export async function setInstructions(client: UpstreamClient, stock: string): Promise<BasketChange> {
  const basket = await getBasket(client);
  const saved = await patchBasket(client, { instructions: { ...basket.instructions, stock } });
  return { ok: true, basket: saved, message: "Delivery instructions saved" };
}

/** intent=basket-type: which basket the page shows and checkout orders (SPEC §3 selectedBasketType). */
export async function setBasketType(client: UpstreamClient, selectedBasketType: BasketType): Promise<BasketChange> {
  const saved = await patchBasket(client, { selectedBasketType });
  const message =
    selectedBasketType === "stock-order-basket" ? "Showing the stock basket" : "Showing the wearer-pack basket";
  return { ok: true, basket: saved, message };
}
