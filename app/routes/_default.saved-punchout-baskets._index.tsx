import type { LinksFunction, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { OrderTable, type OrderColumn } from "~/components/order-list";
import { Pagination } from "~/components/pagination";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
// Guard: every loader and action starts with requireUser; the access table makes this an approver screen (decision 057).
import ordersStyles from "~/styles/orders.css?url";
import { punchoutBasketView } from "~/checkout/punchout-approval.server";
import { requireUser } from "~/auth/require-user.server";
import { getApprovalState, listBasketsAwaitingApproval } from "~/upstream/punchout-baskets.server";
import { nextSteps } from "~/chrome.server";
import { page } from "~/auth/route-access";

export const access = page("approver", {
  punchout: "refused",
  nav: [{ to: "/saved-punchout-baskets", label: "Punchout baskets to approve", group: "Orders" }],
});

export const meta: MetaFunction = () => [{ title: "Punchout baskets to approve · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [answer, approval] = await Promise.all([
    listBasketsAwaitingApproval(user.upstream, page),
    getApprovalState(user.upstream),
  ]);
  return {
    baskets: answer.data.map((basket) => ({
      ...punchoutBasketView(basket, user),
      loaded: basket.id === approval.basketIdForApproval,
    })),
    total: answer.total,
    page,
    pages: pageCount(answer.total),
    // decision 166: the next step of an empty list, if this user may open it
    emptySteps: nextSteps(user, [{ to: "/order-to-approve", label: "See orders waiting for your approval" }]),
  };
}

type BasketRow = SerializeFrom<typeof loader>["baskets"][number];

const BASKET_COLUMNS: OrderColumn<BasketRow>[] = [
  {
    header: "Basket",
    cell: (b) => (
      <>
        <Link to={`/saved-punchout-baskets/${b.id}`}>{b.name}</Link>
        {b.loaded ? <span className="muted"> · in your basket for approval</span> : null}
      </>
    ),
  },
  { header: "Requested by", cell: (b) => b.requester },
  { header: "Saved", cell: (b) => b.created },
  { header: "Lines", cell: (b) => b.lineCount },
  { header: "Total", cell: (b) => b.total, money: true },
];

export default function SavedPunchoutBaskets() {
  const { baskets, total, page, pages, emptySteps } = useLoaderData<typeof loader>();
  return (
    <section className="stack orders">
      <h1>Punchout baskets to approve</h1>
      <p>
        Baskets your colleagues saved from your procurement system. Open one to check it, load it into your basket and
        approve it.
      </p>
      <OrderTable
        rows={baskets}
        columns={BASKET_COLUMNS}
        caption={`Punchout baskets awaiting approval (${total})`}
        empty={<EmptyState steps={emptySteps}>No punchout baskets are waiting for your approval.</EmptyState>}
      />
      <Pagination page={page} pages={pages} />
    </section>
  );
}
