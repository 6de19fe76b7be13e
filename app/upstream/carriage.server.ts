import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

export const ShipMethodSchema = z.object({
  internalId: id,
  description: z.string(),
  shippingflatrateamount: z.unknown(),
  // decision 073: the method's minimum order before VAT, and with forBasket=stock whether the basket reaches it
  minimumOrderAmount: z.number().nullish(),
  available: z.boolean().nullish(),
  amountNeeded: z.number().nullish(),
  refusal: z.string().nullish(),
});
export type ShipMethod = z.output<typeof ShipMethodSchema>;

// GET /api/carriage (isinactive[$match]=false) (SPEC §7) — the ship methods offered to the customer; with
// forBasket=stock each also says whether the caller's stock basket may use it (docs/upstream-api.md, decision 073)
export async function listShipMethods(
  client: UpstreamClient,
  options: { forBasket?: "stock" } = {},
): Promise<ShipMethod[]> {
  const query: Record<string, string> = { "isinactive[$match]": "false" };
  if (options.forBasket) query.forBasket = options.forBasket;
  const answer = await client.get("/api/carriage", ListSchema(ShipMethodSchema), { query });
  return answer.data;
}
