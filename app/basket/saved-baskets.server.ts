import { redirect } from "@remix-run/node";
import { flashToast } from "~/auth/session.server";
import { NO_APPROVAL_HELD } from "~/domain/punchout-approval";
import { loadSavedBasket } from "~/domain/saved-basket";
import { basketTotal } from "~/domain/basket";
import { cardImage } from "~/domain/product-card";
import { checkOrderQuantity, quantityStep } from "~/domain/quantity";
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
import { droppedNotice, lineFromItem, orderable } from "./basket.server";

export type SavedChange = { ok: true; message: string; notice?: boolean } | { ok: false; message: string };

const refuse = (message: string): SavedChange => ({ ok: false, message });

/** A saved basket's line as the upstream keeps it; read loosely because it is checked by the SPEC §5 shape rule. */
type RawSavedItem = { internalId?: unknown; parent?: unknown; qty?: unknown; name?: unknown };

function asRaw(value: unknown): RawSavedItem {
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
 * empties the basket, with a message; products no longer in the catalogue are dropped, with a notice.
 */
export async function loadIntoBasket(client: UpstreamClient, basketId: string): Promise<SavedChange> {
  const record = await getSavedBasket(client, basketId);
  const shape = savedShape(record);
  const ids = record.itemsArray.map((value) => asRaw(value).internalId).filter((v): v is string => typeof v === "string");
  const items = await getItemsById(client, ids);
  const live = new Map(items.filter((item) => orderable(item).ok).map((item) => [item.internalId, item]));
  const loaded = loadSavedBasket(shape, (productId) => live.has(productId));
  if (loaded.error) {
    await patchBasket(client, { stock: [], loadedBasket: null, ...NO_APPROVAL_HELD });
    return { ok: true, notice: true, message: `"${record.basket_name}" could not be loaded (${loaded.error}), so your basket is now empty.` };
  }
  const names = new Map(record.itemsArray.map((value) => [String(asRaw(value).internalId), String(asRaw(value).name ?? asRaw(value).internalId)]));
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

/** A saved basket with its lines priced and described from the live catalogue (the detail page). */
export async function savedBasketView(client: UpstreamClient, basketId: string) {
  const record = await getSavedBasket(client, basketId);
  const raws = record.itemsArray.map(asRaw);
  const ids = raws.map((raw) => String(raw.internalId ?? "")).filter((v) => /^\d{1,15}$/.test(v));
  const items = new Map((await getItemsById(client, ids)).map((item) => [item.internalId, item]));
  const lines = raws.map((raw, index) => {
    const productId = String(raw.internalId ?? "");
    const item = items.get(productId);
    const qty = typeof raw.qty === "number" ? raw.qty : Number(raw.qty) || 0;
    const line = item ? lineFromItem(item, Math.max(qty, 0)) : null;
    return {
      key: `${productId}-${index}`,
      productId,
      name: item?.displayName ?? String(raw.name ?? productId),
      code: item?.itemId ?? null,
      qty,
      unitPrice: item?.price ?? null,
      lineTotal: item?.price != null ? item.price * qty : null,
      thumbnail: line?.thumbnail ?? cardImage({}),
      step: item ? quantityStep(item) : 1,
      available: item ? orderable(item).ok : false,
    };
  });
  return {
    id: record.id,
    name: record.basket_name,
    ordered: record.checked_out === 1,
    updated: record.updated_at ?? null,
    lines,
    total: basketTotal(lines.filter((line) => line.available).map((line) => ({ qty: line.qty, price: line.unitPrice }))),
  };
}

/**
 * Loads a saved basket into the live basket (which remembers it for checkout's chosenBasket) and answers the
 * redirect to /basket with its toast; a refusal comes back as the SavedChange.
 */
export async function loadAndGoToBasket(request: Request, client: UpstreamClient, basketId: string): Promise<Response | SavedChange> {
  const loaded = await loadIntoBasket(client, basketId);
  if (!loaded.ok) return loaded;
  const headers = await flashToast(request, { kind: loaded.notice ? "info" : "success", message: loaded.message });
  return redirect("/basket", { status: 303, headers });
}

export async function deleteBasket(client: UpstreamClient, basketId: string): Promise<SavedChange> {
  const deleted = await deleteSavedBasket(client, basketId);
  return { ok: true, message: `Deleted "${deleted.basket_name}"` };
}

function findLine(record: SavedBasketRecord, itemId: string) {
  return record.itemsArray.map(asRaw).find((raw) => String(raw.internalId) === itemId);
}

/** A saved line's new quantity, checked against the item's rules (0 removes the line). */
export async function setSavedLineQty(client: UpstreamClient, basketId: string, itemId: string, qty: string): Promise<SavedChange> {
  const record = await getSavedBasket(client, basketId);
  if (!findLine(record, itemId)) return refuse("That product is not in this saved basket.");
  const [item] = await getItemsById(client, [itemId]);
  const check = checkOrderQuantity(item ?? {}, qty, { zeroRemoves: true });
  if (!check.ok) return refuse(check.message);
  if (check.qty === 0) await removeSavedBasketItem(client, basketId, itemId);
  else await setSavedBasketItemQty(client, basketId, itemId, check.qty);
  return { ok: true, message: check.qty === 0 ? "Removed from the saved basket" : "Saved basket updated" };
}

export async function removeSavedLine(client: UpstreamClient, basketId: string, itemId: string): Promise<SavedChange> {
  const record = await getSavedBasket(client, basketId);
  if (!findLine(record, itemId)) return refuse("That product is not in this saved basket.");
  await removeSavedBasketItem(client, basketId, itemId);
  return { ok: true, message: "Removed from the saved basket" };
}

/** Adds a product to a saved basket by its code (one more, or its minimum when new: the upstream's rule). */
export async function addSavedLineByCode(client: UpstreamClient, basketId: string, code: string): Promise<SavedChange> {
  await getSavedBasket(client, basketId);
  const item = await findItemByCode(client, code.trim().toUpperCase());
  if (!item) return refuse(`No product has the code ${code.trim().toUpperCase()}.`);
  const check = orderable(item);
  if (!check.ok) return refuse(check.message);
  await addSavedBasketItem(client, basketId, item.internalId);
  return { ok: true, message: `Added ${item.displayName} to the saved basket` };
}
