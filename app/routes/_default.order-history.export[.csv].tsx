import type { LoaderFunctionArgs } from "@remix-run/node";
import { readOrderFilters } from "~/domain/order-query";
import { requireUser } from "~/auth/require-user.server";
import { orderHistoryCsv } from "~/orders/history.server";
import { page } from "~/auth/route-access";

export const access = page("viewOrderHistory");

// Resource route: the order history's filtered list, all pages, as a CSV download.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // the page's own reading of the filters; a bad one is answered before the first byte of CSV (issue 11 item 9)
  const reading = readOrderFilters(new URL(request.url).searchParams);
  if (!reading.ok) {
    return new Response(reading.message, {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const day = new Date().toISOString().slice(0, 10);
  return new Response(await orderHistoryCsv(user, reading.filters), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="order-history-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
