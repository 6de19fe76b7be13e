/**
 * The report worker (issue 19, decision 122): runs report tasks outside the request, inside the provider process.
 *
 * Tasks are rows of report_tasks. A worker claims the oldest claimable task with one atomic statement — pending, or
 * `running` with a lapsed lease (its process died) — marking it running with its own id, a lease and one more
 * attempt; on PostgreSQL the candidate row is chosen `FOR UPDATE SKIP LOCKED`, so several provider processes share
 * the queue and each task is claimed once. A claim past MAX_ATTEMPTS fails the task ("The report could not be
 * finished"); a run over the time limit (60 s) fails it ("The report took longer than 60 seconds"). The result is
 * written only while the claim is still the worker's own (status running, claimed_by, attempts).
 *
 * The report runs as many short statements (report slices); on SQLite, whose driver blocks the event loop while a
 * statement runs, the worker yields to the event loop before each one, so other requests are answered meanwhile.
 * Woken at once when a task is added or retried; otherwise it looks every second. Stopping (the process ends, decision
 * 153) gives the claim of the task in hand back at once, so another worker runs it without waiting for the lease.
 */
import type { Knex } from "knex";
import { performance } from "node:perf_hooks";
import { parsePermissions } from "../auth/caller";
import { bumpChangeGeneration } from "../changes";
import { isPostgres, sqliteFileOf } from "../db/knex";
import { logger } from "../log";
import { json, type Ctx } from "./base";
import { ReportThread } from "./report-thread-host";
import {
  REPORT_TYPES,
  runReport,
  scopeFor,
  type ReportParams,
  type ReportQueue,
  type ReportRow,
  type ReportRunner,
  type ReportType,
} from "./reports";
import { claimNext, releaseClaim, TaskLoop, workerName } from "./task-queue";

export const REPORT_TIMEOUT_MS = 60_000;

export const MAX_ATTEMPTS = 3;

/** SQLite: the event loop's rest between report statements, as a share of the last statement's time, and its cap */
export const REST_RATIO = 1;

export const REST_CAP_MS = 50;

/** decision 137: the provider's connection's automatic checkpoint in pages, SQLite's default and while the report thread checkpoints */
export const AUTOCHECKPOINT_DEFAULT = 1000;

export const AUTOCHECKPOINT_BACKSTOP = 20_000;

export const REASONS = {
  timeout: (ms: number) =>
    `The report took longer than ${ms % 1000 === 0 ? `${ms / 1000} seconds` : `${ms} milliseconds`}`,
  unfinished: "The report could not be finished",
  unknownType: "This report type is no longer offered",
} as const;

export interface ReportWorkerOptions {
  /** names the worker in claimed_by (default host:pid:random) */
  id?: string;
  /** a run longer than this fails (default 60 s) */
  timeoutMs?: number;
  /** how long a claim holds before another worker may take the task over (default the timeout + 30 s) */
  leaseMs?: number;
  /** how often an idle worker looks for work (default 1 s) */
  pollMs?: number;
  maxAttempts?: number;
  log?: (message: string) => void;
  /** SQLite: run reports in a worker_thread on a connection of its own (default true; false: in this thread, in slices) */
  thread?: boolean;
}

class Timeout extends Error {}

interface TaskRow {
  id: number;
  customer_id: number;
  user_id: number;
  type: string;
  params_json: string;
  attempts: number;
  claimed_by: string;
}

export class ReportWorker implements ReportQueue {
  readonly id: string;
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly log: (message: string) => void;
  /** stop() was called: a run in hand gives up between statements */
  private halted = false;
  private readonly loop: TaskLoop;
  private readonly thread: ReportThread | null;
  /** the task claimed and not yet finished */
  private inHand: TaskRow | null = null;

