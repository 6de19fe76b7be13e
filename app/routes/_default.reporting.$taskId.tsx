import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { IntentButton } from "~/components/intent-button";
import { PageErrorBoundary } from "~/components/page-error";
import { Pagination } from "~/components/pagination";
import { ReportChartSvg } from "~/components/report-chart";
import { PendingRefresh, usePolledData } from "~/components/report-polling";
import { ScrollingTable } from "~/components/scrolling-table";
import ordersStyles from "~/styles/orders.css?url";
import reportingStyles from "~/styles/reporting.css?url";
import reportsStyles from "~/styles/reports.css?url";
import { requireUser } from "~/auth/require-user.server";
import { reportPageData, submitRetry } from "~/reports/reporting.server";
import { page } from "~/auth/route-access";

export const access = page("viewReporting");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ?? "Report"} · Workwear ordering portal` },
];
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: ordersStyles },
  { rel: "stylesheet", href: reportsStyles },
  { rel: "stylesheet", href: reportingStyles },
];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return reportPageData(user, params.taskId, new URL(request.url));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitRetry(user, request, `/reporting/${encodeURIComponent(params.taskId ?? "")}`);
}

/** /reporting/{taskId} (issue 19 item 2): a report's chart drawn on the server, then its table, and its two files. */
export default function ReportResult() {
  const data = usePolledData(useLoaderData<typeof loader>(), (d) => d.state === "pending", false);
  const { report } = data;
  return (
    <section className="stack report">
      <h1>{data.title}</h1>
      <ul className="report-tasks__filters" aria-label="Filters">
        {data.filters.map((f) => (
          <li key={f}>{f}</li>
        ))}
        <li>Asked at {data.askedAt}</li>
      </ul>
      <p>
        <Link to="/reporting">Back to your reports</Link> ·{" "}
        <Link to={`/reporting?${data.againSearch}`}>Ask again with these filters</Link>
      </p>
      {data.state === "pending" ? <PendingRefresh text="This report is still running." /> : null}
      {data.state === "failed" ? (
        <div className="report-tasks__actions">
          <p className="report-state--failed">This report failed: {data.reason ?? "it could not be finished"}</p>
          <IntentButton intent="retry" fields={{ taskId: data.taskId }} label={`Run ${data.title} again`}>
            Run again
          </IntentButton>
        </div>
      ) : null}
      {report ? (
        <>
          <p className="report-tasks__actions">
            <a href={`/reporting/${data.taskId}/export.csv`} download>
              Download CSV
            </a>
            <a href={`/reporting/${data.taskId}/export.xlsx`} download>
              Download Excel
            </a>
          </p>
          {report.chart ? (
            <figure className="report-figure">
              <ReportChartSvg chart={report.chart} />
              {report.total > report.charted ? (
                <figcaption className="muted">
                  The chart shows the first {report.charted} rows of {report.total}.
                </figcaption>
              ) : null}
            </figure>
          ) : (
            <p>This report has no rows for these filters.</p>
          )}
          {report.total > 0 ? (
            <>
              <h2 id="report-table-title">Table</h2>
              <ScrollingTable labelledBy="report-table-title">
                <thead>
                  <tr>
                    {report.columns.map((c) => (
                      <th key={c.key} scope="col" className={c.numeric ? "order-table__money" : undefined}>
                        {c.heading}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {report.rows.map((row, r) => (
                    <tr key={r}>
                      {row.map((cell, i) => (
                        <td
                          key={report.columns[i].key}
                          className={report.columns[i].numeric ? "order-table__money" : undefined}
                        >
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </ScrollingTable>
              <Pagination page={report.page} pages={report.pages} total={report.total} counted="row" />
            </>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <PageErrorBoundary
      notFound="We could not find that report: it may have been cleared by a newer one."
      failed="The report could not be shown. Please try again shortly."
      links={[
        { to: "/reporting", label: "Your reports" },
        { to: "/dashboard", label: "Dashboard" },
      ]}
    />
  );
}
