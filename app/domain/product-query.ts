import { z } from "zod";
import { feathersQueryRecord, pagination, parsePage } from "./feathers-query";

export const ITEM_SCOPES = ["all", "my", "manpack", "full"] as const;

/** Portal sort choices → upstream $sort; unknown choices fall back to the upstream's own order. */
export const PRODUCT_SORTS = {
  "name-asc": { displayName: 1 },
  "name-desc": { displayName: -1 },
  "price-asc": { price: 1 },
  "price-desc": { price: -1 },
} as const;
export type ProductSort = keyof typeof PRODUCT_SORTS;

const optionalText = z.string().trim().min(1).max(200).optional().catch(undefined);

export const productListSchema = z.object({
  page: z.unknown().transform(parsePage),
  categoryId: optionalText,
  en: optionalText,
  colour: optionalText,
  q: optionalText,
  sort: z
    .enum(Object.keys(PRODUCT_SORTS) as [ProductSort, ...ProductSort[]])
    .optional()
    .catch(undefined),
  scope: z.enum(ITEM_SCOPES).optional().catch(undefined),
  catalogueId: optionalText,
});
export type ProductListFilters = z.input<typeof productListSchema>;

/** SPEC §7 listing parameters for a category page; pricing is always wanted and hidden items never. */
export function productListQuery(filters: ProductListFilters): Record<string, string> {
  const f = productListSchema.parse(filters);
  return feathersQueryRecord({
    ...pagination(f.page),
    $sort: f.sort ? PRODUCT_SORTS[f.sort] : undefined,
    "class.internalId": f.categoryId,
    en: f.en,
    colour: f.colour,
    q: f.q,
    scope: f.scope,
    catalogueId: f.catalogueId,
    includePricing: true,
    visibleInCatalogue: true,
  });
}
