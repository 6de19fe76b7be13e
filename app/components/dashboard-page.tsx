import { Link } from "@remix-run/react";
import type { loadDashboard } from "~/dashboard.server";
import { ProductGrid } from "./product-card";
import { QuickView } from "./quick-view";

type Data = Awaited<ReturnType<typeof loadDashboard>>;

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
      {data.quickLinks.length ? (
        <nav aria-label="Quick links">
          <ul className="quick-links">
            {data.quickLinks.map((l) => (
              <li key={l.to}>
                <Link to={l.to} className="button button--small">
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {data.banners.first.length ? (
        <section aria-labelledby="banner-first">
          <h2 id="banner-first">Recommended for you</h2>
          <ProductGrid cards={data.banners.first} label="Recommended for you" />
        </section>
      ) : null}
      <div className="dashboard-grid">
        {data.pendingApprovals !== null ? (
          <section className="dashboard-panel" aria-labelledby="approvals">
            <h2 id="approvals">Orders to approve</h2>
            <p>
              {data.pendingApprovals === 1 ? "1 order is" : `${data.pendingApprovals} orders are`} waiting for your approval.
            </p>
            <Link to="/order-to-approve">Review orders</Link>
            {data.punchoutBasketsToApprove ? (
              <p>
                {data.punchoutBasketsToApprove === 1 ? "1 punchout basket is" : `${data.punchoutBasketsToApprove} punchout baskets are`} waiting for your
                approval. <Link to="/saved-punchout-baskets">Review punchout baskets</Link>
              </p>
            ) : null}
          </section>
        ) : null}
        <section className="dashboard-panel" aria-labelledby="contacts">
          <h2 id="contacts">Contacts</h2>
          {data.contacts.total === 0 ? (
            <p>No contacts to show.</p>
          ) : (
            <>
              <ul>
                {data.contacts.list.map((c) => (
                  <li key={c.internalId}>
                    {c.name}
                    {c.grade ? <span className="muted"> · {c.grade}</span> : null}
                  </li>
                ))}
              </ul>
              {data.contacts.total > data.contacts.list.length ? (
                <p className="muted">and {data.contacts.total - data.contacts.list.length} more</p>
              ) : null}
            </>
          )}
        </section>
        <section className="dashboard-panel" aria-labelledby="news">
          <h2 id="news">News</h2>
          {data.news.length ? (
            <ul>
              {data.news.map((n) => (
                <li key={n.id}>
                  <Link to={n.to}>{n.title}</Link> <span className="muted">{n.date}</span>
                </li>
              ))}
            </ul>
          ) : (
            <p>No news just now.</p>
          )}
        </section>
      </div>
      {data.banners.second.length ? (
        <section aria-labelledby="banner-second">
          <h2 id="banner-second">New in the catalogue</h2>
          <ProductGrid cards={data.banners.second} label="New in the catalogue" />
        </section>
      ) : null}
      {data.quickView ? <QuickView quickView={data.quickView} /> : null}
    </>
  );
}
