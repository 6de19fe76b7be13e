import { z } from "zod";
import type { UpstreamClient } from "./client.server";

const EntrySchema = z.object({}).passthrough();

// POST /api/wish-list {product_id}
export async function addToWishList(client: UpstreamClient, productId: string): Promise<void> {
  await client.post("/api/wish-list", EntrySchema, { body: { product_id: productId } });
}

// DELETE /api/wish-list/{id} (the id is the product id)
export async function removeFromWishList(client: UpstreamClient, productId: string): Promise<void> {
  await client.delete(`/api/wish-list/${encodeURIComponent(productId)}`, EntrySchema);
}
