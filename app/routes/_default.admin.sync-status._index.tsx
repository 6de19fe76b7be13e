import { Link, useLoaderData } from "@remix-run/react";
import { StatusFilter } from "~/components/status-filter";
import { Pagination } from "~/components/pagination";
import { PendingRefresh, usePolledData } from "~/components/report-polling";
import { DataTable, WithNote } from "~/components/data-table";
import { AdminScreen, adminErrorBoundary, adminPage } from "~/components/admin-page";
import { syncStatusPageData } from "~/admin/admin-erp.server";
import { adminLoader } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/sync-status", label: "Sync status", group: "Product data" });

// /admin/sync-status (issue 21 item 4, decision 134): the ERP import runs, newest first, with their counts; while one
// waits or runs, a Refresh link and a meta refresh inside <noscript>, and with JavaScript a fetcher poll (decision 124).
export const { meta, links, headers } = adminPage("Sync status · Admin");

export const loader = adminLoader(syncStatusPageData);

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
    <AdminScreen title="Sync status">
      <p>
        The ERP pulls, newest first. <Link to="/admin/netsuite-pull">Pull now</Link>
      </p>
      <StatusFilter label="Filter runs" path="/admin/sync-status" links={STATUS_LINKS} current={data.status} />
      {data.underWay ? <PendingRefresh text="A pull is waiting or running." /> : null}
      <DataTable
        rows={data.rows}
        columns={[
          {
            header: "Run",
            cell: (r) => (
              <Link to={`/admin/sync-status/${r.id}`} aria-label={`Run ${r.id}: details`}>
                Run {r.id}
              </Link>
            ),
          },
          {
            header: "Status",
            cell: (r) => <WithNote note={r.failure}>{r.statusWords}</WithNote>,
          },
          {
            header: "Queued",
            cell: (r) => <WithNote note={`by ${r.queuedBy}`}>{r.queuedAt}</WithNote>,
          },
          { header: "Started", cell: (r) => r.startedAt },
          { header: "Finished", cell: (r) => r.finishedAt },
          { header: "Created", cell: (r) => r.created },
          { header: "Updated", cell: (r) => r.updated },
          { header: "Unchanged", cell: (r) => r.unchanged },
          {
            header: "Row errors",
            cell: (r) => (r.errorCount > 0 ? <Link to={`/admin/sync-status/${r.id}`}>{r.errorCount}</Link> : 0),
          },
        ]}
        label="ERP import runs"
        empty={<p>No run matches.</p>}
      />
      <Pagination page={data.page} pages={data.pages} total={data.total} counted="run" />
    </AdminScreen>
  );
}

export const ErrorBoundary = adminErrorBoundary("The sync status", [{ to: "/admin/netsuite-pull", label: "ERP pull" }]);
