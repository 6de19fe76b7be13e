import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema, orNull } from "./schemas";

export type CategoryNode = {
  internalId: string;
  name: string;
  slug: string;
  fullSlug: string;
  parentId: string | null;
  children: CategoryNode[];
};

// built once: only the children's reference is lazy (a z.lazy around the object would rebuild it for every node)
const CategoryNodeSchema: z.ZodType<CategoryNode, z.ZodTypeDef, unknown> = z.object({
  internalId: id,
  name: z.string(),
  slug: z.string().default(""),
  fullSlug: z.string().default(""),
  parentId: orNull(id),
  children: z.array(z.lazy(() => CategoryNodeSchema)).default([]),
});
const CategoryTreeSchema = ListSchema(CategoryNodeSchema);

export type CategoryTreeType = "full" | "my" | "manpack";

// GET /api/userCategory?type=my|full|manpack — the category tree of one catalogue
export async function getCategoryTree(client: UpstreamClient, type: CategoryTreeType): Promise<CategoryNode[]> {
  const answer = await client.get("/api/userCategory", CategoryTreeSchema, { query: { type } });
  return answer.data;
}

const FlatCategorySchema = z.object({
  internalId: id,
  name: z.string(),
  parentId: orNull(id),
});

// GET /api/{product}-categories/{id} — one category, for its parent (frequently bought together)
export function getCategory(client: UpstreamClient, categoryId: string) {
  return client.get(`/api/workwear-categories/${encodeURIComponent(categoryId)}`, FlatCategorySchema);
}
