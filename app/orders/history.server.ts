import { PAGE_SIZE } from "~/domain/constants";
import { csvLine, ORDER_CSV_HEADER, orderCsvRow } from "~/domain/order-csv";
import { orderFiltersFromSearchParams, orderListQuery } from "~/domain/order-query";
import { ORDER_SOURCE_STATUSES } from "~/domain/order-status";
import type { PortalUser } from "~/auth/require-user.server";
import { listOrderFilterOptions, listOrders, type OrderPage } from "~/upstream/orders.server";
import { orderSummary } from "./order-view.server";

/** The GET /api/order query of the history page and its CSV export: one reading of the URL for both. */
export function historyQuery(params: URLSearchParams): Record<string, string> {
  return orderListQuery(orderFiltersFromSearchParams(params));
}

/** A page of orders as list rows with the page count. */
export function orderListPage(answer: OrderPage, page: number) {
  return {
    orders: answer.data.map(orderSummary),
    total: answer.total,
    page,
    pageCount: Math.max(1, Math.ceil(answer.total / PAGE_SIZE)),
  };
}

export async function orderHistoryData(user: PortalUser, url: URL) {
  const filters = orderFiltersFromSearchParams(url.searchParams);
  const [answer, options] = await Promise.all([listOrders(user.upstream, orderListQuery(filters)), listOrderFilterOptions(user.upstream)]);
  const p = url.searchParams;
  return {
    ...orderListPage(answer, filters.page),
    options: { ...options, statuses: [...ORDER_SOURCE_STATUSES] },
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

const EXPORT_CHUNK = 500;

/**
 * The history's CSV: every page of the same filtered list, fetched a chunk at a time while the answer
 * streams, so a long history never sits in memory whole.
 */
export function orderHistoryCsv(user: PortalUser, params: URLSearchParams): ReadableStream<Uint8Array> {
  const base = historyQuery(params);
  const encoder = new TextEncoder();
  let skip = 0;
  let started = false;
  return new ReadableStream({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(csvLine(ORDER_CSV_HEADER)));
      }
      const answer = await listOrders(user.upstream, { ...base, $limit: String(EXPORT_CHUNK), $skip: String(skip) });
      if (answer.data.length > 0) controller.enqueue(encoder.encode(answer.data.map(orderCsvRow).join("")));
      skip += answer.data.length;
      if (answer.data.length === 0 || skip >= answer.total) controller.close();
    },
  });
}
