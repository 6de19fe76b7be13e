import { z } from "zod";
import { addressChoice } from "~/domain/address";
import { orderSchema } from "~/domain/order";
import { pendingApprovalCountQuery } from "~/domain/order-query";
import { upstreamId as id } from "~/domain/upstream-id";
import { listCustomerAddresses } from "./addresses.server";
import type { UpstreamClient } from "./client.server";
import { despatchSchema, ref, text } from "./despatches.server";
import { ListSchema } from "./schemas";

const orderLineSchema = z
  .object({
    line: z.number().nullish(),
    item: ref,
    itemId: z.string().nullish(),
    quantity: z.coerce.number().catch(0),
    quantityFulfilled: z.coerce.number().nullish(),
    rate: z.unknown(),
    amount: z.unknown(),
    employee: ref,
    shipAddress: z.object({ name: z.string().nullish(), internalId: id.nullish() }).partial().nullish(),
  })
  .passthrough();

/** The domain's order (statuses, address, money) plus what the history and approval screens show. */
export const portalOrderSchema = orderSchema.extend({
  internalId: id,
  tranId: text,
  contact: ref,
  message: z.string().nullish(),
  rejectionNote: z.string().nullish(),
  pickingNote: z.string().nullish(),
  orderToApprove: z.boolean().nullish(),
  approval: z.object({ decision: z.string(), decidedAt: z.string().nullish() }).passthrough().nullish(),
  itemList: z.object({ item: z.array(orderLineSchema).nullish() }).nullish(),
  despatches: z.array(despatchSchema).nullish(),
});
export type PortalOrder = z.output<typeof portalOrderSchema>;

const orderListSchema = ListSchema(portalOrderSchema);
export type OrderPage = z.output<typeof orderListSchema>;

// GET /api/order with listing and filter parameters (SPEC §7): a page of a list, kept until the data changes
export function listOrders(client: UpstreamClient, query: Record<string, string>): Promise<OrderPage> {
  return client.get("/api/order", orderListSchema, { query, keep: true });
}

// GET /api/order in the CSV export's large chunks: read once, never kept (they would push the pages' answers out)
export function exportOrders(client: UpstreamClient, query: Record<string, string>): Promise<OrderPage> {
  return client.get("/api/order", orderListSchema, { query });
}

// GET /api/order/{id} — one order with lines, ship groups and despatches; another customer's → 404
export function getOrder(client: UpstreamClient, orderId: string): Promise<PortalOrder> {
  return client.get(`/api/order/${encodeURIComponent(orderId)}`, portalOrderSchema);
}

export type OrderDecision = { decision: "approve"; note?: string } | { decision: "reject"; note: string };

// PATCH /api/order/{id} {decision, note} — supervisor approval (an approval's note becomes the picking note); a second decision is refused with 409
export function decideOrder(client: UpstreamClient, orderId: string, decision: OrderDecision): Promise<PortalOrder> {
  return client.patch(`/api/order/${encodeURIComponent(orderId)}`, portalOrderSchema, { body: decision });
}

// PATCH /api/order/{id} {addressId} — amend the delivery address (provider addition, docs/upstream-api.md)
export function amendOrderAddress(client: UpstreamClient, orderId: string, addressId: string): Promise<PortalOrder> {
  return client.patch(`/api/order/${encodeURIComponent(orderId)}`, portalOrderSchema, { body: { addressId } });
}

const countOnlySchema = ListSchema(z.unknown());

// GET /api/order with $limit=0, orderToApprove=true, pending status — the header's pending count (SPEC §7)
export async function countOrdersAwaitingApproval(client: UpstreamClient): Promise<number> {
  const answer = await client.get("/api/order", countOnlySchema, {
    query: pendingApprovalCountQuery(),
  });
  return answer.total;
}

export type FilterOption = { value: string; label: string };

// GET /api/customer-address ($limit 10000, details.custrecord4.value[$ne]=true): the customer's active addresses;
// with `usableFor`, only those the provider says this user may send an order of that kind to (orderUse, decision 075)
export async function listAddressOptions(
  client: UpstreamClient,
  usableFor?: "stock" | "wearerPack",
): Promise<FilterOption[]> {
  const addresses = await listCustomerAddresses(client);
  return addresses
    .filter((a) => !usableFor || a.orderUse?.[usableFor] !== false)
    .map(addressChoice)
    .map((a) => ({ value: a.internalId, label: a.label }));
}

export type OrderFilterOptions = { employees: FilterOption[]; departments: FilterOption[]; depots: FilterOption[] };
