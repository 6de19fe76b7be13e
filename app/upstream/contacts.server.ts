import { z } from "zod";
import { FETCH_ALL_LIMIT } from "~/domain/constants";
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
