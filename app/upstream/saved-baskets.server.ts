import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// The lines are read loosely on purpose: a malformed saved basket must reach the SPEC §5 shape check
// (and give an empty basket with a message), not fail here as an upstream contract error.
export const SavedBasketSchema = z.object({
  id,
  basket_name: z.string(),
  checked_out: z.union([z.number(), z.boolean()]).transform((v) => (v === true || v === 1 ? 1 : 0)),
  address_id: id.nullish(),
  updated_at: z.string().nullish(),
  itemsArray: z
    .array(z.unknown())
    .nullish()
    .transform((v) => v ?? []),
});
export type SavedBasketRecord = z.output<typeof SavedBasketSchema>;

export type SavedBasketItemInput = { internalId: string; parent: string | null; qty: number };

// GET /api/saved-basket (justBaskets) (SPEC §7) — the caller's saved baskets, newest first, without their lines
export async function listSavedBaskets(client: UpstreamClient): Promise<SavedBasketRecord[]> {
  const answer = await client.get("/api/saved-basket", ListSchema(SavedBasketSchema), {
    query: { justBaskets: "true", $limit: 100 },
  });
  return answer.data;
}

// GET /api/saved-basket/{id} (SPEC §7 GET /api/saved-basket) — one saved basket with its itemsArray
export function getSavedBasket(client: UpstreamClient, basketId: string): Promise<SavedBasketRecord> {
  return client.get(`/api/saved-basket/${encodeURIComponent(basketId)}`, SavedBasketSchema);
}

// POST /api/saved-basket {items, newBasketName} (SPEC §7) — price and name are taken from the catalogue upstream
export function createSavedBasket(
  client: UpstreamClient,
  newBasketName: string,
  items: SavedBasketItemInput[],
): Promise<SavedBasketRecord> {
  return client.post("/api/saved-basket", SavedBasketSchema, { body: { items, newBasketName } });
}

// PATCH /api/saved-basket {deleteBasket, basketID} (SPEC §7)
export function deleteSavedBasket(client: UpstreamClient, basketId: string) {
  return client.patch("/api/saved-basket", SavedBasketSchema, { body: { deleteBasket: true, basketID: basketId } });
}

// PATCH /api/saved-basket {basket, checked_out} (SPEC §7) — checked_out goes 0 → 1 when the basket is ordered
export function markSavedBasketCheckedOut(client: UpstreamClient, basketId: string) {
  return client.patch("/api/saved-basket", SavedBasketSchema, { body: { basket: basketId, checked_out: 1 } });
}

// PATCH /api/saved-basket {basket_id, item_id} (SPEC §7) — adds the product (one more, or its minimum when new)
export function addSavedBasketItem(client: UpstreamClient, basketId: string, itemId: string) {
  return client.patch("/api/saved-basket", SavedBasketSchema, { body: { basket_id: basketId, item_id: itemId } });
}

// PATCH /api/saved-basket {basket_id, item_id, delete_from_saved} (SPEC §7) — removes a line
export function removeSavedBasketItem(client: UpstreamClient, basketId: string, itemId: string) {
  return client.patch("/api/saved-basket", SavedBasketSchema, {
    body: { basket_id: basketId, item_id: itemId, delete_from_saved: true },
  });
}

// PATCH /api/saved-basket {basket_id, item_id, qty} (SPEC §7) — sets a line's quantity
export function setSavedBasketItemQty(client: UpstreamClient, basketId: string, itemId: string, qty: number) {
  return client.patch("/api/saved-basket", SavedBasketSchema, { body: { basket_id: basketId, item_id: itemId, qty } });
}
