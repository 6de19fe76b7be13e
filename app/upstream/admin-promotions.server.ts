import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import { NamedRefSchema, optionalText } from "./admin-schemas";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// Promotions: `api/admin/promotion`, `api/admin/promotion-image` and `api/admin/sector` (docs/upstream-api.md
// "Admin part 2" §3 and §3a, decisions 134 and 165).

export const PROMO_KINDS = ["banner", "featured"] as const;
export const PROMO_STATUSES = ["live", "scheduled", "ended"] as const;
export const PROMO_AUDIENCES = ["all", "sector", "customer"] as const;

/** What a promotion shows, in the admin's list and on the dashboard alike (`api/promotion` extends it). */
export const PromotionShownSchema = z.object({
  id,
  kind: z.enum(PROMO_KINDS),
  title: z.string(),
  text: optionalText,
  image: z.string().nullable().default(null),
  link: z.string().nullable().default(null),
});

const PromotionSchema = PromotionShownSchema.extend({
  item: z.object({ id, itemCode: z.string(), displayName: optionalText }).nullable().default(null),
  startsOn: z.string(),
  endsOn: z.string(),
  status: z.enum(PROMO_STATUSES),
  audience: z.enum(PROMO_AUDIENCES),
  sector: NamedRefSchema.nullable().default(null),
  customer: NamedRefSchema.nullable().default(null),
  position: z.number(),
});
export type Promotion = z.infer<typeof PromotionSchema>;

const SectorSchema = z.object({ id, name: z.string(), customerCount: z.number().default(0) });

export type PromotionFilter = { status?: (typeof PROMO_STATUSES)[number]; kind?: (typeof PROMO_KINDS)[number] };

/** GET /api/admin/promotion?status=&kind=&$limit=&$skip= — by the admin's order (position). */
export function listPromotions(client: UpstreamClient, filter: PromotionFilter, limit: number, skip: number) {
  return client.get("/api/admin/promotion", ListSchema(PromotionSchema), {
    query: { ...filter, $limit: limit, $skip: skip },
  });
}

/** GET /api/admin/promotion/:id; unknown → 404. */
export function getPromotion(client: UpstreamClient, promotionId: string) {
  return client.get(`/api/admin/promotion/${encodeURIComponent(promotionId)}`, PromotionSchema);
}

export type PromotionBody = {
  kind?: (typeof PROMO_KINDS)[number];
  title: string;
  text: string;
  image: string | null;
  link: string | null;
  itemId: string | null;
  startsOn: string;
  endsOn: string;
  audience: (typeof PROMO_AUDIENCES)[number];
  sectorId?: string;
  customerId?: string;
};

/** POST /api/admin/promotion → 201 the promotion; 400 with `errors`; an unknown product, sector or customer → 404. */
export function createPromotion(client: UpstreamClient, body: PromotionBody) {
  return client.post("/api/admin/promotion", PromotionSchema, { body: { ...body } });
}

/** PATCH /api/admin/promotion/:id with any subset, or {move: up | down}. */
export function patchPromotion(
  client: UpstreamClient,
  promotionId: string,
  body: Partial<PromotionBody> | { move: "up" | "down" },
) {
  return client.patch(`/api/admin/promotion/${encodeURIComponent(promotionId)}`, PromotionSchema, {
    body: { ...body },
  });
}

/** DELETE /api/admin/promotion/:id → 200 the deleted one. */
export function deletePromotion(client: UpstreamClient, promotionId: string) {
  return client.delete(`/api/admin/promotion/${encodeURIComponent(promotionId)}`, PromotionSchema);
}

/** POST /api/admin/promotion-image with the picture's bytes → 201 {id, contentType, size}; refused bytes → 400 `image`. */
export function uploadPromotionImage(client: UpstreamClient, bytes: ArrayBuffer) {
  return client.post(
    "/api/admin/promotion-image",
    z.object({ id: z.number(), contentType: z.string(), size: z.number() }),
    { bytes },
  );
}

/** GET /api/admin/sector?$limit=100 — by name. */
export function listSectors(client: UpstreamClient) {
  return client.get("/api/admin/sector", ListSchema(SectorSchema), { query: { $limit: 100, $skip: 0 } });
}
