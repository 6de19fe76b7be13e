import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

export const ShipMethodSchema = z.object({
  internalId: id,
  description: z.string(),
  shippingflatrateamount: z.unknown(),
});
export type ShipMethod = z.output<typeof ShipMethodSchema>;

// GET /api/carriage (isinactive[$match]=false) (SPEC §7) — the ship methods offered to the customer
export async function listShipMethods(client: UpstreamClient): Promise<ShipMethod[]> {
  const answer = await client.get("/api/carriage", ListSchema(ShipMethodSchema), { query: { "isinactive[$match]": "false" } });
  return answer.data;
}
