import type { PortalUser } from "~/auth/require-user.server";
import { approvalListQuery, approvalViewFrom } from "~/domain/order-approval";
import { parsePage } from "~/domain/feathers-query";
import { listOrders } from "~/upstream/orders.server";
import { orderListPage } from "./history.server";
import { orderPrices } from "./order-view.server";

export async function approvalListData(user: PortalUser, url: URL) {
  const view = approvalViewFrom(url.searchParams.get("view"));
  const page = parsePage(url.searchParams.get("page"));
  const answer = await listOrders(user.upstream, approvalListQuery(view, page));
  return { view, ...orderListPage(answer, page, orderPrices(user)) };
}
