import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { punchoutBasketView } from "~/basket/punchout-approval.server";
import { Pagination } from "~/components/pagination";
import { PAGE_SIZE } from "~/domain/constants";
import { parsePage } from "~/domain/feathers-query";
import { requireUser } from "~/auth/require-user.server";
// Guard: every loader and action starts with requireUser; the access table makes this an approver screen (decision 057).
import { getApprovalState, listBasketsAwaitingApproval } from "~/upstream/punchout-baskets.server";
import ordersStyles from "~/styles/orders.css";

export const meta: MetaFunction = () => [{ title: "Punchout baskets to approve · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const page = parsePage(new URL(request.url).searchParams.get("page"));
  const [answer, approval] = await Promise.all([listBasketsAwaitingApproval(user.upstream, page), getApprovalState(user.upstream)]);
  return {
    baskets: answer.data.map((basket) => ({ ...punchoutBasketView(basket), loaded: basket.id === approval.basketIdForApproval })),
    total: answer.total,
    page,
    pages: Math.max(1, Math.ceil(answer.total / PAGE_SIZE)),
  };
}

export default function SavedPunchoutBaskets() {
  const { baskets, total, page, pages } = useLoaderData<typeof loader>();
  return (
    <section className="stack orders">
      <h1>Punchout baskets to approve</h1>
      <p>Baskets your colleagues saved from your procurement system. Open one to check it, load it into your basket and approve it.</p>
      {baskets.length === 0 ? (
        <p className="notice">No punchout baskets are waiting for your approval.</p>
      ) : (
        <div className="order-table__scroll">
          <table className="order-table">
            <caption className="visually-hidden">Punchout baskets awaiting approval ({total})</caption>
            <thead>
              <tr>
                <th scope="col">Basket</th>
                <th scope="col">Requested by</th>
                <th scope="col">Saved</th>
                <th scope="col">Lines</th>
                <th scope="col" className="order-table__money">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {baskets.map((b) => (
                <tr key={b.id}>
                  <th scope="row">
                    <Link to={`/saved-punchout-baskets/${b.id}`}>{b.name}</Link>
                    {b.loaded ? <span className="muted"> · in your basket for approval</span> : null}
                  </th>
                  <td>{b.requester}</td>
                  <td>{b.created}</td>
                  <td>{b.lineCount}</td>
                  <td className="order-table__money">{b.total}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pagination page={page} pages={pages} href={(p) => `/saved-punchout-baskets?page=${p}`} />
    </section>
  );
}