  constructor(
    private ctx: Ctx,
    opts: ReportWorkerOptions = {},
  ) {
    this.id = opts.id ?? workerName();
    this.timeoutMs = opts.timeoutMs ?? REPORT_TIMEOUT_MS;
    this.leaseMs = opts.leaseMs ?? this.timeoutMs + 30_000;
    this.pollMs = opts.pollMs ?? 1000;
    this.maxAttempts = opts.maxAttempts ?? MAX_ATTEMPTS;
    this.log = opts.log ?? ((m) => logger.error(m));
    const file = opts.thread === false ? null : sqliteFileOf(ctx.db);
    this.thread = file ? new ReportThread(file, (yes) => void this.autoCheckpoint(yes)) : null;
    this.loop = new TaskLoop(() => this.runOnce(), {
      name: "report worker",
      pollMs: this.pollMs,
      log: this.log,
      afterJob: () => bumpChangeGeneration(this.db),
    });
  }

  private get db(): Knex {
    return this.ctx.db;
  }

  /**
   * Decision 137: SQLite checkpoints the WAL on the connection whose commit fills it, so the provider's one connection
   * would copy and fsync thousands of pages while a request waits. While the report thread runs it checkpoints every
   * second instead, and this connection only past AUTOCHECKPOINT_BACKSTOP pages (a thread starved by a saturated
   * machine); without the thread, SQLite's default.
   */
  private async autoCheckpoint(threadRuns: boolean): Promise<void> {
    try {
      await this.db.raw(`pragma wal_autocheckpoint = ${threadRuns ? AUTOCHECKPOINT_BACKSTOP : AUTOCHECKPOINT_DEFAULT}`);
    } catch {
      /* the provider is closing */
    }
  }

  /** Whether reports run in a thread of their own (SQLite file, thread loaded), not in slices on the event loop. */
  async runsInThread(): Promise<boolean> {
    return this.thread ? this.thread.start() : false;
  }

  start(): void {
    if (!this.loop.isStopped) return;
    this.halted = false;
    this.loop.start();
  }

  /**
   * Stops looking for work: the task in hand is given back at once (pending again, for another worker), its thread
   * ended or its slices cut short; then waits for the run to come back (it writes nothing once its claim is given back).
   */
  async stop(): Promise<void> {
    this.halted = true;
    await this.loop.stop(async () => {
      if (this.inHand) await this.release(this.inHand);
      await this.thread?.terminate();
    });
  }

  /** The task in hand, for the shutdown's log. */
  running(): string | null {
    return this.inHand ? `report task ${this.inHand.id}` : null;
  }

  private async release(task: TaskRow): Promise<void> {
    try {
      if (await releaseClaim(this.db, "report_tasks", task))
        this.log(`provider: report task ${task.id} given back to the queue (the worker is stopping)`);
    } catch (error: any) {
      this.log(
        `provider: report task ${task.id} could not be given back (its lease lapses): ${error?.message ?? error}`,
      );
    }
  }

  wake(): void {
    this.loop.wake();
  }

  /** Claims the oldest claimable task (one atomic statement, decision 122), or null. */
  claim(): Promise<TaskRow | null> {
    return claimNext<TaskRow>(this.db, "report_tasks", {
      workerId: this.id,
      now: this.ctx.now(),
      leaseMs: this.leaseMs,
      alsoSet: "success = null",
      returning: "id, customer_id, user_id, type, params_json, attempts, claimed_by",
    });
  }

  /** Claims and runs one task; false when there was none (or the worker stopped meanwhile). */
  async runOnce(): Promise<boolean> {
    const task = await this.claim();
    if (!task) return false;
    this.inHand = task;
    try {
      return await this.run(task);
    } finally {
      this.inHand = null;
    }
  }

