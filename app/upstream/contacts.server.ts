import { z } from "zod";
import { FETCH_ALL_LIMIT, PAGE_SIZE } from "~/domain/constants";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

const ContactSchema = z.object({
  internalId: id,
  firstName: z.string().default(""),
  lastName: z.string().default(""),
  grade: z.string().nullish(),
  employeeRef: z.string().nullish(),
  isInactive: z.boolean().default(false),
  manpackUser: z.boolean().default(false),
});
export type Contact = z.infer<typeof ContactSchema>;

// GET /api/contact (isInactive, $limit, currentContactOnly) — active contacts, or only the user's own
export async function listActiveContacts(client: UpstreamClient, options: { ownOnly: boolean }): Promise<Contact[]> {
  const answer = await client.get("/api/contact", ListSchema(ContactSchema), {
    query: { isInactive: false, $limit: FETCH_ALL_LIMIT, currentContactOnly: options.ownOnly ? true : undefined },
  });
  return answer.data;
}

/** SPEC §3 Contact budget, as GET /api/contact answers it in `budgets` (decision 096). */
export const ContactBudgetSchema = z.object({
  internalId: id,
  type: z.string(),
  qty: z.number(),
  usedQty: z.number().default(0),
  resetDays: z.number().nullish().transform((v) => v ?? null),
  resetDate: z.string().nullish().transform((v) => v ?? null),
  allocationType: z.string().nullish().transform((v) => v ?? null),
  allocationTypeName: z.string().nullish().transform((v) => v ?? null),
  left: z.number().nullish().transform((v) => v ?? null),
});
export type ContactBudget = z.infer<typeof ContactBudgetSchema>;

const NamedSchema = z
  .object({ internalId: id, name: z.string().nullish() })
  .nullish()
  .transform((v) => (v ? { internalId: v.internalId, name: v.name ?? null } : null));

/** A wearer as the wearer listing shows it: the contact with its department, cost centre and budgets. */
const WearerSchema = ContactSchema.extend({
  department: NamedSchema,
  costCentre: NamedSchema,
  budgets: z.array(ContactBudgetSchema).default([]),
  nextResetDate: z.string().nullish().transform((v) => v ?? null),
});
export type WearerContact = z.infer<typeof WearerSchema>;

const WearerPageSchema = ListSchema(WearerSchema);
export type WearerPage = z.infer<typeof WearerPageSchema>;

/**
 * GET /api/contact?isInactive=false&manpackUser=true&q=…&$limit=16&$skip=… — one page of the active wearers (manpack
 * contacts), searched by name, employee reference, grade or department (`q`, left out when blank). A wp_contact_only
 * user is answered only their own contact by the provider.
 */
export function listWearers(client: UpstreamClient, options: { q: string; skip: number; limit?: number }): Promise<WearerPage> {
  const q = options.q.trim();
  return client.get("/api/contact", WearerPageSchema, {
    query: { isInactive: false, manpackUser: true, q: q === "" ? undefined : q, $limit: options.limit ?? PAGE_SIZE, $skip: options.skip },
  });
}
