import { z } from "zod";
import { FETCH_ALL_LIMIT } from "~/domain/constants";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema, orBlank } from "./schemas";

const text = orBlank;

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

/** The address endpoints: the customer's own (`customer-address`) and those typed at checkout (`custom-addresses`). */
export type AddressKind = "customer-address" | "custom-addresses";

/** One page of a list of addresses, as the provider answers it. */
export interface AddressPage {
  total: number;
  data: Address[];
}

/**
 * /manage-delivery-addresses (issue 17 item 4, decision 114): GET /api/{kind}?details.custrecord4.value[$ne]=true
 * &$sort[label]=1&$limit&$skip, plus `$or[0][label][$match]=q&$or[1][zip][$match]=q` for a search (left out when blank).
 */
export async function listAddressPage(
  client: UpstreamClient,
  kind: AddressKind,
  options: { q: string; limit: number; skip: number },
): Promise<AddressPage> {
  const search = options.q ? { "$or[0][label][$match]": options.q, "$or[1][zip][$match]": options.q } : {};
  const answer = await client.get(`/api/${kind}`, ListSchema(AddressSchema), {
    query: {
      "details.custrecord4.value[$ne]": "true",
      ...search,
      "$sort[label]": 1,
      $limit: options.limit,
      $skip: options.skip,
    },
  });
  return { total: answer.total, data: answer.data };
}

/** What /add-delivery-address sends (contract 6): the postcode already normalised, blank optional fields left out. */
export interface NewAddress {
  label: string;
  addressee: string;
  addr1: string;
  addr2: string;
  city: string;
  zip: string;
}

/** POST /api/customer-address {label, addressee?, addr1, addr2?, city, zip} → 201 the address (needs addAddress). */
export async function addCustomerAddress(client: UpstreamClient, address: NewAddress): Promise<{ internalId: string }> {
  const { label, addressee, addr1, addr2, city, zip } = address;
  return client.post("/api/customer-address", z.object({ internalId: id }).passthrough(), {
    body: { label, ...(addressee ? { addressee } : {}), addr1, ...(addr2 ? { addr2 } : {}), city, zip },
  });
}

/** PATCH /api/customer-address/:id {isInactive: true} → 200 (needs dellAddress; another customer's id → 404). */
export async function deactivateCustomerAddress(client: UpstreamClient, addressId: string): Promise<void> {
  await client.patch(`/api/customer-address/${encodeURIComponent(addressId)}`, z.object({}).passthrough(), {
    body: { isInactive: true },
  });
}
