import { bumpChangeGeneration } from "../../changes";
import { logger } from "../../log";
import type { Ctx } from "../base";
import { FeedUnreadable, type ErpFeed, type ErpSource } from "../erp-feed";
import { claimNext, TaskLoop, workerName } from "../task-queue";
import { importRows, isUniqueViolation, type ImportResult } from "./rows";

export const IMPORT_REASONS = { unfinished: "The import could not be finished" } as const;

interface RunRow {
  id: number;
  attempts: number;
  claimed_by: string;
}

/** Runs ERP import jobs in the provider process: claimed atomically (SKIP LOCKED on PostgreSQL), leased, one at a time. */
export class ErpWorker {
  readonly id = workerName();
  private readonly loop: TaskLoop;

  constructor(
    private ctx: Ctx,
    private source: () => ErpSource,
    private opts: { leaseMs?: number; pollMs?: number; maxAttempts?: number; log?: (m: string) => void } = {},
  ) {
    this.loop = new TaskLoop(() => this.runOnce(), {
      name: "ERP import worker",
      pollMs: opts.pollMs ?? 1000,
      log: opts.log ?? ((m) => logger.error(m)),
      // the catalogue it changed reaches every portal process (decision 157)
      afterJob: () => bumpChangeGeneration(this.ctx.db),
    });
  }

  /** the run claimed and not yet finished */
  private inHand: RunRow | null = null;

  start(): void {
    this.loop.start();
  }

  /** Stops looking for work; an import in hand runs to its end (its rows are written one by one, decision 153). */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  /** The run in hand, for the shutdown's log. */
  running(): string | null {
    return this.inHand ? `ERP import run ${this.inHand.id}` : null;
  }

  wake(): void {
    this.loop.wake();
  }

  /**
   * Claims a run with one atomic statement, or null: a running one whose lease lapsed (its process died) first, else
   * the waiting one while none is running — one import at a time across every process (decision 155). The database
   * holds the rule too (at most one running row, migration 020): a claim that loses a race to it is no claim.
   */
  async claim(): Promise<RunRow | null> {
    try {
      return await claimNext<RunRow>(this.ctx.db, "erp_import_runs", {
        workerId: this.id,
        now: this.ctx.now(),
        leaseMs: this.opts.leaseMs ?? 10 * 60_000,
        returning: "id, attempts, claimed_by",
        oneAtATime: true,
      });
    } catch (error: any) {
      if (isUniqueViolation(error)) return null;
      throw error;
    }
  }

  /** Claims and runs one import; false when there was none. */
  async runOnce(): Promise<boolean> {
    const run = await this.claim();
    if (!run) return false;
    this.inHand = run;
    try {
      await this.runClaimed(run);
    } finally {
      this.inHand = null;
    }
    return true;
  }

  private async runClaimed(run: RunRow): Promise<void> {
    if (run.attempts > (this.opts.maxAttempts ?? 3)) {
      await this.finish(run, { status: "failed", failure: IMPORT_REASONS.unfinished });
      return;
    }
    let feed: ErpFeed;
    try {
      feed = await this.source().read();
    } catch (error: any) {
      await this.finish(run, {
        status: "failed",
        failure: error instanceof FeedUnreadable ? error.message : IMPORT_REASONS.unfinished,
      });
      return;
    }
    // what the run read, in words (the feed may have changed since it was queued)
    await this.ctx
      .db("erp_import_runs")
      .where({ id: run.id, claimed_by: run.claimed_by })
      .update({ file: feed.source });
    const result = await importRows(this.ctx.db, feed.rows, this.ctx.now(), { runId: run.id });
    await this.finish(run, { status: "succeeded", result });
  }

  private async finish(
    run: RunRow,
    outcome: { status: "succeeded"; result: ImportResult } | { status: "failed"; failure: string },
  ): Promise<void> {
    const values =
      outcome.status === "succeeded"
        ? {
            status: "succeeded",
            failure: null,
            created: outcome.result.created,
            updated: outcome.result.updated,
            unchanged: outcome.result.unchanged,
            error_count: outcome.result.errors.length,
            errors_json: JSON.stringify(outcome.result.errors.slice(0, 1000)),
          }
        : { status: "failed", failure: outcome.failure.slice(0, 500) };
    // only while the claim is still this run's own
    await this.ctx
      .db("erp_import_runs")
      .where({ id: run.id, status: "running", claimed_by: run.claimed_by, attempts: run.attempts })
      .update({ ...values, finished_at: this.ctx.now().toISOString(), lease_until: null });
  }
}
