import { formatDate } from "~/domain/dates";
import { formatMoney, orderTotal } from "~/domain/money";
import { orderAddressLines } from "~/domain/order-address";
import { orderStatusColour, orderStatusLabel, type StatusColour } from "~/domain/order-status";
import { isWearerPackOrder, orderTotalQuantity } from "~/domain/order";
import type { Despatch } from "~/upstream/despatches.server";
import type { PortalOrder } from "~/upstream/orders.server";

// Display strings are made here, on the server, so the browser bundle carries no zod or date-fns.

export type StatusView = { label: string; colour: StatusColour };

export function statusView(order: PortalOrder): StatusView {
  const label = orderStatusLabel(order);
  return { label, colour: orderStatusColour(label) };
}

/** One row of an order list. */
export function orderSummary(order: PortalOrder) {
  return {
    id: order.internalId,
    tranId: order.tranId,
    otherRefNum: order.otherRefNum ?? "",
    created: formatDate(order.createdDate),
    status: statusView(order),
    orderedBy: order.contact?.name ?? "",
    type: isWearerPackOrder(order) ? "Wearer pack" : "Stock",
    total: formatMoney(orderTotal(order)),
  };
}
export type OrderSummary = ReturnType<typeof orderSummary>;

export function despatchView(d: Despatch) {
  return {
    id: d.internalId,
    tranId: d.tranId,
    date: formatDate(d.createdDate),
    carrier: d.carrier ?? "",
    trackingNumber: d.trackingNumber ?? "",
    status: d.status ?? "",
    orderTranId: d.order?.tranId ? String(d.order.tranId) : "",
    lines: d.lines.map((l, i) => ({ key: `${l.item?.internalId ?? ""}-${i}`, name: l.item?.name ?? "", quantity: l.quantity })),
  };
}
export type DespatchView = ReturnType<typeof despatchView>;

/** Everything the order detail shows, shared by history and approval. */
export function orderDetail(order: PortalOrder) {
  const despatches = order.despatches ?? [];
  return {
    ...orderSummary(order),
    shipDate: formatDate(order.shipDate),
    addressLines: orderAddressLines(order),
    instructions: order.message ?? "",
    rejectionNote: order.rejectionNote ?? "",
    pickingNote: order.pickingNote ?? "",
    subTotal: formatMoney(order.subTotal),
    shipping: formatMoney(order.shippingCost),
    tax: formatMoney(order.taxTotal),
    totalQuantity: orderTotalQuantity(order),
    lines: (order.itemList?.item ?? []).map((l, i) => ({
      key: `${l.line ?? i}`,
      code: l.itemId ?? "",
      name: l.item?.name ?? "",
      wearer: l.shipAddress?.name && isWearerPackOrder(order) ? l.shipAddress.name : "",
      quantity: l.quantity,
      despatched: l.quantityFulfilled ?? 0,
      rate: formatMoney(l.rate),
      amount: formatMoney(l.amount),
    })),
    despatches: despatches.map(despatchView),
    nothingDespatched: despatches.length === 0,
    rejected: order.webRejected === true,
    canBeDecided: order.orderToApprove === true,
    decision: order.approval?.decision ?? null,
  };
}
export type OrderDetailView = ReturnType<typeof orderDetail>;
