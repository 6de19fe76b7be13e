import { addToBasket, basketAddPayload } from "~/domain/basket";
import { cardImage } from "~/domain/product-card";
import { checkOrderQuantity, QUANTITY_MAX } from "~/domain/quantity";
import type { UpstreamClient } from "~/upstream/client.server";
import type { QuickOrderRequest } from "~/domain/quick-order-lines";
import {
  findItemByCode,
  getBasket,
  getItem,
  patchBasket,
  reOrder,
  type BasketItem,
  type BasketPatch,
  type BasketState,
  type BasketType,
  type ReOrder,
  type StockLine,
} from "~/upstream/basket.server";

/** What a basket change did: the new basket, or why nothing was changed. */
/** `notice` marks a change that went through only in part (e.g. products dropped from a reorder). */
export type BasketChange = { ok: true; basket: BasketState; message: string; notice?: boolean } | { ok: false; message: string };

export const UNKNOWN_PRODUCT = "That product is not available to order.";
export const NOT_IN_BASKET = "That product is not in your basket.";

const refuse = (message: string): BasketChange => ({ ok: false, message });

/** The product as an orderable item, or the reason it cannot be ordered (unknown, inactive or a matrix parent). */
export async function orderableItem(client: UpstreamClient, productId: string, prices: PricesHidden = {}): Promise<{ ok: true; item: BasketItem } | { ok: false; message: string }> {
  let item: BasketItem;
  try {
    item = await getItem(client, productId);
  } catch (error) {
    if (error instanceof Response && (error.status === 404 || error.status === 400)) return { ok: false, message: UNKNOWN_PRODUCT };
    throw error;
  }
  return orderable(item, prices);
}

/** The session's pricingHidden, decided once (decision 058): its null prices are hidden, not missing. */
export type PricesHidden = { pricesHidden?: boolean };

/**
 * Whether a catalogue item can go into the basket as it is: active, priced, and not a matrix parent. With the
 * account's prices hidden the upstream sends no price, and the line is still orderable: the provider prices the order.
 */
export function orderable(item: BasketItem, { pricesHidden = false }: PricesHidden = {}): { ok: true; item: BasketItem } | { ok: false; message: string } {
  if (item.isInactive) return { ok: false, message: UNKNOWN_PRODUCT };
  if (item.matrixType === "parent") return { ok: false, message: `Choose a size or colour of ${item.displayName} first.` };
  if (item.price === null && !pricesHidden) return { ok: false, message: `${item.displayName} has no price and cannot be ordered here.` };
  return { ok: true, item };
}

function chosenOptions(options: BasketItem["options"]): Record<string, string> | undefined {
  if (!options) return undefined;
  const chosen = Object.entries(options).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== "");
  return chosen.length ? Object.fromEntries(chosen) : undefined;
}

/** SPEC §3 basket line for an item: the add payload (price from upstream, never from the form) plus display fields. */
export function lineFromItem(item: BasketItem, qty: number): StockLine {
  const payload = basketAddPayload({ productId: item.internalId, name: item.displayName, price: item.price ?? 0 }, qty);
  const firstImage = item.images ? Object.values(item.images).find((list) => list.length > 0)?.[0] : undefined;
  return {
    ...payload,
    price: item.price,
    parentId: item.parent?.internalId ?? item.internalId,
    thumbnail: cardImage({ defaultImage: item.defaultImage ?? firstImage }),
    options: chosenOptions(item.options),
  };
}

/** Adds one line, summing with the product's line (SPEC §4); a sum beyond the item's rules is refused, not trimmed. */
export function mergeLine(current: readonly StockLine[], line: StockLine, item: BasketItem) {
  const lines = addToBasket(current, line);
  const merged = lines.find((l) => l.productId === line.productId);
  if (merged) {
    const check = checkOrderQuantity(item, merged.qty);
    if (!check.ok) {
      const held = merged.qty - line.qty;
      const reason = merged.qty > QUANTITY_MAX ? `a basket line cannot be more than ${QUANTITY_MAX}` : check.message.toLowerCase();
      return { ok: false as const, message: `You already have ${held} of ${line.name ?? "this product"} in your basket; ${reason}.` };
    }
  }
  return { ok: true as const, lines };
}

/** intent=add: validates the product and quantity against the catalogue, then merges the line (SPEC §4). */
export async function addLine(client: UpstreamClient, productId: string, qty: unknown, prices: PricesHidden = {}): Promise<BasketChange> {
  const found = await orderableItem(client, productId, prices);
  if (!found.ok) return refuse(found.message);
  const check = checkOrderQuantity(found.item, qty);
  if (!check.ok) return refuse(check.message);
  const basket = await getBasket(client);
  const merged = mergeLine(basket.stock, lineFromItem(found.item, check.qty), found.item);
  if (!merged.ok) return refuse(merged.message);
  return { ok: true, basket: await patchBasket(client, stockAdded(basket, merged.lines)), message: "Added to basket" };
}

