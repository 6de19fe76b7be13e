import { redirect } from "@remix-run/node";
import type { PortalUser } from "~/auth/require-user.server";
import { formatMoney, orderTotal } from "~/domain/money";
import { orderAddressLines } from "~/domain/order-address";
import { orderStatusLabel, PENDING_APPROVAL } from "~/domain/order-status";
import { pricesHidden, shownMoney } from "~/domain/prices";
import { isUpstreamIdValue } from "~/domain/upstream-id";
import { getPlacedOrder } from "~/upstream/checkout.server";
import { isRefusal } from "~/upstream/errors.server";

/** The confirmation of a placed order (SPEC §2 /order-complete, /basket/checkout-success), read back from upstream. */
export async function confirmationView(user: PortalUser, request: Request) {
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  if (!isUpstreamIdValue(orderId)) throw redirect("/basket");
  let order;
  try {
    order = await getPlacedOrder(user.upstream, orderId);
  } catch (error) {
    if (isRefusal(error, 404)) throw new Response("That order could not be found.", { status: 404 });
    throw error;
  }
  const status = orderStatusLabel(order);
  // decision 058: an account whose prices are hidden sees no goods amounts; the delivery charge stays
  const hidden = pricesHidden(user.session.account, { inPunchout: user.inPunchout });
  return {
    internalId: order.internalId,
    tranId: order.tranId ?? order.internalId,
    otherRefNum: typeof order.otherRefNum === "string" && order.otherRefNum ? order.otherRefNum : null,
    status,
    awaitingApproval: status === PENDING_APPROVAL || order.pendingWebApproval === true,
    lines: (order.itemList?.item ?? []).map((line, index) => {
      const item = (line as { item?: { name?: string | null } | null }).item;
      return { key: index, name: item?.name ?? line.name ?? "Item", qty: line.quantity ?? 0 };
    }),
    address: orderAddressLines(order),
    subTotal: shownMoney(order.subTotal, hidden),
    shippingCost: formatMoney(order.shippingCost),
    taxTotal: shownMoney(order.taxTotal, hidden),
    total: shownMoney(orderTotal(order), hidden),
  };
}
