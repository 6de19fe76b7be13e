import type { z } from "zod";
import { PAGE_SIZE } from "~/domain/constants";
import { NamedRefSchema, PersonSchema } from "./admin-schemas";
import type { UpstreamClient } from "./client.server";
import { portalOrderSchema } from "./orders.server";
import { ListSchema } from "./schemas";

// Orders across customers: `api/admin/order` (docs/upstream-api.md "Admin" §7, decision 130).

const AdminOrderSchema = portalOrderSchema.extend({ customer: NamedRefSchema.nullable().default(null) });
const AdminOrderDetailSchema = AdminOrderSchema.extend({
  placedBy: PersonSchema.nullable().default(null),
});
const AdminOrderList = ListSchema(AdminOrderSchema);
export type AdminOrder = z.output<typeof AdminOrderSchema>;

export type AdminOrderQuery = {
  tranId?: string;
  reference?: string;
  customerId?: string;
  status?: string;
  from?: string;
  to?: string;
};

/** GET /api/admin/order — orders across customers, newest first; C20 §7's filters; an unknown customerId → 404. */
export function listAdminOrders(client: UpstreamClient, query: AdminOrderQuery, skip: number) {
  const params: Record<string, string> = { $limit: String(PAGE_SIZE), $skip: String(skip) };
  for (const [key, value] of Object.entries(query)) if (value) params[key] = value;
  return client.get("/api/admin/order", AdminOrderList, { query: params });
}

/** GET /api/admin/order/:orderId — any customer's order with lines, its customer and who placed it; unknown → 404. */
export function getAdminOrder(client: UpstreamClient, orderId: string) {
  return client.get(`/api/admin/order/${encodeURIComponent(orderId)}`, AdminOrderDetailSchema);
}
