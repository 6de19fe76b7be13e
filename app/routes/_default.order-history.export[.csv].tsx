import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { orderHistoryCsv } from "~/orders/history.server";

// Resource route: the order history's filtered list, all pages, as a CSV download.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { permission: "viewOrderHistory" });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(orderHistoryCsv(user, new URL(request.url).searchParams), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="order-history-${day}.csv"`,
      "Cache-Control": "private, no-store",
    },
  });
}
