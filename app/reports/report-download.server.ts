import type { PortalUser } from "~/auth/require-user.server";
import { reportFileName } from "~/domain/report-filters";
import { isReportType, REPORT_DEFINITIONS, type ReportType } from "~/domain/reports";
import { UPSTREAM_ID_PATTERN } from "~/domain/upstream-id";
import { reportCsvStream, reportXlsx } from "~/reports/export.server";
import { getReportTask, type ReportRow, type UpstreamReportTaskWithResult } from "~/upstream/reports.server";
import { filtersInWords, reportChoices } from "./report-choices.server";

// The downloads of a finished report (issue 19 item 5, decision 124): CSV streamed page by page from the provider,
// Excel built whole (exceljs writes a workbook at once). Both named by reportFileName, with the filters in the name.

/** Rows asked of the provider per call while a file is written (its $limit may be up to 5000). */
export const CSV_PAGE_ROWS = 1000;
export const XLSX_PAGE_ROWS = 5000;

const text = (body: string, status: number) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });

type Ready = { ok: true; task: UpstreamReportTaskWithResult; type: ReportType } | { ok: false; response: Response };

/** The task when its file can be written: unknown → 404, not finished (pending, running, failed) → 409. */
async function readyTask(user: PortalUser, taskId: string | undefined, limit: number): Promise<Ready> {
  const task =
    taskId && UPSTREAM_ID_PATTERN.test(taskId) ? await getReportTask(user.upstream, taskId, { limit, skip: 0 }) : null;
  if (!task || !isReportType(task.type)) return { ok: false, response: text("Report not found", 404) };
  if (task.status !== "success" || !task.result)
    return { ok: false, response: text("The report has not finished, so it cannot be downloaded yet.", 409) };
  return { ok: true, task, type: task.type as ReportType };
}

/** The task's rows a page at a time: the first page already read, then GET /api/report/:taskId?$skip=… to the total. */
async function* rowPages(
  user: PortalUser,
  first: UpstreamReportTaskWithResult,
  limit: number,
): AsyncGenerator<readonly ReportRow[]> {
  let result = first.result;
  let skip = 0;
  while (result && result.rows.length > 0) {
    yield result.rows;
    skip += result.rows.length;
    if (skip >= result.total) return;
    const next = await getReportTask(user.upstream, first.taskId, { limit, skip });
    result = next?.result ?? null;
  }
}

const attachment = (contentType: string, name: string) => ({
  "Content-Type": contentType,
  "Content-Disposition": `attachment; filename="${name}"`,
  "Cache-Control": "private, no-store",
});

/** GET /reporting/{taskId}/export.csv: the whole report as CSV, streamed as the provider's pages arrive. */
export async function reportCsvResponse(user: PortalUser, taskId: string | undefined): Promise<Response> {
  const ready = await readyTask(user, taskId, CSV_PAGE_ROWS);
  if (!ready.ok) return ready.response;
  const stream = reportCsvStream(ready.type, rowPages(user, ready.task, CSV_PAGE_ROWS));
  return new Response(stream, { headers: attachment("text/csv; charset=utf-8", reportFileName(ready.task, "csv")) });
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** GET /reporting/{taskId}/export.xlsx: the whole report as an Excel workbook with its title and filters on top. */
export async function reportXlsxResponse(user: PortalUser, taskId: string | undefined): Promise<Response> {
  const ready = await readyTask(user, taskId, XLSX_PAGE_ROWS);
  if (!ready.ok) return ready.response;
  const rows: ReportRow[] = [];
  for await (const page of rowPages(user, ready.task, XLSX_PAGE_ROWS)) rows.push(...page);
  const filters = filtersInWords(ready.type, ready.task.params, await reportChoices(user, [ready.task]));
  const bytes = await reportXlsx(ready.type, rows, { title: REPORT_DEFINITIONS[ready.type].label, filters });
  return new Response(bytes, {
    headers: {
      ...attachment(XLSX_TYPE, reportFileName(ready.task, "xlsx")),
      "Content-Length": String(bytes.byteLength),
    },
  });
}
