import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageErrorBoundary } from "~/components/page-error";
import { StatusFilter } from "~/components/status-filter";
import { Pagination } from "~/components/pagination";
import { PendingRefresh, usePolledData } from "~/components/report-polling";
import { ScrollingTable } from "~/components/scrolling-table";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { syncStatusPageData } from "~/admin/admin-erp.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/sync-status", label: "Sync status", group: "Product data" });

// /admin/sync-status (issue 21 item 4, decision 134): the ERP import runs, newest first, with their counts; while one
// waits or runs, a Refresh link and a meta refresh inside <noscript>, and with JavaScript a fetcher poll (decision 124).
export const meta: MetaFunction = () => [{ title: "Sync status · Admin · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return syncStatusPageData(await requireUser(request), new URL(request.url));
}

const STATUS_LINKS = [
  ["", "All"],
  ["pending", "Waiting"],
  ["running", "Running"],
  ["succeeded", "Done"],
  ["failed", "Failed"],
] as const;

export default function SyncStatus() {
  const data = usePolledData(useLoaderData<typeof loader>(), (d) => d.underWay, true);
  return (
    <section className="stack orders">
      <h1>Sync status</h1>
      <p>
        The ERP pulls, newest first. <Link to="/admin/netsuite-pull">Pull now</Link>
      </p>
      <StatusFilter label="Filter runs" path="/admin/sync-status" links={STATUS_LINKS} current={data.status} />
      {data.underWay ? <PendingRefresh text="A pull is waiting or running." /> : null}
      {data.rows.length === 0 ? (
        <p>No run matches.</p>
      ) : (
        <ScrollingTable label="ERP import runs">
          <thead>
            <tr>
              <th scope="col">Run</th>
              <th scope="col">Status</th>
              <th scope="col">Queued</th>
              <th scope="col">Started</th>
              <th scope="col">Finished</th>
              <th scope="col">Created</th>
              <th scope="col">Updated</th>
              <th scope="col">Unchanged</th>
              <th scope="col">Row errors</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">
                  <Link to={`/admin/sync-status/${r.id}`} aria-label={`Run ${r.id}: details`}>
                    Run {r.id}
                  </Link>
                </th>
                <td>
                  {r.statusWords}
                  {r.failure ? <div className="muted">{r.failure}</div> : null}
                </td>
                <td>
                  {r.queuedAt}
                  <div className="muted">by {r.queuedBy}</div>
                </td>
                <td>{r.startedAt}</td>
                <td>{r.finishedAt}</td>
                <td>{r.created}</td>
                <td>{r.updated}</td>
                <td>{r.unchanged}</td>
                <td>{r.errorCount > 0 ? <Link to={`/admin/sync-status/${r.id}`}>{r.errorCount}</Link> : 0}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      <Pagination page={data.page} pages={data.pages} total={data.total} counted="run" />
    </section>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="There is no such page."
    failed="The sync status could not be loaded. Please try again."
    links={[{ to: "/admin/netsuite-pull", label: "ERP pull" }]}
  />
);
