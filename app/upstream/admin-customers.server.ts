import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// The admin customer pickers: `api/admin/customer` (docs/upstream-api.md "Admin" §6).

const CustomerSchema = z.object({ id, name: z.string(), userCount: z.number().default(0) });

/** GET /api/admin/customer?q=&$limit=16 — customers by name, `q` contained in the name. */
export function searchCustomers(client: UpstreamClient, q: string, limit = 16) {
  return client.get("/api/admin/customer", ListSchema(CustomerSchema), {
    query: { ...(q ? { q } : {}), $limit: limit, $skip: 0 },
  });
}

/** GET /api/admin/customer/:customerId — one customer; unknown → 404. */
export function getCustomer(client: UpstreamClient, customerId: string) {
  return client.get(`/api/admin/customer/${encodeURIComponent(customerId)}`, CustomerSchema);
}
