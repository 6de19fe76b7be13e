import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { text } from "./despatches.server";
import type { OrderFilterOptions } from "./orders.server";

const filterOptionsSchema = z.object({
  contacts: z.array(z.object({ internalId: id, firstName: text, lastName: text })),
  departments: z.array(z.object({ internalId: id, name: text })),
  addresses: z.array(z.object({ internalId: id, label: text })),
});

// GET /api/order-filter-options (decision 094): the history's filter choices in one call — the customer's active
// contacts (a wp_contact_only user: only their own), departments and delivery addresses (the depots). Replaces
// GET /api/contact, /api/department and /api/customer-address; cached per business unit by the history (decision 044).
export async function getOrderFilterOptions(client: UpstreamClient): Promise<OrderFilterOptions> {
  const answer = await client.get("/api/order-filter-options", filterOptionsSchema);
  return {
    employees: answer.contacts.map((c) => ({ value: c.internalId, label: `${c.firstName} ${c.lastName}`.trim() })),
    departments: answer.departments.map((d) => ({ value: d.internalId, label: d.name })),
    depots: answer.addresses.map((a) => ({ value: a.internalId, label: a.label })),
  };
}
