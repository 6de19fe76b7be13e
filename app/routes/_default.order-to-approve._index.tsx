import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { EmptyState } from "~/components/empty-state";
import { OrderTable, orderColumns } from "~/components/order-list";
import { Pagination } from "~/components/pagination";
// Guard: every loader and action starts with requireUser; the access table makes this an approver screen (decision 057).
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { approvalListData } from "~/orders/approval.server";
import { page } from "~/auth/route-access";

export const access = page("approver", {
  nav: [{ to: "/order-to-approve", label: "Orders to approve", group: "Orders" }],
});

export const meta: MetaFunction = () => [{ title: "Orders to approve · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  return approvalListData(await requireUser(request), new URL(request.url));
}

const VIEWS = [
  { view: "awaiting", label: "Awaiting approval" },
  { view: "approved", label: "Approved" },
  { view: "rejected", label: "Rejected" },
] as const;

/** Each list's words when it is empty (decision 166). */
const EMPTY_TEXT = {
  awaiting: "No orders are waiting for your approval: you are told by e-mail when one is.",
  approved: "You have not approved any orders yet.",
  rejected: "You have not rejected any orders.",
} as const;

export default function OrdersToApprove() {
  const data = useLoaderData<typeof loader>();
  const current = VIEWS.find((v) => v.view === data.view) ?? VIEWS[0];
  return (
    <section className="stack orders">
      <h1>Orders to approve</h1>
      <nav aria-label="Approval lists">
        <ul className="approval-tabs">
          {VIEWS.map((v) => (
            <li key={v.view}>
              <Link
                to={v.view === "awaiting" ? "/order-to-approve" : `/order-to-approve?view=${v.view}`}
                aria-current={v.view === data.view ? "page" : undefined}
              >
                {v.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h2>{current.label}</h2>
      <OrderTable
        rows={data.orders}
        columns={orderColumns("/order-to-approve")}
        caption={current.label}
        empty={
          <EmptyState steps={[{ to: "/order-history", label: "See the orders in your order history" }]}>
            {EMPTY_TEXT[current.view]}
          </EmptyState>
        }
      />
      <Pagination page={data.page} pages={data.pageCount} total={data.total} counted="order" />
    </section>
  );
}
