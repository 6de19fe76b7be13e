import { Form, Link } from "@remix-run/react";
import type { loadDashboard } from "~/dashboard.server";
import { Hero } from "./hero";
import { ProductGrid } from "./product-card";
import { preloadQuickView, QuickView } from "./quick-view";
import { StatusLabel } from "./status-label";
import { countOf } from "~/domain/plural";

type Data = Awaited<ReturnType<typeof loadDashboard>>;
type OrderList = Exclude<Data["recentOrders"], null>;

/** The dashboard (decision 088): what needs the user's attention first, then quick order, news and the banners. */
export function DashboardPage({ data }: { data: Data }) {
  return (
    <>
      <h1>Welcome, {data.name}</h1>
      <p className="lead">
        You are logged in as <strong>{data.email}</strong>
        {data.customer ? (
          <>
            {" "}
            for <strong>{data.customer}</strong>
          </>
        ) : null}
        .
      </p>
      <Hero slides={data.hero} />
      <div className="dashboard-grid">
        {data.pendingApprovals !== null ? (
          <section className="dashboard-panel" aria-labelledby="approvals">
            <h2 id="approvals">Orders to approve</h2>
            <OrderPanelList
              list={data.pendingApprovals}
              count={(n) => `${countOf(n, "order")} ${n === 1 ? "is" : "are"} waiting for your approval.`}
              empty="No orders are waiting for your approval."
              more={{ to: "/order-to-approve", label: "All orders to approve" }}
              show="orderedBy"
            />
            {data.punchoutBasketsToApprove ? (
              <p>
                {data.punchoutBasketsToApprove === 1
                  ? "1 punchout basket is"
                  : `${data.punchoutBasketsToApprove} punchout baskets are`}{" "}
                waiting for your approval. <Link to="/saved-punchout-baskets">Review punchout baskets</Link>
              </p>
            ) : null}
          </section>
        ) : null}
        {data.recentOrders !== null ? (
          <section className="dashboard-panel" aria-labelledby="recent-orders">
            <h2 id="recent-orders">Recent orders</h2>
            <OrderPanelList
              list={data.recentOrders}
              empty="No orders yet."
              more={{ to: "/order-history", label: "All orders" }}
              show="status"
            />
          </section>
        ) : null}
        {data.quickOrder ? (
          <section className="dashboard-panel" aria-labelledby="quick-order">
            <h2 id="quick-order">Quick order</h2>
            <Form method="post" action="/quick-order" className="dashboard-quick-order">
              <label htmlFor="dashboard-quick-order-line">Product code and quantity</label>
              <p id="dashboard-quick-order-hint" className="muted">
                For example <code>HV100-YEL-M, 5</code>
              </p>
              <div className="dashboard-quick-order__row">
                <input
                  id="dashboard-quick-order-line"
                  name="lines"
                  type="text"
                  autoComplete="off"
                  spellCheck={false}
                  aria-describedby="dashboard-quick-order-hint"
                />
                <button type="submit" className="button button--primary">
                  Add to basket
                </button>
              </div>
            </Form>
            <p>
              <Link to="/quick-order">Add several lines or a CSV file</Link>
            </p>
          </section>
        ) : null}
        {data.wearerPacks ? (
          <section className="dashboard-panel" aria-labelledby="wearer-packs">
            <h2 id="wearer-packs">Wearer packs</h2>
            <p>Uniform for named wearers, within each wearer's allowance.</p>
            <p>
              <Link to="/wearer-pack">Find a wearer</Link>
            </p>
          </section>
        ) : null}
        <section className="dashboard-panel" aria-labelledby="news">
          <h2 id="news">News</h2>
          {data.news.length ? (
            <ul className="dashboard-list">
              {data.news.map((n) => (
                <li key={n.id}>
                  <Link to={n.to}>{n.title}</Link> <span className="muted">{n.date}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p>No news just now.</p>
          )}
          <p>
            <Link to="/news">All news</Link>
          </p>
        </section>
      </div>
      {data.banners.first.length ? (
        <section aria-labelledby="banner-first">
          <h2 id="banner-first">Recommended for you</h2>
          <ProductGrid cards={data.banners.first} label="Recommended for you" onQuickViewIntent={preloadQuickView} />
        </section>
      ) : null}
      {data.banners.second.length ? (
        <section aria-labelledby="banner-second">
          <h2 id="banner-second">New in the catalogue</h2>
          <ProductGrid cards={data.banners.second} label="New in the catalogue" onQuickViewIntent={preloadQuickView} />
        </section>
      ) : null}
      {data.quickView ? <QuickView quickView={data.quickView} /> : null}
    </>
  );
}

/** A dashboard panel's first few orders, each a link to its page, and a link to the whole list. */
function OrderPanelList({
  list,
  count,
  empty,
  more,
  show,
}: {
  list: OrderList;
  count?: (n: number) => string;
  empty: string;
  more: { to: string; label: string };
  show: "status" | "orderedBy";
}) {
  if ("failed" in list) return <p>These orders could not be shown just now. Please try again in a moment.</p>;
  if (list.total === 0) return <p>{empty}</p>;
  return (
    <>
      {count ? <p>{count(list.total)}</p> : null}
      <ul className="dashboard-list dashboard-orders">
        {list.orders.map((o) => (
          <li key={o.id}>
            <Link to={o.to}>{o.tranId}</Link> <span className="muted">{o.created}</span>
            {show === "status" ? <StatusLabel status={o.status} /> : <span>{o.orderedBy}</span>}
            {o.total ? <span className="dashboard-orders__total">{o.total}</span> : null}
          </li>
        ))}
      </ul>
      <p>
        <Link to={more.to}>
          {more.label}
          {list.total > list.orders.length ? ` (${list.total})` : ""}
        </Link>
      </p>
    </>
  );
}
