import { csvLine, orderCsvHeader, orderCsvRow } from "~/domain/order-csv";
import { orderListQuery, readOrderFilters, type OrderListFilters } from "~/domain/order-query";
import { pageCount } from "~/domain/paging";
import { CATALOGUE_STEPS, nextSteps } from "~/chrome.server";
import type { PortalUser } from "~/auth/require-user.server";
import { filterOptionsCache } from "~/upstream/cache.server";
import { getOrderFilterOptions } from "~/upstream/order-filter-options.server";
import { exportOrders, listOrders, type OrderFilterOptions, type OrderPage } from "~/upstream/orders.server";
import { orderPrices, orderSummary, type OrderPrices } from "./order-view.server";

/** A page of orders as list rows with the page count. */
export function orderListPage(answer: OrderPage, page: number, prices: OrderPrices = {}) {
  return {
    orders: answer.data.map((order) => orderSummary(order, prices)),
    total: answer.total,
    page,
    pageCount: pageCount(answer.total),
  };
}

/**
 * The history page's data. A bad filter (`?depot=abc`) asks the provider for no orders: the page shows the reason
 * above the form as typed, with an empty list (`filterError`; the route answers it with 400).
 */
export async function orderHistoryData(user: PortalUser, url: URL) {
  const reading = readOrderFilters(url.searchParams);
  const [answer, options] = await Promise.all([
    reading.ok ? listOrders(user.upstream, orderListQuery(reading.filters)) : NO_ORDERS,
    filterOptions(user),
  ]);
  const p = url.searchParams;
  return {
    ...orderListPage(answer, reading.ok ? reading.filters.page : 1, orderPrices(user)),
    filterError: reading.ok ? null : reading.message,
    options,
    // decision 166: with no orders and no filters, where to go on (what this user may open)
    emptySteps: nextSteps(user, [
      ...CATALOGUE_STEPS,
      { to: "/quick-order", label: "Quick order by product code" },
      { to: "/wearer-pack", label: "Order a wearer's pack" },
    ]),
    // the form shows what was asked for, as typed
    form: {
      status: p.get("status") ?? "",
      from: p.get("from") ?? "",
      to: p.get("to") ?? "",
      q: p.get("q") ?? "",
      employee: p.get("employee") ?? "",
      department: p.get("department") ?? "",
      depot: p.get("depot") ?? "",
      sort: p.get("sort") === "createdDate" ? "createdDate" : "-createdDate",
    },
  };
}
export type OrderHistoryData = Awaited<ReturnType<typeof orderHistoryData>>;

/**
 * The filter choices, one upstream call (decision 094) cached per business unit for FILTER_OPTIONS_CACHE_MS (decision
 * 044): the provider lists a unit's contacts, departments and addresses alike for all its users, except a contact-only
 * user (wp_contact_only), who is sent only themselves, so theirs are kept per contact. New contacts or addresses show
 * within the minute.
 */
function filterOptions(user: PortalUser): Promise<OrderFilterOptions> {
  const unit = user.session.selectedCustomer;
  if (!unit) return getOrderFilterOptions(user.upstream);
  const key = user.session.setting.wp_contact_only
    ? `${unit.internalId}/contact/${unit.contactId}`
    : `${unit.internalId}/all`;
  return filterOptionsCache.get(key, () => getOrderFilterOptions(user.upstream));
}

const NO_ORDERS: OrderPage = { total: 0, limit: 0, skip: 0, data: [] };

const EXPORT_CHUNK = 500;

/**
 * The history's CSV: every page of the same filtered list, fetched a chunk at a time while the answer streams, so a
 * long history never sits in memory whole. The first chunk is fetched before the answer starts, so a provider
 * refusal becomes an error answer instead of a 200 cut off after its header row.
 */
export async function orderHistoryCsv(
  user: PortalUser,
  filters: OrderListFilters,
): Promise<ReadableStream<Uint8Array>> {
  const base = orderListQuery(filters);
  const chunk = (skip: number) =>
    exportOrders(user.upstream, { ...base, $limit: String(EXPORT_CHUNK), $skip: String(skip) });
  const encoder = new TextEncoder();
  const prices = orderPrices(user);
  let next: OrderPage | null = await chunk(0);
  let skip = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(csvLine(orderCsvHeader(prices))));
    },
    async pull(controller) {
      const answer = next ?? (await chunk(skip));
      next = null;
      if (answer.data.length > 0)
        controller.enqueue(encoder.encode(answer.data.map((order) => orderCsvRow(order, prices)).join("")));
      skip += answer.data.length;
      if (answer.data.length === 0 || skip >= answer.total) controller.close();
    },
  });
}
