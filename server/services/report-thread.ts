/**
 * The report thread (decision 122): on SQLite, report statements run here, on a connection of their own, so the
 * provider's event loop (whose better-sqlite3 calls block it) keeps answering requests while a report runs. Loaded
 * by report-worker.ts as a worker_thread; it says `ready` once loaded, then answers each {id, type, scope, params,
 * now} with {id, rows} or {id, error}.
 */
import { parentPort, workerData } from "node:worker_threads";
import { createDb } from "../db/knex";
import { runReport, type ReportParams, type ReportScope, type ReportType } from "./reports";

interface Job {
  id: number;
  type: ReportType;
  scope: ReportScope;
  params: ReportParams;
  now: string;
}

const port = parentPort;
if (port) {
  const db = createDb({ sqliteFile: (workerData as { file: string }).file });
  port.on("message", async (job: Job) => {
    try {
      const rows = await runReport(db, job.type, job.scope, job.params, { now: new Date(job.now) });
      port.postMessage({ id: job.id, rows });
    } catch (error: any) {
      port.postMessage({ id: job.id, error: String(error?.stack ?? error) });
    }
  });
  port.postMessage({ ready: true });
}
