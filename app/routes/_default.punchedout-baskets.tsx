import type { LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { OrderTable, type OrderColumn } from "~/components/order-list";
import { Pagination } from "~/components/pagination";
import ordersStyles from "~/styles/orders.css?url";
import { countOf } from "~/domain/plural";
import { requireUser } from "~/auth/require-user.server";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { formatDate } from "~/domain/dates";
import { formatMoney, fromPence } from "~/domain/money";
import { requesterName } from "~/domain/punchout-approval";
import { listPunchoutTransfers } from "~/upstream/punchout-session.server";
import { page } from "~/auth/route-access";

// the customer's baskets transferred from punchout sessions (issue 16 item 6; decision 111)
export const access = page("viewOrderHistory", {
  punchout: "refused",
  requires: ["punchoutProfile"],
  nav: [{ to: "/punchedout-baskets", label: "Punched-out baskets", group: "Orders" }],
});

// /punchedout-baskets (SPEC §2; issue 16 item 6; decision 111): the customer's baskets transferred from punchout
// sessions. Guard: requireUser; the access table asks viewOrderHistory and refuses it within a punchout session.
export const meta: MetaFunction = () => [{ title: "Punched-out baskets · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

const STATUS_TEXT = {
  transferred: "Transferred",
  "awaiting-approval": "Awaiting approval",
  ordered: "Ordered",
} as const;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { permission: "viewOrderHistory" });
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const answer = await listPunchoutTransfers(user.upstream, page);
  const money = (pence: number) => formatMoney(fromPence(pence));
  return {
    transfers: answer.data.map((t) => ({
      id: t.id,
      date: formatDate(t.createdAt),
      user: requesterName(t.user),
      reference: t.buyerCookie,
      lineCount: t.lines.length,
      lines: t.lines.map((line, i) => ({
        key: `${i}-${line.supplierPartId}`,
        text: `${line.quantity} × ${line.description} (${line.supplierPartId}) at ${money(line.unitPricePence)}`,
      })),
      total: money(t.totalPence),
      status: STATUS_TEXT[t.status],
      order: t.status === "ordered" && t.orderId ? { id: t.orderId, number: t.orderNumber ?? t.orderId } : null,
    })),
    total: answer.total,
    page,
    pages: pageCount(answer.total),
  };
}

type TransferRow = SerializeFrom<typeof loader>["transfers"][number];

const COLUMNS: OrderColumn<TransferRow>[] = [
  { header: "Transferred", cell: (t) => t.date },
  { header: "User", cell: (t) => t.user },
  { header: "Procurement reference", cell: (t) => t.reference || "—" },
  {
    header: "Lines",
    cell: (t) => (
      <details>
        <summary>{countOf(t.lineCount, "line")}</summary>
        <ul>
          {t.lines.map((line) => (
            <li key={line.key}>{line.text}</li>
          ))}
        </ul>
      </details>
    ),
  },
  { header: "Total", cell: (t) => t.total, money: true },
  {
    header: "Status",
    cell: (t) =>
      t.order ? (
        <>
          {t.status}: <Link to={`/order-history/${t.order.id}`}>order {t.order.number}</Link>
        </>
      ) : (
        t.status
      ),
  },
];

export default function PunchedoutBaskets() {
  const { transfers, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <section className="stack orders">
      <h1>Punched-out baskets</h1>
      <p>
        Baskets sent back to your procurement system from punchout sessions. A basket shows as ordered once its purchase
        order arrives.
      </p>
      <OrderTable
        rows={transfers}
        columns={COLUMNS}
        caption={`Punched-out baskets (${total})`}
        empty="No baskets have been sent back from punchout sessions yet. Start one from your procurement system: each basket you send back to it is listed here."
      />
      <Pagination page={page} pages={pages} />
    </section>
  );
}
