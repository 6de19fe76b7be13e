import { formatDate } from "~/domain/dates";
import { formatMoney, orderTotal } from "~/domain/money";
import { pricesHidden, shownMoney } from "~/domain/prices";
import type { PortalUser } from "~/auth/require-user.server";
import { orderAddressLines } from "~/domain/order-address";
import { orderStatusColour, orderStatusLabel, type StatusColour } from "~/domain/order-status";
import { isWearerPackOrder, orderTotalQuantity } from "~/domain/order";
import { linesByWearer } from "~/domain/order-wearers";
import type { Despatch } from "~/upstream/despatches.server";
import type { PortalOrder } from "~/upstream/orders.server";

// Display strings are made here, on the server, so the browser bundle carries no zod or date-fns.

export type StatusView = { label: string; colour: StatusColour };

export function statusView(order: PortalOrder): StatusView {
  const label = orderStatusLabel(order);
  return { label, colour: orderStatusColour(label) };
}

/** One row of an order list. */
/** Decision 058: an account with prices hidden sees no order amounts (the delivery charge, shown at checkout, stays). */
export type OrderPrices = { pricesHidden?: boolean };

export const orderPrices = (user: PortalUser): OrderPrices => ({
  pricesHidden: pricesHidden(user.session.account, { inPunchout: user.inPunchout }),
});

export function orderSummary(order: PortalOrder, { pricesHidden = false }: OrderPrices = {}) {
  const money = (amount: unknown) => shownMoney(amount, pricesHidden);
  return {
    id: order.internalId,
    tranId: order.tranId,
    otherRefNum: order.otherRefNum ?? "",
    created: formatDate(order.createdDate),
    status: statusView(order),
    orderedBy: order.contact?.name ?? "",
    type: isWearerPackOrder(order) ? "Wearer pack" : "Stock",
    total: money(orderTotal(order)),
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
    lines: d.lines.map((l, i) => ({
      key: `${l.item?.internalId ?? ""}-${i}`,
      name: l.item?.name ?? "",
      quantity: l.quantity,
    })),
  };
}
export type DespatchView = ReturnType<typeof despatchView>;

/** Everything the order detail shows, shared by history and approval. */
export function orderDetail(order: PortalOrder, prices: OrderPrices = {}) {
  const despatches = order.despatches ?? [];
  const money = (amount: unknown) => shownMoney(amount, prices.pricesHidden ?? false);
  type Line = NonNullable<NonNullable<PortalOrder["itemList"]>["item"]>[number];
  const lineView = (l: Line, i: number) => ({
    key: `${l.line ?? i}`,
    code: l.itemId ?? "",
    name: l.item?.name ?? "",
    quantity: l.quantity,
    despatched: l.quantityFulfilled ?? 0,
    rate: money(l.rate),
    amount: money(l.amount),
  });
  return {
    ...orderSummary(order, prices),
    shipDate: formatDate(order.shipDate),
    addressLines: orderAddressLines(order),
    instructions: order.message ?? "",
    rejectionNote: order.rejectionNote ?? "",
    pickingNote: order.pickingNote ?? "",
    subTotal: money(order.subTotal),
    shipping: formatMoney(order.shippingCost),
    tax: money(order.taxTotal),
    totalQuantity: orderTotalQuantity(order),
    lines: (order.itemList?.item ?? []).map(lineView),
    // a wearer-pack order's lines as a section per wearer, with where they go (decision 104)
    wearers: isWearerPackOrder(order)
      ? linesByWearer(order).map((w) => ({
          key: w.key || "none",
          name: w.name,
          addressLines: w.addressLines,
          lines: w.lines.map(lineView),
        }))
      : null,
    despatches: despatches.map(despatchView),
    nothingDespatched: despatches.length === 0,
    rejected: order.webRejected === true,
    canBeDecided: order.orderToApprove === true,
    decision: order.approval?.decision ?? null,
  };
}
export type OrderDetailView = ReturnType<typeof orderDetail>;
