import { z } from "zod";
import { FETCH_ALL_LIMIT } from "~/domain/constants";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

const text = z.string().nullish().transform((v) => v ?? "");

export const AddressSchema = z.object({
  internalId: id,
  label: text,
  details: z
    .object({ addressee: text, addr1: text, addr2: text, city: text, zip: text, addrText: text })
    .partial()
    .nullish()
    .transform((d) => d ?? {}),
  // decision 075: the customer's default address, and whether the caller may send this id with an order
  isDefault: z.boolean().nullish(),
  orderUse: z.object({ stock: z.boolean(), wearerPack: z.boolean() }).nullish(),
});
export type Address = z.output<typeof AddressSchema>;

// GET /api/customer-address ($limit 10000, details.custrecord4.value[$ne]=true) (SPEC §7) — the customer's active delivery addresses
export async function listCustomerAddresses(client: UpstreamClient): Promise<Address[]> {
  const answer = await client.get("/api/customer-address", ListSchema(AddressSchema), {
    query: { $limit: FETCH_ALL_LIMIT, "details.custrecord4.value[$ne]": "true" },
  });
  return answer.data;
}
