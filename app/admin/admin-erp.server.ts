import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { flashToast } from "~/session/session.server";
import { PAGE_SIZE } from "~/domain/constants";
import { formatDate } from "~/domain/dates";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { idParam } from "~/utils/params.server";
import { personName } from "./admin-shared.server";
import { refusal, refusalForm } from "~/upstream/errors.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { ERP_FEED_UPLOAD_LIMIT } from "~/domain/body-limits";
import {
  getErpRun,
  getErpSource,
  listErpRuns,
  queueErpImport,
  uploadErpFeed,
  RUN_STATUSES,
  type ErpRun,
  type ErpSource,
} from "~/upstream/admin-erp.server";

// The ERP pull and its sync status (issue 21 item 4, decision 134): C21 §4's `api/admin/erp-source` (what the pull
// reads) and `api/admin/erp-import` (queue a run, the runs, one run with its row errors). The provider runs the import
// as a job (decision 122's queue); the portal only queues it and shows the runs.

// ---------------------------------------------------------------- words

export const RUN_STATUS_WORDS: Record<ErpRun["status"], string> = {
  pending: "Waiting",
  running: "Running",
  succeeded: "Done",
  failed: "Failed",
};
const when = (iso: string | null) => (iso ? formatDate(iso, "dd.MM.yy HH:mm:ss") : "—");
export const isUnderWay = (status: ErpRun["status"]) => status === "pending" || status === "running";

function runRow(run: ErpRun) {
  return {
    id: run.id,
    status: run.status,
    statusWords: RUN_STATUS_WORDS[run.status],
    file: run.file,
    queuedBy: run.queuedBy ? personName(run.queuedBy) : "—",
    queuedAt: when(run.queuedAt),
    startedAt: when(run.startedAt),
    finishedAt: when(run.finishedAt),
    created: run.created,
    updated: run.updated,
    unchanged: run.unchanged,
    errorCount: run.errorCount,
    failure: run.failure,
  };
}

// ---------------------------------------------------------------- /admin/netsuite-pull

const bytes = (n: number) => `${n.toLocaleString("en-GB")} bytes`;
const rowsWord = (n: number) => `${n} ${n === 1 ? "row" : "rows"}`;

/** Where the feed comes from, in one line (decision 156). */
function sourceLine(source: ErpSource): string {
  if (source.kind === "upload")
    return `Feed: ${source.file}, uploaded by ${source.uploadedBy ? personName(source.uploadedBy) : "a former admin"} at ${when(source.uploadedAt)}, ${rowsWord(source.products)}`;
  return `Feed: the directory ${source.directory} on the machine that runs the import`;
}

/** /admin/netsuite-pull: where the pull reads from and the last three runs. */
export async function netsuitePullPageData(user: PortalUser) {
  const [source, runs] = await Promise.all([getErpSource(user.upstream), listErpRuns(user.upstream, undefined, 3, 0)]);
  return {
    source: {
      kind: source.kind,
      line: sourceLine(source),
      file: source.file,
      format: source.format.toUpperCase(),
      exists: source.kind === "upload" || source.exists,
      size: source.size === null ? null : bytes(source.size),
      changedAt:
        source.kind === "upload" ? when(source.uploadedAt) : source.modifiedAt ? when(source.modifiedAt) : null,
      products: source.products,
      rowProblems: source.kind === "upload" ? source.rowProblems : null,
    },
    uploadLimit: `${ERP_FEED_UPLOAD_LIMIT / 1024} KB`,
    runs: runs.data.map(runRow),
  };
}

export const PULL_QUEUED = (runId: string) => `The ERP pull is queued (run ${runId}): this page follows it`;
export const PULL_WAITING = (runId: string) =>
  `A pull is already waiting to run (run ${runId}); it reads the feed as it is when it starts: this page follows it`;
export const FEED_UPLOADED = (file: string, rows: number, problems: number) =>
  `The feed ${file} is uploaded: ${rowsWord(rows)}${problems ? `, ${problems} that cannot be read (a pull lists them)` : ""}. The next pull reads it, whichever machine runs it`;