/** The write for stock lines just added: the stock basket is shown next, even if the wearer-pack one was selected. */
function stockAdded(basket: BasketState, stock: StockLine[]): BasketPatch {
  return basket.selectedBasketType === "stock-order-basket" ? { stock } : { stock, selectedBasketType: "stock-order-basket" };
}

/** intent=update: a new quantity for a line in the basket; 0 removes it. */
export async function updateLine(client: UpstreamClient, productId: string, qty: unknown, prices: PricesHidden = {}): Promise<BasketChange> {
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

/** The notice for products of an old order or saved basket that could not be added. */
export function droppedNotice(names: readonly string[]): string {
  return names.length ? ` No longer available, so not added: ${names.join(", ")}.` : "";
}

type Pack = BasketState["manpack"][number];

/** Lines added to lines: the same product's quantities summed, stopping at the line limit. */
function addCapped(current: readonly StockLine[], added: readonly StockLine[]): StockLine[] {
  let lines = [...current];
  for (const line of added) lines = addToBasket(lines, line).map((l) => ({ ...l, qty: Math.min(l.qty, QUANTITY_MAX) }));
  return lines;
}

/** Reordered packs into the wearer-pack basket: one pack per wearer, a wearer's pack already held keeps its address. */
function addPacks(current: readonly Pack[], added: ReOrder["packs"]): Pack[] {
  const packs = [...current];
  for (const pack of added) {
    const index = packs.findIndex((held) => held.employeeId === pack.employeeId);
    if (index === -1) packs.push({ employeeId: pack.employeeId, data: addCapped([], pack.data) });
    else packs[index] = { ...packs[index], data: addCapped(packs[index].data, pack.data) };
  }
  return packs;
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
    if (error instanceof Response && (error.status === 404 || error.status === 400)) {
      return refuse("That order could not be found.");
    }
    throw error;
  }
  const basket = await getBasket(client);
  const added = answer.lines.length + answer.packs.reduce((sum, pack) => sum + pack.data.length, 0);
  const patch: BasketPatch =
    answer.orderType === "manpack"
      ? { manpack: addPacks(basket.manpack, answer.packs), selectedBasketType: "manpack-order-basket" }
      : { stock: addCapped(basket.stock, answer.lines), selectedBasketType: "stock-order-basket" };
  const saved = await patchBasket(client, patch);
  const dropped = droppedNotice(answer.dropped.map((d) => d.name));
  const message = added ? `Added ${added} ${added === 1 ? "line" : "lines"} from the order to your basket.${dropped}` : `Nothing could be added.${dropped}`;
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
  const message = selectedBasketType === "stock-order-basket" ? "Showing the stock basket" : "Showing the wearer-pack basket";
  return { ok: true, basket: saved, message };
}

export type LineReport = { row: number; code: string; qty: string; added: boolean; name: string | null; reason: string | null };

/**
 * Quick order and CSV upload: each requested code and quantity is checked against the catalogue on its own;
 * the accepted ones go into the basket in one write, the refused ones say why. Nothing is written when
 * nothing was accepted.
 */
export async function addByCodes(client: UpstreamClient, requests: readonly QuickOrderRequest[], prices: PricesHidden = {}): Promise<{ report: LineReport[]; basket: BasketState | null }> {
  const found = await Promise.all(requests.map((request) => findItemByCode(client, request.code)));
  const basket = await getBasket(client);
  let stock = basket.stock;
  const report = requests.map((request, i): LineReport => {
    const refused = (reason: string, name: string | null = null) => ({ ...request, added: false, name, reason });
    const item = found[i];
    if (!item) return refused(`No product has the code ${request.code}.`);
    const check = orderable(item, prices);
    if (!check.ok) return refused(check.message, item.displayName);
    const qty = checkOrderQuantity(item, request.qty);
    if (!qty.ok) return refused(qty.message, item.displayName);
    const merged = mergeLine(stock, lineFromItem(item, qty.qty), item);
    if (!merged.ok) return refused(merged.message, item.displayName);
    stock = merged.lines;
    return { ...request, added: true, name: item.displayName, reason: null };
  });
  if (!report.some((line) => line.added)) return { report, basket: null };
  return { report, basket: await patchBasket(client, stockAdded(basket, stock)) };
}
