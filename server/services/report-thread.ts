/**
 * The report thread (decision 122): on SQLite, report statements run here, on a connection of their own, so the
 * provider's event loop (whose better-sqlite3 calls block it) keeps answering requests while a report runs. Loaded
 * by report-worker.ts as a worker_thread; it says `ready` once loaded, then answers each {id, type, scope, params,
 * now} with {id, rows} or {id, error}.
 */
import { execFileSync } from "node:child_process";
import { readlinkSync } from "node:fs";
import { constants, setPriority } from "node:os";
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

/**
 * Linux: this thread at the lowest priority (nice 19; priorities are per thread there), and then in the idle
 * scheduling class (SCHED_IDLE, set with util-linux's chrt: it runs only on a core nothing else wants), so a report
 * takes only the CPU that requests leave over. Elsewhere, or when not allowed, it keeps what it can.
 */
function lowerPriority(): void {
  let tid = 0;
  try {
    tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, constants.priority.PRIORITY_LOW);
  } catch {
    return; /* not Linux, or not permitted */
  }
  try {
    execFileSync("chrt", ["--idle", "--pid", "0", String(tid)], { stdio: "ignore", timeout: 2000 });
  } catch {
    /* no chrt: nice 19 alone */
  }
}

/** how often this thread checkpoints the WAL while it runs (decision 137) */
const CHECKPOINT_EVERY_MS = 1000;

const port = parentPort;
if (port) {
  lowerPriority();
  const db = createDb({ sqliteFile: (workerData as { file: string }).file });
  // Decision 137: while this thread runs, the provider's own connection checkpoints only as a backstop; this one copies
  // the WAL back into the database (PASSIVE: it never waits for, nor blocks, a reader or the writer) with its fsync,
  // at idle priority, off the event loop that answers requests
  setInterval(() => {
    db.raw("pragma wal_checkpoint(PASSIVE)").catch(() => {
      /* busy or closing: the next tick tries again */
    });
  }, CHECKPOINT_EVERY_MS);
  const run = async (job: Job) => {
    try {
      const rows = await runReport(db, job.type, job.scope, job.params, { now: new Date(job.now) });
      port.postMessage({ id: job.id, rows });
    } catch (error: any) {
      port.postMessage({ id: job.id, error: String(error?.stack ?? error) });
    }
  };
  // run answers every job, failed or not, so nothing is left to await
  port.on("message", (job: Job) => void run(job));
  port.postMessage({ ready: true });
}
