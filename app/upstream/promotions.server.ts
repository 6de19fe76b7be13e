import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import { PromotionShownSchema } from "./admin-promotions.server";
import type { UpstreamClient } from "./client.server";

// The caller's live promotions, customer-facing: `api/promotion` (docs/upstream-api.md "Admin part 2" §3).

const LivePromotionSchema = PromotionShownSchema.extend({ itemId: id.nullable().default(null) });
export type LivePromotion = z.infer<typeof LivePromotionSchema>;

/** GET /api/promotion — the caller's live promotions in the admin's order (the dashboard's banners). */
export async function livePromotions(client: UpstreamClient): Promise<LivePromotion[]> {
  return (await client.get("/api/promotion", z.object({ total: z.number(), data: z.array(LivePromotionSchema) }))).data;
}
