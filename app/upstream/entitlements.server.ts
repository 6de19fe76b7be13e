import { z } from "zod";
import { FETCH_ALL_LIMIT } from "~/domain/constants";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ItemSchema, SimpleSchema } from "./items.server";
import { ListSchema, orNull } from "./schemas";

// What one wearer may order (issue 15 item 3, decision 096): GET /api/item?scope=manpack&contactId=…
// (docs/upstream-api.md); the wearer themself is read with contacts.server.ts getWearer.

/** What an item costs a wearer (SPEC §3 Item allocationType, itemPoints; includeAllocation adds the readable name). */
const allocation = {
  allocationType: orNull(z.string()),
  allocationTypeName: orNull(z.string()),
  itemPoints: orNull(z.number()),
  parent: orNull(z.object({ internalId: id })),
  matrixType: orNull(z.string()),
  isInactive: z.boolean().default(false),
};

const EntitledSimpleSchema = SimpleSchema.extend(allocation);
const EntitledItemSchema = ItemSchema.extend({ ...allocation, simples: z.array(EntitledSimpleSchema).default([]) });
export type EntitledItem = z.infer<typeof EntitledItemSchema>;
export type EntitledSimple = z.infer<typeof EntitledSimpleSchema>;

/**
 * GET /api/item?scope=manpack&contactId=…&grade=…&contactProducts=true&includeAllocation=true&includeChildren=true
 * (SPEC §7, decision 096): the wearer-pack items this wearer may have — their grade's (the grade is left out for a
 * wearer without one: the provider then reads the contact's) and their own — with each item's allocation type, its
 * readable name and its points, and the variants inside their parent. A grade's range is short (the demo's longest
 * is 16 items), so it is asked for whole.
 */
export async function listEntitlement(
  client: UpstreamClient,
  wearer: { contactId: string; grade: string | null },
): Promise<EntitledItem[]> {
  const answer = await client.get("/api/item", ListSchema(EntitledItemSchema), {
    query: {
      scope: "manpack",
      contactId: wearer.contactId,
      grade: wearer.grade ?? undefined,
      contactProducts: true,
      includeAllocation: true,
      includeChildren: true,
      $limit: FETCH_ALL_LIMIT,
    },
  });
  return answer.data;
}