// a function, so that zod is built on the server only and stays out of the browser bundle (decision 002)
const pullFormSchema = () =>
  z.object({
    intent: z.enum(["pull", "upload"]).default("pull"),
    feed: z
      .instanceof(File, { message: "Choose the feed file (JSON) to upload" })
      .optional()
      .refine(
        (file) => !file || file.size <= ERP_FEED_UPLOAD_LIMIT,
        `The feed file can be at most ${ERP_FEED_UPLOAD_LIMIT / 1024} KB; a larger one goes in the ERP_FEED_DIR directory`,
      ),
  });

/**
 * POST /admin/netsuite-pull: "Pull now" (POST /api/admin/erp-import {}, then 303 to /admin/sync-status with a toast),
 * or `intent=upload` with the feed file: read as JSON here, kept by the provider (POST /api/admin/erp-feed), then 303
 * back with a toast; a file that is missing, too large, not JSON or not a feed is a 400 saying why.
 */
export async function submitNetsuitePull(user: PortalUser, request: Request) {
  const form = await parseForm(request, pullFormSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  if (form.data.intent === "upload") return uploadFeed(user, request, form.data.feed);
  try {
    const run = await queueErpImport(user.upstream);
    return redirect("/admin/sync-status", {
      status: 303,
      headers: await flashToast(request, {
        kind: run.alreadyQueued ? "info" : "success",
        message: run.alreadyQueued ? PULL_WAITING(run.id) : PULL_QUEUED(run.id),
      }),
    });
  } catch (error) {
    const refused = refusal(error, 400, 409);
    return redirect("/admin/netsuite-pull", {
      status: 303,
      headers: await flashToast(request, { kind: "error", message: refused.message }),
    });
  }
}

async function uploadFeed(user: PortalUser, request: Request, file: File | undefined) {
  if (!file || file.size === 0) return invalidForm({ feed: "Choose the feed file (JSON) to upload" });
  let feed: unknown;
  try {
    feed = JSON.parse(await file.text());
  } catch {
    return invalidForm({ feed: `${file.name} is not valid JSON: the feed is a JSON file with a list of items` });
  }
  try {
    const kept = await uploadErpFeed(user.upstream, file.name, feed);
    return redirect("/admin/netsuite-pull", {
      status: 303,
      headers: await flashToast(request, {
        kind: "success",
        message: FEED_UPLOADED(kept.file, kept.products, kept.rowProblems),
      }),
    });
  } catch (error) {
    return refusalForm(refusal(error, 400, 413), { fields: ["feed"] });
  }
}

// ---------------------------------------------------------------- /admin/sync-status

/** /admin/sync-status?status=&page=: the runs, newest first, 16 a page; `underWay` while one waits or runs. */
export async function syncStatusPageData(user: PortalUser, url: URL) {
  const asked = url.searchParams.get("status") ?? "";
  const status = (RUN_STATUSES as readonly string[]).includes(asked) ? (asked as ErpRun["status"]) : undefined;
  const page = parsePage(url.searchParams.get("page"));
  const answer = await listErpRuns(user.upstream, status, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  const rows = answer.data.map(runRow);
  return {
    status: status ?? "",
    rows,
    total: answer.total,
    page,
    pages: pageCount(answer.total, PAGE_SIZE),
    underWay: rows.some((r) => isUnderWay(r.status)),
  };
}

/** /admin/sync-status/{runId}: one run and its row errors; not an id or unknown → the 404 page. */
export async function syncRunPageData(user: PortalUser, param: string | undefined) {
  const runId = idParam(param, "Import run not found");
  let run;
  try {
    run = await getErpRun(user.upstream, runId);
  } catch (error) {
    refusal(error, 404);
    throw new Response("Import run not found", { status: 404 });
  }
  return {
    run: runRow(run),
    underWay: isUnderWay(run.status),
    errors: run.errors.map((e) => ({ row: e.row, itemCode: e.itemCode ?? "—", reason: e.reason })),
  };
}
