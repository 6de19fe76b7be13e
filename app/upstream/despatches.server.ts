import { z } from "zod";
import { orBlank } from "./schemas";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";

export const text = orBlank;
export const ref = z
  .object({ internalId: id.nullish(), name: z.string().nullish(), tranId: z.string().nullish() })
  .passthrough()
  .nullish();

export const despatchSchema = z
  .object({
    internalId: id,
    tranId: text,
    createdDate: z.string().nullish(),
    carrier: z.string().nullish(),
    trackingNumber: z.string().nullish(),
    status: z.string().nullish(),
    order: ref,
    lines: z
      .array(z.object({ item: ref, quantity: z.coerce.number().catch(0) }).passthrough())
      .nullish()
      .transform((v) => v ?? []),
  })
  .passthrough();
export type Despatch = z.output<typeof despatchSchema>;

// GET /api/despatch/{id} — one despatch of a visible order (what was sent, when, tracking); another customer's → 404
export function getDespatch(client: UpstreamClient, despatchId: string): Promise<Despatch> {
  return client.get(`/api/despatch/${encodeURIComponent(despatchId)}`, despatchSchema);
}
