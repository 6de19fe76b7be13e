import { z } from "zod";
import type { FeathersQuery } from "~/domain/feathers-query";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

const optionsSchema = z
  .object({
    size: z.string().nullish(),
    legLength: z.string().nullish(),
    color: z.string().nullish(),
    finish: z.string().nullish(),
    logo: z.string().nullish(),
  })
  .default({});

const itemFields = {
  internalId: id,
  displayName: z.string().default(""),
  itemId: z.string().nullish(),
  slug: z.string().nullish(),
  description: z.string().nullish(),
  longDesc: z.string().nullish(),
  price: z.number().nullish(),
  class: z.object({ internalId: id, name: z.string().nullish() }).nullish(),
  inStock: z.boolean().default(false),
  isSpecialOrder: z.boolean().default(false),
  hasFinish: z.boolean().default(false),
  options: optionsSchema,
  enStandards: z.array(z.string()).default([]),
  features: z.array(z.object({ heading: z.string().default(""), subheading: z.string().default("") })).default([]),
  images: z.record(z.array(z.string())).default({}),
  defaultImage: z.string().nullish(),
  quantityStep: z.number().nullish(),
  minimumSaleQuantity: z.number().nullish(),
};

export const SimpleSchema = z.object(itemFields);
export const ItemSchema = z.object({ ...itemFields, simples: z.array(SimpleSchema).default([]) });
export type Item = z.infer<typeof ItemSchema>;

const ItemListSchema = ListSchema(ItemSchema);
export type ItemList = z.infer<typeof ItemListSchema>;

// GET /api/item with the SPEC §7 listing parameters (a category page, search, banners)
export function listItems(client: UpstreamClient, query: FeathersQuery): Promise<ItemList> {
  return client.get("/api/item", ItemListSchema, { query, keep: true });
}

// GET /api/item?slug=…&includeChildren=true — the product page and the quick view; null when unknown
export async function findItemBySlug(client: UpstreamClient, slug: string): Promise<Item | null> {
  const answer = await client.get("/api/item", ItemListSchema, {
    query: { slug, includeChildren: true, includePricing: true, $limit: 1 },
    keep: true,
  });
  return answer.data[0] ?? null;
}

// GET /api/item with internalId[$in] — the sector products of the first banner
export async function getItemsByIds(client: UpstreamClient, ids: readonly string[]): Promise<Item[]> {
  if (ids.length === 0) return [];
  const answer = await client.get("/api/item", ItemListSchema, {
    query: { "internalId[$in]": ids.join(","), $limit: ids.length, includePricing: true },
    keep: true,
  });
  return answer.data;
}
