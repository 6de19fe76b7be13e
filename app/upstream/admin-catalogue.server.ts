import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import { NamedRefSchema } from "./admin-schemas";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// A customer's my catalogue (`api/admin/my-catalogue`) and the category tree (`api/admin/category`): docs/upstream-api.md
// "Admin part 2" §1 and §2 (decision 131). A write makes the portal's kept category trees stale: the caller clears them.

const ItemSchema = z.object({
  id,
  itemCode: z.string(),
  displayName: z.string(),
  price: z.number().nullable().default(null),
  image: z.string().nullable().default(null),
  isInactive: z.boolean().default(false),
});
const MyEntrySchema = z.object({
  position: z.number(),
  item: ItemSchema,
  categories: z.array(NamedRefSchema).default([]),
});

/** GET /api/admin/my-catalogue?customerId=&$limit=&$skip= — the customer's my catalogue by position; unknown customer → 404. */
export function listMyCatalogue(client: UpstreamClient, customerId: string, limit = 100, skip = 0) {
  return client.get("/api/admin/my-catalogue", ListSchema(MyEntrySchema), {
    query: { customerId, $limit: limit, $skip: skip },
  });
}

/** POST /api/admin/my-catalogue {customerId, itemId, categoryId?} → 201 the entry, placed last; 400, 404, 409 already there. */
export function addToMyCatalogue(
  client: UpstreamClient,
  body: { customerId: string; itemId: string; categoryId?: string },
) {
  return client.post("/api/admin/my-catalogue", MyEntrySchema, { body });
}

/** PATCH /api/admin/my-catalogue/:itemId?customerId= {move} → 200 the whole list. */
export function moveInMyCatalogue(client: UpstreamClient, customerId: string, itemId: string, move: "up" | "down") {
  return client.patch(`/api/admin/my-catalogue/${encodeURIComponent(itemId)}`, ListSchema(MyEntrySchema), {
    query: { customerId },
    body: { move },
  });
}

/** DELETE /api/admin/my-catalogue/:itemId?customerId= → 200 {removed: true}; 404 when it is not there. */
export function removeFromMyCatalogue(client: UpstreamClient, customerId: string, itemId: string) {
  return client.delete(
    `/api/admin/my-catalogue/${encodeURIComponent(itemId)}`,
    z.object({ removed: z.literal(true) }).passthrough(),
    {
      query: { customerId },
    },
  );
}

export type AdminCategory = {
  id: string;
  name: string;
  slug: string;
  fullSlug: string;
  parentId: string | null;
  position: number;
  isHidden: boolean;
  itemCount: number;
  children: AdminCategory[];
};
const CategoryNodeSchema: z.ZodType<AdminCategory, z.ZodTypeDef, unknown> = z.object({
  id,
  name: z.string(),
  slug: z.string(),
  fullSlug: z.string(),
  parentId: id.nullable().default(null),
  position: z.number(),
  isHidden: z.boolean(),
  itemCount: z.number().default(0),
  children: z.lazy(() => z.array(CategoryNodeSchema)).default([]),
});
const CategoryTreeSchema = z.object({ total: z.number(), data: z.array(CategoryNodeSchema) });

/** GET /api/admin/category?type=full | (my|manpack with customerId) — every category, hidden ones too, siblings in display order. */
export function categoryTree(
  client: UpstreamClient,
  tree: { type: "full" } | { type: "my" | "manpack"; customerId: string } = { type: "full" },
) {
  return client.get("/api/admin/category", CategoryTreeSchema, { query: { ...tree } });
}

export type CategoryChange = { name?: string; isHidden?: boolean; parentId?: string | null; move?: "up" | "down" };

/** PATCH /api/admin/category/:id {name?, isHidden?, parentId?, move?} → 200 the node; 400 at the field, 404, 409. */
export function changeCategory(client: UpstreamClient, categoryId: string, change: CategoryChange) {
  return client.patch(`/api/admin/category/${encodeURIComponent(categoryId)}`, CategoryNodeSchema, { body: change });
}
