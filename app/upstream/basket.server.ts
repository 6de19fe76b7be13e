import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema, orNull, orUndefined } from "./schemas";

// The live basket (docs/upstream-api.md /api/basket-session) and the catalogue reads the basket needs.
// The provider refuses unknown keys, so the schemas keep only the fields it accepts.

const optionValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const StockLineSchema = z.object({
  productId: id,
  parentId: orUndefined(id),
  qty: z.number(),
  scope: z.string().nullish(),
  name: orUndefined(z.string()),
  thumbnail: z.string().nullish(),
  price: z.number().nullish(),
  options: z.record(optionValue).optional(),
});
export type StockLine = z.infer<typeof StockLineSchema>;

/** SPEC §3 Manpack entry: a wearer's pack; without addressId / shippingMethod the order uses the customer's defaults. */
export const PackSchema = z.object({
  employeeId: id,
  addressId: orUndefined(id),
  shippingMethod: orUndefined(id),
  data: z.array(StockLineSchema).default([]),
});

export const BASKET_TYPES = ["stock-order-basket", "manpack-order-basket"] as const;
export type BasketType = (typeof BASKET_TYPES)[number];

export const BasketStateSchema = z.object({
  selectedBasketType: z.enum(BASKET_TYPES).catch("stock-order-basket"),
  stock: z.array(StockLineSchema).default([]),
  manpack: z.array(PackSchema).default([]),
  instructions: z.object({ stock: z.string().default(""), manpack: z.string().default("") }).default({}),
  // a punched-out basket loaded for approval (SPEC §3; decision 081)
  basketIdForApproval: orNull(id),
  approvedOrderAddressId: orNull(id),
  punchoutLoadedBasket: z
    .boolean()
    .nullish()
    .transform((v) => v ?? false),
  // the saved basket the stock lines were loaded from, sent as the order's chosenBasket (decision 077)
  loadedBasket: orNull(id),
  // bumped by every write; an order names the version it was placed from (decision 074)
  version: orNull(z.number().int().nonnegative()),
});
export type BasketState = z.infer<typeof BasketStateSchema>;

export type BasketPatch = Partial<
  Pick<
    BasketState,
    | "selectedBasketType"
    | "stock"
    | "manpack"
    | "instructions"
    | "basketIdForApproval"
    | "approvedOrderAddressId"
    | "punchoutLoadedBasket"
    | "loadedBasket"
  >
>;

// GET /api/basket-session (SPEC §7: /api/basket-session)
export function getBasket(client: UpstreamClient): Promise<BasketState> {
  return client.get("/api/basket-session", BasketStateSchema);
}

// PATCH /api/basket-session with the top-level keys that change (SPEC §7: /api/basket-session)
export function patchBasket(client: UpstreamClient, patch: BasketPatch): Promise<BasketState> {
  return client.patch("/api/basket-session", BasketStateSchema, { body: patch });
}

// POST /api/basket-lines {lines} (decision 168) — several stock lines added in one transaction by the provider's rules;
// a refusal (400) names each refused line in its `errors` (`lines.<index>.qty` / `.productId`) and writes nothing
export function addBasketLines(
  client: UpstreamClient,
  lines: ReadonlyArray<{ productId: string; qty: number }>,
): Promise<BasketState> {
  return client.post("/api/basket-lines", BasketStateSchema, { body: { lines } });
}

export const BasketItemSchema = z.object({
  internalId: id,
  displayName: z.string(),
  itemId: z.string().nullish(),
  slug: z.string().nullish(),
  price: z.number().nullable().default(null),
  parent: z.object({ internalId: id }).nullable().default(null),
  matrixType: z.string().nullable().default(null),
  quantityStep: z.unknown().optional(),
  minimumSaleQuantity: z.unknown().optional(),
  isInactive: z.boolean().default(false),
  options: z.record(optionValue).nullable().default(null),
  images: z.record(z.array(z.string())).nullable().default(null),
  defaultImage: z.string().nullable().default(null),
});
export type BasketItem = z.infer<typeof BasketItemSchema>;

// GET /api/item/:id (SPEC §7: GET /api/item) — one product or variant; unknown or inactive → 404
export function getItem(client: UpstreamClient, itemId: string): Promise<BasketItem> {
  return client.get(`/api/item/${encodeURIComponent(itemId)}`, BasketItemSchema);
}

// GET /api/item with internalId[$in] (SPEC §7: GET /api/item) — the current catalogue data of basket lines
export async function getItemsById(client: UpstreamClient, ids: readonly string[]): Promise<BasketItem[]> {
  if (ids.length === 0) return [];
  const answer = await client.get("/api/item", ListSchema(BasketItemSchema), {
    query: { "internalId[$in]": [...new Set(ids)].join(","), $limit: ids.length },
  });
  return answer.data;
}

/** A wearer-pack line's item with what it charges a wearer's allowance (SPEC §3 Item allocationType, itemPoints). */
export const PackItemSchema = BasketItemSchema.extend({
  allocationType: orNull(z.string()),
  allocationTypeName: orNull(z.string()),
  itemPoints: orNull(z.number()),
});
export type PackItem = z.infer<typeof PackItemSchema>;

// GET /api/item with internalId[$in] and includeAllocation=true (SPEC §7: GET /api/item) — the items of the
// wearer-pack basket's lines, every wearer's in one call: an item's allocation is the item's, not the wearer's
export async function getPackItemsById(client: UpstreamClient, ids: readonly string[]): Promise<PackItem[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const answer = await client.get("/api/item", ListSchema(PackItemSchema), {
    query: { "internalId[$in]": unique.join(","), includeAllocation: true, $limit: unique.length },
  });
  return answer.data;
}

// GET /api/item by product code (SPEC §7: GET /api/item) — for the quick order form
export async function findItemByCode(client: UpstreamClient, code: string): Promise<BasketItem | null> {
  const answer = await client.get("/api/item", ListSchema(BasketItemSchema), { query: { itemId: code, $limit: 1 } });
  return answer.data[0] ?? null;
}

export const ReOrderSchema = z.object({
  orderId: id,
  orderType: z.string(),
  lines: z.array(StockLineSchema).default([]),
  packs: z.array(z.object({ employeeId: id, data: z.array(StockLineSchema) })).default([]),
  // a wearer's line left out says whose and why (decision 104)
  dropped: z
    .array(
      z.object({
        internalId: id.nullable(),
        name: z.string(),
        employeeId: orNull(id),
        reason: orNull(z.string()),
      }),
    )
    .default([]),
});
export type ReOrder = z.infer<typeof ReOrderSchema>;

// POST /api/re-order {orderId} (SPEC §7) — the order's lines as basket lines, and the products that are gone
export function reOrder(client: UpstreamClient, orderId: string): Promise<ReOrder> {
  return client.post("/api/re-order", ReOrderSchema, { body: { orderId } });
}
