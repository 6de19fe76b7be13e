import { z } from "zod";
import { upstreamId as id } from "./upstream-id";

// SPEC §3 Order, read loosely: the upstream mirrors an ERP record, so every part may be missing
// and ids may arrive as numbers. Unknown fields pass through for the screens that need them.

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

export const orderShippingAddressSchema = z
  .object({
    addressee: text,
    attention: text,
    addr1: text,
    addr2: text,
    addr3: text,
    city: text,
    state: text,
    zip: text,
    addrText: text,
  })
  .partial()
  .passthrough();

export const orderItemSchema = z
  .object({
    quantity: z.coerce.number().catch(0).default(0),
    shipAddress: z.object({ name: text, internalId: id.nullish() }).partial().nullish(),
    /** a wearer-pack line's wearer (the provider names them; docs/upstream-api.md) */
    employee: z.object({ internalId: id.nullish(), name: text }).partial().nullish(),
  })
  .passthrough();

export type OrderItem = z.input<typeof orderItemSchema>;

export const shipGroupSchema = z
  .object({
    destinationAddressRef: z.object({ internalId: id.nullish() }).partial().nullish(),
    destinationAddress: text,
  })
  .partial()
  .passthrough();

export const orderSchema = z
  .object({
    internalId: id.optional(),
    tranId: z.string().nullish(),
    otherRefNum: z.string().nullish(),
    createdDate: z.string().nullish(),
    shipDate: z.string().nullish(),
    orderStatus: z.string().nullish(),
    status: z.string().nullish(),
    shippingCost: z.unknown(),
    taxTotal: z.unknown(),
    subTotal: z.unknown(),
    salesOrderTypeId: id.nullish(),
    salesOrderType: z.object({ internalId: id.nullish() }).partial().nullish(),
    webRejected: z.boolean().nullish(),
    pendingWebApproval: z.boolean().nullish(),
    orderToApprove: z.boolean().nullish(),
    shippingAddress: orderShippingAddressSchema.nullish(),
    itemList: z.object({ item: z.array(orderItemSchema).nullish() }).nullish(),
    shipGroupList: z.object({ shipGroup: z.array(shipGroupSchema).nullish() }).nullish(),
  })
  .passthrough();

export type Order = z.input<typeof orderSchema>;

const WEARER_PACK_ORDER_TYPE_ID = "1";

/**
 * SPEC §3: a wearer-pack (manpack) order when the sales order type id is 1. The ERP sends the id
 * flat or as a reference record; either is read.
 */
export function isWearerPackOrder(order: Pick<Order, "salesOrderTypeId" | "salesOrderType">): boolean {
  const typeId = order.salesOrderTypeId ?? order.salesOrderType?.internalId;
  return typeId != null && String(typeId) === WEARER_PACK_ORDER_TYPE_ID;
}

export function orderItems(order: Pick<Order, "itemList">) {
  return order.itemList?.item ?? [];
}

export function orderShipGroups(order: Pick<Order, "shipGroupList">) {
  return order.shipGroupList?.shipGroup ?? [];
}

/** SPEC §3: total quantity is the sum of item quantities. */
export function orderTotalQuantity(order: Pick<Order, "itemList">): number {
  return orderItems(order).reduce((sum, item) => {
    const qty = Number(item.quantity);
    return Number.isFinite(qty) ? sum + qty : sum;
  }, 0);
}
