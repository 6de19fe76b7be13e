import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/page-error";
import ordersStyles from "~/styles/orders.css";

// /admin/netsuite-pull (issue 21 item 4, decision 134): what the ERP pull imports and from where; "Pull now" queues
// an import job (POST /api/admin/erp-import) and goes on to /admin/sync-status. Evolve users only.
export const meta: MetaFunction = () => [{ title: "ERP pull · Admin · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { netsuitePullPageData } = await import("~/admin/admin-erp.server");
  return netsuitePullPageData(await requireUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { submitNetsuitePull } = await import("~/admin/admin-erp.server");
  return submitNetsuitePull(await requireUser(request), request);
}

export default function NetsuitePull() {
  const { source, runs } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="stack orders">
      <h1>ERP pull</h1>
      <p>
        The pull reads the ERP&apos;s feed and brings the catalogue in step with it: products and their variants (codes,
        names, sizes, colours), prices and stock. A product not yet in the catalogue is added; a bad row is skipped and
        listed with its reason, and nothing of its product is written. The same feed twice changes nothing the second
        time.
      </p>
      <h2>Where from</h2>
      <dl className="order-summary">
        <dt>Directory</dt>
        <dd>{source.directory}</dd>
        <dt>File</dt>
        <dd>
          {source.file} ({source.format})
        </dd>
        <dt>Found</dt>
        <dd>{source.exists ? "Yes" : "No: the pull would fail"}</dd>
        {source.exists ? (
          <>
            <dt>Last changed</dt>
            <dd>{source.modifiedAt ?? "—"}</dd>
            <dt>Size</dt>
            <dd>{source.size === null ? "—" : `${source.size.toLocaleString("en-GB")} bytes`}</dd>
            <dt>Products in the feed</dt>
            <dd>{source.products ?? "—"}</dd>
          </>
        ) : null}
      </dl>
      <Form method="post">
        <button type="submit" className="button button--primary" disabled={busy}>
          Pull now
        </button>
      </Form>
      <h2>Latest runs</h2>
      {runs.length === 0 ? (
        <p>No pull has run yet.</p>
      ) : (
        <ul>
          {runs.map((r) => (
            <li key={r.id}>
              <Link to={`/admin/sync-status/${r.id}`}>Run {r.id}</Link>: {r.statusWords}, queued {r.queuedAt}
            </li>
          ))}
        </ul>
      )}
      <p>
        <Link to="/admin/sync-status">All runs (sync status)</Link>
      </p>
    </section>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="There is no such page."
    failed="The ERP pull could not be loaded. Please try again."
    links={[{ to: "/admin/sync-status", label: "Sync status" }]}
  />
);
