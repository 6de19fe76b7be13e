import { z } from "zod";
import { PAGE_SIZE } from "~/domain/constants";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { isRefusal } from "./errors.server";
import { ListSchema, orBlank, orNull } from "./schemas";

const ContactSchema = z.object({
  internalId: id,
  firstName: orBlank,
  lastName: orBlank,
  grade: orNull(z.string()),
  employeeRef: orNull(z.string()),
  isInactive: z.boolean().default(false),
  manpackUser: z.boolean().default(false),
});

/** SPEC §3 Contact budget, as GET /api/contact answers it in `budgets` (decision 096). */
export const ContactBudgetSchema = z.object({
  internalId: id,
  type: z.string(),
  qty: z.number(),
  usedQty: z.number().default(0),
  resetDays: orNull(z.number()),
  resetDate: orNull(z.string()),
  allocationType: orNull(z.string()),
  allocationTypeName: orNull(z.string()),
  left: orNull(z.number()),
});
export type ContactBudget = z.infer<typeof ContactBudgetSchema>;

const NamedSchema = z
  .object({ internalId: id, name: z.string().nullish() })
  .nullish()
  .transform((v) => (v ? { internalId: v.internalId, name: v.name ?? null } : null));

/**
 * A wearer as every wearer-pack screen reads them (the list, the wearer's page, the basket, checkout): the contact
 * with its department, cost centre and budgets as they stand today (decision 096).
 */
const WearerSchema = ContactSchema.extend({
  department: NamedSchema,
  costCentre: NamedSchema,
  budgets: z.array(ContactBudgetSchema).default([]),
  nextResetDate: orNull(z.string()),
});
export type WearerContact = z.infer<typeof WearerSchema>;

const WearerPageSchema = ListSchema(WearerSchema);
export type WearerPage = z.infer<typeof WearerPageSchema>;

/**
 * GET /api/contact?isInactive=false&manpackUser=true&q=…&$limit=16&$skip=… — one page of the active wearers (manpack
 * contacts), searched by name, employee reference, grade or department (`q`, left out when blank). A wp_contact_only
 * user is answered only their own contact by the provider.
 */
export function listWearers(
  client: UpstreamClient,
  options: { q: string; skip: number; limit?: number },
): Promise<WearerPage> {
  const q = options.q.trim();
  return client.get("/api/contact", WearerPageSchema, {
    query: {
      isInactive: false,
      manpackUser: true,
      q: q === "" ? undefined : q,
      $limit: options.limit ?? PAGE_SIZE,
      $skip: options.skip,
    },
  });
}

/**
 * GET /api/contact/:id — one contact of the selected customer with its budgets; null when the provider answers 404
 * (unknown, another customer's, or for a wp_contact_only user anyone's but their own).
 */
export async function getWearer(client: UpstreamClient, contactId: string): Promise<WearerContact | null> {
  try {
    return await client.get(`/api/contact/${encodeURIComponent(contactId)}`, WearerSchema);
  } catch (error) {
    if (isRefusal(error, 404)) return null;
    throw error;
  }
}

/**
 * GET /api/contact?internalId[$in]=…&$limit=n — the wearers of the basket's packs in one call, inactive ones too (a
 * pack may outlive its wearer's being active); a wp_contact_only caller is answered only their own contact.
 */
export async function getWearersById(client: UpstreamClient, ids: readonly string[]): Promise<WearerContact[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const answer = await client.get("/api/contact", WearerPageSchema, {
    query: { "internalId[$in]": unique.join(","), $limit: unique.length },
  });
  return answer.data;
}
