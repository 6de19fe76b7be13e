import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FormError } from "~/components/field-error";
import { IntentButton } from "~/components/intent-button";
import { PageErrorBoundary } from "~/components/page-error";
import { Pagination } from "~/components/pagination";
import { ScrollingTable } from "~/components/scrolling-table";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { promoListPageData, submitPromoList } from "~/admin/admin-promo.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/promo", label: "Promotions", group: "Sales and promotions" });

// /admin/promo (issue 21 item 3, decision 134): the dashboard's banners and featured products in the admin's order,
// filtered by status and kind (GET links), moved up / down and deleted by small forms; evolve users only.
export const meta: MetaFunction = () => [{ title: "Promotions · Admin · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return promoListPageData(await requireUser(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPromoList(await requireUser(request), request);
}

const STATUS_LINKS = [
  ["", "All"],
  ["live", "Live"],
  ["scheduled", "Scheduled"],
  ["ended", "Ended"],
] as const;
const KIND_LINKS = [
  ["", "Both kinds"],
  ["banner", "Banners"],
  ["featured", "Featured products"],
] as const;

export default function AdminPromotions() {
  const data = useLoaderData<typeof loader>();
  const { formError, busy } = useFormAnswer<typeof action>();
  const href = (status: string, kind: string) => {
    const params = new URLSearchParams();
    if (status) params.set("status", status);
    if (kind) params.set("kind", kind);
    const query = params.toString();
    return query ? `/admin/promo?${query}` : "/admin/promo";
  };
  return (
    <section className="stack orders">
      <h1>Promotions</h1>
      <p className="muted">
        Banners and featured products on the customers&apos; dashboard, in this order, each shown from its start date to
        its end date (both included) to all customers, one sector or one customer.
      </p>
      <p>
        <Link to="/admin/promo/new" className="button button--primary">
          New promotion
        </Link>
      </p>
      <nav aria-label="Filter promotions" className="stack">
        <p>
          Status:{" "}
          {STATUS_LINKS.map(([value, label], i) => (
            <span key={value}>
              {i > 0 ? " · " : null}
              {data.status === value ? (
                <strong aria-current="page">{label}</strong>
              ) : (
                <Link to={href(value, data.kind)}>{label}</Link>
              )}
            </span>
          ))}
        </p>
        <p>
          Kind:{" "}
          {KIND_LINKS.map(([value, label], i) => (
            <span key={value}>
              {i > 0 ? " · " : null}
              {data.kind === value ? (
                <strong aria-current="page">{label}</strong>
              ) : (
                <Link to={href(data.status, value)}>{label}</Link>
              )}
            </span>
          ))}
        </p>
      </nav>
      <FormError id="promo-error" message={formError} />
      {data.rows.length === 0 ? (
        <p>No promotion matches.</p>
      ) : (
        <ScrollingTable label="Promotions">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Kind</th>
              <th scope="col">Dates</th>
              <th scope="col">Status</th>
              <th scope="col">Shown to</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((p) => (
              <tr key={p.id}>
                <th scope="row">
                  <Link to={`/admin/promo/${p.id}`}>{p.title}</Link>
                  {p.product ? <div className="muted">{p.product}</div> : null}
                </th>
                <td>{p.kind}</td>
                <td>{p.dates}</td>
                <td>{p.statusWords}</td>
                <td>{p.audience}</td>
                <td>
                  <div className="order-filters__actions">
                    <IntentButton
                      intent="up"
                      fields={{ promoId: p.id }}
                      label={`Move ${p.title} up`}
                      disabled={busy || p.position === 1}
                    >
                      Move up
                    </IntentButton>
                    <IntentButton
                      intent="down"
                      fields={{ promoId: p.id }}
                      label={`Move ${p.title} down`}
                      disabled={busy}
                    >
                      Move down
                    </IntentButton>
                    <Link to={`/admin/promo/${p.id}`} className="button button--small" aria-label={`Edit ${p.title}`}>
                      Edit
                    </Link>
                    <IntentButton
                      intent="delete"
                      fields={{ promoId: p.id }}
                      label={`Delete ${p.title}`}
                      disabled={busy}
                    >
                      Delete
                    </IntentButton>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      <Pagination page={data.page} pages={data.pages} total={data.total} counted="promotion" />
    </section>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="There is no such page."
    failed="The promotions could not be loaded. Please try again."
    links={[{ to: "/admin/promo", label: "Promotions" }]}
  />
);
