import { redirect } from "@remix-run/node";
import type { PortalUser } from "~/auth/require-user.server";
import { formatDate } from "~/domain/dates";
import { formatMoney, orderTotal } from "~/domain/money";
import { orderAddressLines } from "~/domain/order-address";
import { orderNextStep, PENDING_SUPERVISOR_APPROVAL } from "~/domain/order-status";
import { pricesHidden, shownMoney } from "~/domain/prices";
import { isUpstreamIdValue } from "~/domain/upstream-id";
import { isWearerPackOrder } from "~/domain/order";
import { linesByWearer } from "~/domain/order-wearers";
import { isRefusal } from "~/upstream/errors.server";
import { getOrder, type PortalOrder } from "~/upstream/orders.server";
import { statusView } from "~/orders/order-view.server";

type OrderLine = NonNullable<NonNullable<PortalOrder["itemList"]>["item"]>[number];
const lineName = (line: OrderLine) => line.item?.name ?? (typeof line.name === "string" ? line.name : null) ?? "Item";
/** A line as the confirmation lists it: its product, its code (whole, to keep on paper: issue 34 item 9) and quantity. */
const lineView = (line: OrderLine, index: number) => ({
  key: index,
  name: lineName(line),
  code: line.itemId ?? "",
  qty: line.quantity ?? 0,
});

/** The confirmation of a placed order (SPEC §2 /order-complete, /basket/checkout-success), read back from upstream. */
export async function confirmationView(user: PortalUser, request: Request) {
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  if (!isUpstreamIdValue(orderId)) throw redirect("/basket");
  let order;
  try {
    // the order as the history reads it: a wearer-pack order's lines name their wearer and ship-to (issue 15 item 8)
    order = await getOrder(user.upstream, orderId);
  } catch (error) {
    if (isRefusal(error, 404)) throw new Response("That order could not be found.", { status: 404 });
    throw error;
  }
  // the one status of the order, as the history and the order's page show it (decision 166)
  const status = statusView(order);
  // decision 058: an account whose prices are hidden sees no goods amounts; the delivery charge stays
  const hidden = pricesHidden(user.session.account, { inPunchout: user.inPunchout });
  return {
    internalId: order.internalId,
    tranId: order.tranId ?? order.internalId,
    otherRefNum: typeof order.otherRefNum === "string" && order.otherRefNum ? order.otherRefNum : null,
    status,
    nextStep: orderNextStep(status.label),
    awaitingApproval: status.label === PENDING_SUPERVISOR_APPROVAL,
    created: formatDate(order.createdDate),
    lines: (order.itemList?.item ?? []).map(lineView),
    // a wearer-pack order: each wearer's lines and where they go (decision 104)
    wearers: isWearerPackOrder(order)
      ? linesByWearer(order).map((w) => ({
          key: w.key || "none",
          name: w.name,
          address: w.addressLines,
          lines: w.lines.map(lineView),
        }))
      : null,
    address: orderAddressLines(order),
    subTotal: shownMoney(order.subTotal, hidden),
    shippingCost: formatMoney(order.shippingCost),
    taxTotal: shownMoney(order.taxTotal, hidden),
    total: shownMoney(orderTotal(order), hidden),
  };
}
