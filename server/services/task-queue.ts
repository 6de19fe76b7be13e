/**
 * The provider's job queues (decision 122 for report tasks, decision 131 for ERP import runs): jobs are rows of a
 * table, claimed with one atomic statement and run by a worker inside the provider process. This module is the part
 * both workers share — the claim and the loop that looks for work — so the two queues behave alike.
 */
import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Knex } from "knex";
import { isPostgres } from "../db/knex";

/** A worker's name in claimed_by: host, process and a random tag. */
export const workerName = (): string => `${hostname()}:${process.pid}:${randomBytes(3).toString("hex")}`;

/**
 * Claims the oldest claimable job of `table` — pending (and due, when `dueColumn` is given: its time is null or
 * past), or running with a lapsed lease (its process died) — marking it running with the worker's name, a lease and
 * one more attempt, in one atomic statement; on PostgreSQL the candidate row is chosen `FOR UPDATE SKIP LOCKED`, so
 * several processes share the queue and each job is claimed once. An idle look comes first, so an empty queue costs
 * no write. The table needs status, started_at, claimed_by, lease_until and attempts; `alsoSet` adds columns to reset
 * on a claim (SQL, from code only), `returning` names the columns answered. `oneAtATime`: a pending job is claimable
 * only while no job of the table is running, and a running one with a lapsed lease is taken over first (decision 155).
 */
export async function claimNext<T>(
  db: Knex,
  table: string,
  opts: {
    workerId: string;
    now: Date;
    leaseMs: number;
    alsoSet?: string;
    returning: string;
    dueColumn?: string;
    oneAtATime?: boolean;
  },
): Promise<T | null> {
  const nowText = opts.now.toISOString();
  const lease = new Date(opts.now.getTime() + opts.leaseMs).toISOString();
  const due = opts.dueColumn
    ? `(status = 'pending' and (${opts.dueColumn} is null or ${opts.dueColumn} <= ?))`
    : "status = 'pending'";
  const pending = opts.oneAtATime
    ? `(${due} and not exists (select 1 from ${table} other where other.status = 'running'))`
    : due;
  const claimable = `(${pending} or (status = 'running' and (lease_until is null or lease_until < ?)))`;
  const claimableArgs = opts.dueColumn ? [nowText, nowText] : [nowText];
  if (!(await db(table).whereRaw(claimable, claimableArgs).first("id"))) return null;
  const order = opts.oneAtATime ? "case when status = 'running' then 0 else 1 end, id" : "id";
  const pick = `select id from ${table} where ${claimable} order by ${order} limit 1${isPostgres(db) ? " for update skip locked" : ""}`;
  const result: any = await db.raw(
    `update ${table} set status = 'running', ${opts.alsoSet ? `${opts.alsoSet}, ` : ""}started_at = ?, claimed_by = ?, lease_until = ?, attempts = attempts + 1
     where id = (${pick}) and ${claimable} returning ${opts.returning}`,
    [nowText, opts.workerId, lease, ...claimableArgs, ...claimableArgs],
  );
  const rows: T[] = Array.isArray(result) ? result : result.rows;
  return rows[0] ?? null;
}

/**
 * Gives a claim back (the process is stopping, decision 153): the job is pending again at once, so another worker
 * claims it now rather than when the lease lapses, and the attempt does not count. Only while the claim is still this
 * worker's own (running, its name, its attempt): a job finished or taken over meanwhile is left alone.
 */
export async function releaseClaim(
  db: Knex,
  table: string,
  job: { id: number; claimed_by: string; attempts: number },
): Promise<boolean> {
  const changed = await db(table)
    .where({ id: job.id, status: "running", claimed_by: job.claimed_by, attempts: job.attempts })
    .update({
      status: "pending",
      claimed_by: null,
      lease_until: null,
      started_at: null,
      attempts: Math.max(0, job.attempts - 1),
    });
  return changed > 0;
}

/**
 * A queue gauge's reader (server/metrics.ts): the jobs of `table` not finished (pending, or running) and the age of the
 * oldest by `queuedAt` (an ISO text column), read from the database at each scrape, so every process answers the same.
 */
export function queueState(db: Knex, table: string, queuedAt: string, now: () => Date = () => new Date()) {
  return async (): Promise<{ depth: number; oldestAgeSeconds: number }> => {
    const row = await db(table)
      .whereIn("status", ["pending", "running"])
      .first(db.raw("count(*) as depth"), db.raw(`min(??) as oldest`, [queuedAt]));
    const oldest = row?.oldest ? Date.parse(String(row.oldest)) : Number.NaN;
    const age = Number.isNaN(oldest) ? 0 : Math.max(0, (now().getTime() - oldest) / 1000);
    return { depth: Number(row?.depth ?? 0), oldestAgeSeconds: age };
  };
}

/**
 * The loop a worker looks for work with: `runOnce` claims and runs one job (false when there was none); while it
 * finds work it runs again at once, else it looks every `pollMs`. `wake` looks at once (a job was added). Its timer is
 * unref'd, so it never keeps the process alive; `stop` waits for the run in hand.
 */
export class TaskLoop {
  private stopped = true;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private again = false;

  constructor(
    private readonly runOnce: () => Promise<boolean>,
    private readonly opts: {
      name: string;
      pollMs: number;
      log: (message: string) => void;
      /** after each job run: what it wrote is announced (the change generation, decision 157) */
      afterJob?: () => Promise<unknown>;
    },
  ) {}

  /** Not looking for work (never started, or stopped). */
  get isStopped(): boolean {
    return this.stopped;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Stops looking for work; `beforeWaiting` may cut the run in hand short; then waits for it. */
  async stop(beforeWaiting?: () => Promise<void>): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await beforeWaiting?.();
    await this.current;
  }

  wake(): void {
    if (this.stopped) return;
    if (this.current) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.loop(), ms);
    this.timer.unref();
  }

  private async loop(): Promise<void> {
    this.timer = null;
    if (this.stopped || this.current) return;
    this.current = (async () => {
      try {
        while (!this.stopped && (await this.runOnce())) {
          this.again = false;
          await this.opts.afterJob?.();
        }
      } catch (error: any) {
        if (!this.stopped) this.opts.log(`provider: ${this.opts.name}: ${error?.stack ?? error}`);
      }
    })();
    await this.current;
    this.current = null;
    if (!this.stopped) this.schedule(this.again ? 0 : this.opts.pollMs);
    this.again = false;
  }
}
