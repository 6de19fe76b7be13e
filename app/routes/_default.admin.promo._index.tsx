import { Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FormError } from "~/components/field-error";
import { IntentButton } from "~/components/intent-button";
import { Pagination } from "~/components/pagination";
import { DataTable, MoveButtons, WithNote } from "~/components/data-table";
import { AdminScreen, adminErrorBoundary, adminPage } from "~/components/admin-page";
import { promoListPageData, submitPromoList } from "~/admin/admin-promo.server";
import { adminLoader, adminAction } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/promo", label: "Promotions", group: "Sales and promotions" });

// /admin/promo (issue 21 item 3, decision 134): the dashboard's banners and featured products in the admin's order,
// filtered by status and kind (GET links), moved up / down and deleted by small forms; evolve users only.
export const { meta, links, headers } = adminPage("Promotions · Admin");

export const loader = adminLoader(promoListPageData);

export const action = adminAction(submitPromoList);

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
    <AdminScreen
      title="Promotions"
      intro={
        <>
          Banners and featured products on the customers&apos; dashboard, in this order, each shown from its start date
          to its end date (both included) to all customers, one sector or one customer.
        </>
      }
    >
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
      <DataTable
        rows={data.rows}
        columns={[
          {
            header: "Title",
            cell: (p) => (
              <WithNote note={p.product}>
                <Link to={`/admin/promo/${p.id}`}>{p.title}</Link>
              </WithNote>
            ),
          },
          { header: "Kind", cell: (p) => p.kind },
          { header: "Dates", cell: (p) => p.dates },
          { header: "Status", cell: (p) => p.statusWords },
          { header: "Shown to", cell: (p) => p.audience },
          {
            header: "Actions",
            cell: (p) => (
              <div className="order-filters__actions">
                <MoveButtons
                  name={p.title}
                  up={{ intent: "up", fields: { promoId: p.id }, disabled: busy || p.position === 1 }}
                  down={{ intent: "down", fields: { promoId: p.id }, disabled: busy }}
                />
                <Link to={`/admin/promo/${p.id}`} className="button button--small" aria-label={`Edit ${p.title}`}>
                  Edit
                </Link>
                <IntentButton intent="delete" fields={{ promoId: p.id }} label={`Delete ${p.title}`} disabled={busy}>
                  Delete
                </IntentButton>
              </div>
            ),
          },
        ]}
        label="Promotions"
        empty={<p>No promotion matches.</p>}
      />
      <Pagination page={data.page} pages={data.pages} total={data.total} counted="promotion" />
    </AdminScreen>
  );
}

export const ErrorBoundary = adminErrorBoundary("The promotions", [{ to: "/admin/promo", label: "Promotions" }]);
