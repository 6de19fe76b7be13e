import { redirect } from "@remix-run/node";
import { requireUser, type PortalUser } from "~/auth/require-user.server";
import { approvalListQuery, approvalViewFrom } from "~/domain/order-approval";
import { parsePage } from "~/domain/feathers-query";
import { canApprove } from "~/domain/permissions";
import { listOrders } from "~/upstream/orders.server";
import { orderListPage } from "./history.server";

/** Approval screens need orderApproval and the isApprover setting (SPEC §6); anyone else goes home. */
export async function requireApprover(request: Request): Promise<PortalUser> {
  const user = await requireUser(request, { permission: "orderApproval" });
  if (!canApprove(user.session.account, user.session.setting)) {
    if (request.method !== "GET" && request.method !== "HEAD") throw new Response("You do not have permission to do that.", { status: 403 });
    throw redirect("/");
  }
  return user;
}

export async function approvalListData(user: PortalUser, url: URL) {
  const view = approvalViewFrom(url.searchParams.get("view"));
  const page = parsePage(url.searchParams.get("page"));
  const answer = await listOrders(user.upstream, approvalListQuery(view, page));
  return { view, ...orderListPage(answer, page) };
}