  private async run(task: TaskRow): Promise<boolean> {
    if (this.halted) {
      await this.release(task);
      return false;
    }
    if (task.attempts > this.maxAttempts) {
      await this.finish(task, { status: "failed", reason: REASONS.unfinished });
      return true;
    }
    if (!(REPORT_TYPES as readonly string[]).includes(task.type)) {
      await this.finish(task, { status: "failed", reason: REASONS.unknownType });
      return true;
    }
    const deadline = performance.now() + this.timeoutMs;
    const sqlite = !isPostgres(this.db);
    let lastStepMs = 0;
    const runner: ReportRunner = {
      step: async (run) => {
        // SQLite blocks the event loop while a statement runs: before each one, leave the event loop as long again
        // idle (at most REST_CAP_MS), so requests arriving meanwhile are served through all their steps
        if (sqlite)
          await new Promise((resolve) =>
            setTimeout(resolve, Math.min(REST_CAP_MS, Math.max(1, lastStepMs * REST_RATIO))),
          );
        if (this.halted) throw new Timeout("stopped");
        if (performance.now() >= deadline) throw new Timeout("timeout");
        const started = performance.now();
        try {
          return await run();
        } finally {
          lastStepMs = performance.now() - started;
        }
      },
    };
    const stored = json<ReportParams>(task.params_json, { from: "", to: "", departments: [], employees: [] });
    const params = { ...stored, departments: stored.departments ?? [], employees: stored.employees ?? [] };
    try {
      const scope = await this.scopeOf(task);
      const rows =
        this.thread && (await this.thread.start())
          ? await this.inThread(
              this.thread,
              { type: task.type as ReportType, scope, params, now: this.ctx.now().toISOString() },
              deadline,
            )
          : await runReport(this.db, task.type as ReportType, scope, params, { now: this.ctx.now(), runner });
      if (performance.now() >= deadline) throw new Timeout("timeout");
      await this.finish(task, { status: "success", rows });
    } catch (error: any) {
      if (this.halted || (error instanceof Timeout && error.message === "stopped")) {
        await this.release(task); // given back: another worker takes it over
        return false;
      }
      if (!(error instanceof Timeout)) this.log(`provider: report task ${task.id} failed: ${error?.stack ?? error}`);
      await this.finish(task, {
        status: "failed",
        reason: error instanceof Timeout ? REASONS.timeout(this.timeoutMs) : REASONS.unfinished,
      });
    }
    return true;
  }

  /** Runs a report in the thread; past the deadline the thread is ended (its statement with it) and the run times out. */
  private async inThread(
    thread: ReportThread,
    job: Parameters<ReportThread["run"]>[0],
    deadline: number,
  ): Promise<ReportRow[]> {
    if (performance.now() >= deadline) throw new Timeout("timeout");
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Timeout("timeout")), Math.max(0, deadline - performance.now()));
      timer.unref();
    });
    try {
      return await Promise.race([thread.run(job), late]);
    } catch (error) {
      if (error instanceof Timeout) await thread.terminate();
      if (this.halted) throw new Timeout("stopped");
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** The task's owner's reach, by the rule the request path applies (scopeFor), read from the database. */
  private async scopeOf(task: TaskRow) {
    const user = await this.db("users").where("id", task.user_id).first("is_evolve_user");
    const isEvolveUser = user?.is_evolve_user === true || user?.is_evolve_user === 1;
    const link = isEvolveUser
      ? undefined
      : await this.db("user_customers")
          .where({ user_id: task.user_id, customer_id: task.customer_id })
          .first("permissions_json");
    const permissions = link ? parsePermissions(link.permissions_json) : [];
    return scopeFor({ userId: task.user_id, isEvolveUser, permissions }, task.customer_id);
  }

  private async finish(
    task: TaskRow,
    outcome: { status: "success"; rows: unknown[] } | { status: "failed"; reason: string },
  ): Promise<void> {
    const finishedAt = this.ctx.now().toISOString();
    const values =
      outcome.status === "success"
        ? {
            status: "success",
            success: true,
            reason: null,
            result_json: JSON.stringify(outcome.rows),
            row_count: outcome.rows.length,
          }
        : { status: "failed", success: false, reason: outcome.reason, result_json: null, row_count: null };
    // only while the claim is still this run's: a run whose lease lapsed and was taken over writes nothing
    await this.db("report_tasks")
      .where({ id: task.id, status: "running", claimed_by: task.claimed_by, attempts: task.attempts })
      .update({ ...values, finished_at: finishedAt, lease_until: null });
  }
}
