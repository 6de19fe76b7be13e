import type { PortalUser } from "~/auth/require-user.server";
import { canAmendDeliveryAddress } from "~/domain/order-amend";
import { isWearerPackOrder } from "~/domain/order";
import { canPlaceOrders } from "~/domain/permissions";
import { getOrder, listAddressOptions } from "~/upstream/orders.server";
import { idParam } from "~/utils/params.server";
import { orderDetail, orderPrices } from "./order-view.server";

/** One order for display (with the address choices when `amend` is asked and allowed); the provider answers 404 for another customer's order, which stays a 404. */
export async function loadOrderDetail(user: PortalUser, orderId: string | undefined, { amend = false } = {}) {
  const answer = await getOrder(user.upstream, idParam(orderId));
  const order = orderDetail(answer, orderPrices(user));
  const canAmend = amend && canAmendDeliveryAddress(user.session.account.permissions, order);
  return {
    order,
    canReorder: canPlaceOrders(user.session.account, { inPunchout: user.inPunchout }),
    // the addresses this user may send an order of this kind to: the provider refuses the others (decision 075)
    addressOptions: canAmend
      ? await listAddressOptions(user.upstream, isWearerPackOrder(answer) ? "wearerPack" : "stock")
      : null,
  };
}
