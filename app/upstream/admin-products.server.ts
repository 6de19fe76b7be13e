import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import { optionalText } from "./admin-schemas";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// The admin product picker: `api/admin/product` (docs/upstream-api.md "Admin part 2" §1 and §3).

const ProductSchema = z.object({
  id,
  itemCode: z.string(),
  displayName: optionalText,
  price: z.number().nullable().default(null),
  image: z.string().nullable().default(null),
  isInactive: z.boolean().default(false),
  className: z.string().nullable().default(null),
});

/** GET /api/admin/product?q=&$limit=16 — products (not variants) whose name or code contains `q`, by name. */
export function searchProducts(client: UpstreamClient, q: string, limit = 16) {
  return client.get("/api/admin/product", ListSchema(ProductSchema), { query: { q, $limit: limit, $skip: 0 } });
}
