import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PendingRefresh, usePolledData } from "~/components/report-polling";
import { ScrollingTable } from "~/components/scrolling-table";
import { adminErrorBoundary, adminPage } from "~/components/admin-page";
import { requireUser } from "~/auth/require-user.server";
import { syncRunPageData } from "~/admin/admin-erp.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen();

// /admin/sync-status/{runId} (issue 21 item 4, decision 134): one ERP import run — its times, counts, failure and each
// bad row (row, item code, reason); refreshed while it waits or runs, as the list.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Run ${data.run.id}` : "Run"} · Sync status · Admin · Workwear ordering portal` },
];
export const { links, headers } = adminPage();

export async function loader({ request, params }: LoaderFunctionArgs) {
  return syncRunPageData(await requireUser(request), params.runId);
}

export default function SyncRun() {
  const { run, underWay, errors } = usePolledData(useLoaderData<typeof loader>(), (d) => d.underWay, false);
  return (
    <section className="stack orders">
      <p>
        <Link to="/admin/sync-status">Back to the sync status</Link>
      </p>
      <h1>Run {run.id}</h1>
      {underWay ? <PendingRefresh text="This pull is waiting or running." /> : null}
      <dl className="order-summary">
        <dt>Status</dt>
        <dd>{run.statusWords}</dd>
        {run.failure ? (
          <>
            <dt>Why it failed</dt>
            <dd>{run.failure}</dd>
          </>
        ) : null}
        <dt>File</dt>
        <dd>{run.file}</dd>
        <dt>Queued</dt>
        <dd>
          {run.queuedAt} by {run.queuedBy}
        </dd>
        <dt>Started</dt>
        <dd>{run.startedAt}</dd>
        <dt>Finished</dt>
        <dd>{run.finishedAt}</dd>
        <dt>Records created</dt>
        <dd>{run.created}</dd>
        <dt>Records updated</dt>
        <dd>{run.updated}</dd>
        <dt>Records unchanged</dt>
        <dd>{run.unchanged}</dd>
        <dt>Row errors</dt>
        <dd>{run.errorCount}</dd>
      </dl>
      <h2 id="row-errors">Row errors</h2>
      {errors.length === 0 ? (
        <p>No row was refused.</p>
      ) : (
        <ScrollingTable labelledBy="row-errors">
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Item code</th>
              <th scope="col">Reason</th>
            </tr>
          </thead>
          <tbody>
            {errors.map((e) => (
              <tr key={`${e.row}-${e.itemCode}-${e.reason}`}>
                <th scope="row">{e.row}</th>
                <td>{e.itemCode}</td>
                <td>{e.reason}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
    </section>
  );
}

export const ErrorBoundary = adminErrorBoundary(
  "The run",
  [{ to: "/admin/sync-status", label: "Sync status" }],
  "There is no such import run.",
);
