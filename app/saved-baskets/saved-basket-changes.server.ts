import { droppedNotice, lineFromItem, orderable, type PricesHidden } from "~/domain/basket-lines";
import { NO_APPROVAL_HELD } from "~/domain/punchout-approval";
import { checkOrderQuantity } from "~/domain/quantity";
import { loadSavedBasket } from "~/domain/saved-basket";
import { findItemByCode, getBasket, getItemsById, patchBasket, type StockLine } from "~/upstream/basket.server";
import type { UpstreamClient } from "~/upstream/client.server";
import {
  addSavedBasketItem,
  createSavedBasket,
  deleteSavedBasket,
  getSavedBasket,
  removeSavedBasketItem,
  setSavedBasketItemQty,
  type SavedBasketRecord,
} from "~/upstream/saved-baskets.server";

// The changes behind the saved baskets' intents (/saved-baskets and /saved-baskets/{id}), and the saved basket as the
// provider keeps it: save the live basket, load one into it, delete one, change a saved basket's lines. Each answers a
// SavedChange; saved-baskets.server.ts reads the forms and answers the pages. Checkout's punchout approval loads too.

export const NOT_IN_SAVED_BASKET = "That product is not in this saved basket.";

export type SavedChange = { ok: true; message: string; notice?: boolean } | { ok: false; message: string };

const refuse = (message: string): SavedChange => ({ ok: false, message });

// ---------------------------------------------------------------- the saved basket as the provider keeps it

/** A saved basket's line as the upstream keeps it; read loosely because it is checked by the SPEC §5 shape rule. */
type RawSavedItem = { internalId?: unknown; parent?: unknown; qty?: unknown; name?: unknown };

export function asRaw(value: unknown): RawSavedItem {
  return typeof value === "object" && value !== null ? (value as RawSavedItem) : {};
}

/** itemsArray → the SPEC §5 saved-basket shape ({stock: [{qty, productId, scope, parentId}], manpack}). */
export function savedShape(record: Pick<SavedBasketRecord, "itemsArray">): unknown {
  return {
    stock: record.itemsArray.map((value) => {
      const raw = asRaw(value);
      return { qty: raw.qty, productId: raw.internalId, scope: "full", parentId: raw.parent ?? raw.internalId };
    }),
    manpack: [],
  };
}

// ---------------------------------------------------------------- the changes

/** Save the live stock basket under a name (SPEC §7 POST /api/saved-basket). */
export async function saveCurrentBasket(client: UpstreamClient, name: string): Promise<SavedChange & { id?: string }> {
  const basket = await getBasket(client);
  const lines = basket.stock.filter((line) => line.qty > 0);
  if (lines.length === 0) return refuse("Your basket is empty: add products before saving it.");
  const saved = await createSavedBasket(
    client,
    name,
    lines.map((line) => ({ internalId: line.productId, parent: line.parentId ?? null, qty: line.qty })),
  );
  return { ok: true, message: `Basket saved as "${saved.basket_name}"`, id: saved.id };
}

/**
 * Load a saved basket into the live stock basket (replacing it). SPEC §4/§5: a basket that fails the shape check
 * empties the basket, with a message; products no longer in the catalogue are dropped, with a notice. With the
 * account's prices hidden (decision 058) a product without a price is still loaded.
 */
export async function loadIntoBasket(
  client: UpstreamClient,
  basketId: string,
  prices: PricesHidden = {},
): Promise<SavedChange> {
  const record = await getSavedBasket(client, basketId);
  const shape = savedShape(record);
  const ids = record.itemsArray
    .map((value) => asRaw(value).internalId)
    .filter((v): v is string => typeof v === "string");
  const items = await getItemsById(client, ids);
  const live = new Map(items.filter((item) => orderable(item, prices).ok).map((item) => [item.internalId, item]));
  const loaded = loadSavedBasket(shape, (productId) => live.has(productId));
  if (loaded.error) {
    await patchBasket(client, { stock: [], loadedBasket: null, ...NO_APPROVAL_HELD });
    return {
      ok: true,
      notice: true,
      message: `"${record.basket_name}" could not be loaded (${loaded.error}), so your basket is now empty.`,
    };
  }
  const names = new Map(
    record.itemsArray.map((value) => [
      String(asRaw(value).internalId),
      String(asRaw(value).name ?? asRaw(value).internalId),
    ]),
  );
  const dropped: string[] = record.itemsArray
    .map((value) => String(asRaw(value).internalId))
    .filter((productId) => !live.has(productId))
    .map((productId) => names.get(productId) ?? productId);
  const stock: StockLine[] = [];
  for (const line of loaded.basket.stock) {
    const item = live.get(line.productId)!;
    const qty = checkOrderQuantity(item, line.qty);
    if (!qty.ok) dropped.push(`${item.displayName} (${qty.message.toLowerCase()})`);
    else stock.push(lineFromItem(item, qty.qty));
  }
  // the loaded basket replaces what was there, so no punched-out basket stays held for approval; the provider keeps
  // which saved basket it was (checkout sends it as chosenBasket, so ordering marks it checked out: decision 077)
  await patchBasket(client, { stock, loadedBasket: basketId, ...NO_APPROVAL_HELD });
  const message = `Loaded "${record.basket_name}" into your basket.${droppedNotice(dropped)}`;
  return { ok: true, message, notice: dropped.length > 0 };
}

export async function deleteBasket(client: UpstreamClient, basketId: string): Promise<SavedChange> {
  const deleted = await deleteSavedBasket(client, basketId);
  return { ok: true, message: `Deleted "${deleted.basket_name}"` };
}

function findLine(record: SavedBasketRecord, itemId: string) {
  return record.itemsArray.map(asRaw).find((raw) => String(raw.internalId) === itemId);
}

/** A saved line's new quantity, checked against the item's rules (0 removes the line). */
export async function setSavedLineQty(
  client: UpstreamClient,
  basketId: string,
  itemId: string,
  qty: string,
): Promise<SavedChange> {
  const record = await getSavedBasket(client, basketId);
  if (!findLine(record, itemId)) return refuse(NOT_IN_SAVED_BASKET);
  const [item] = await getItemsById(client, [itemId]);
  const check = checkOrderQuantity(item ?? {}, qty, { zeroRemoves: true });
  if (!check.ok) return refuse(check.message);
  if (check.qty === 0) await removeSavedBasketItem(client, basketId, itemId);
  else await setSavedBasketItemQty(client, basketId, itemId, check.qty);
  return { ok: true, message: check.qty === 0 ? "Removed from the saved basket" : "Saved basket updated" };
}

export async function removeSavedLine(client: UpstreamClient, basketId: string, itemId: string): Promise<SavedChange> {
  const record = await getSavedBasket(client, basketId);
  if (!findLine(record, itemId)) return refuse(NOT_IN_SAVED_BASKET);
  await removeSavedBasketItem(client, basketId, itemId);
  return { ok: true, message: "Removed from the saved basket" };
}

/** Adds a product to a saved basket by its code (one more, or its minimum when new: the upstream's rule). */
export async function addSavedLineByCode(
  client: UpstreamClient,
  basketId: string,
  code: string,
  prices: PricesHidden = {},
): Promise<SavedChange> {
  await getSavedBasket(client, basketId);
  const item = await findItemByCode(client, code.trim().toUpperCase());
  if (!item) return refuse(`No product has the code ${code.trim().toUpperCase()}.`);
  const check = orderable(item, prices);
  if (!check.ok) return refuse(check.message);
  await addSavedBasketItem(client, basketId, item.internalId);
  return { ok: true, message: `Added ${item.displayName} to the saved basket` };
}
