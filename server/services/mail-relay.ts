/**
 * The mail relay (issue 32 item 1, decision 147): sends the outbox. A message is written in the transaction of its
 * cause (mail-templates.ts writeMail) as 'pending'; a relay claims it with the queue core report tasks and ERP runs
 * use (task-queue.ts: one atomic statement, SKIP LOCKED on PostgreSQL), so whatever the number of provider processes
 * each message is in one relay's hands at a time, and sends it over SMTP (nodemailer; SMTP_URL, MAIL_FROM).
 *
 * - The claim is a lease longer than a send may take: the send is cut at SEND_TIMEOUT_MS (nodemailer's own timeouts
 *   and an abort), the lease is that and a minute more. A slow server therefore never lets a second relay claim the
 *   message while the first still waits for the answer; only a relay that died (its lease lapsed) loses it.
 * - The outcome is written only while the claim is still this relay's (status running, claimed_by, attempts): the
 *   check and the write are one statement.
 * - A refused or failed send (4xx, 5xx, no connection, time-out) is tried again after a growing wait, 1, 2, 4, 8, 16,
 *   32 then 60 minutes; after the 8th try the message is 'failed' with the server's answer in last_error. An admin
 *   may send it again (/admin/e-mails): back to pending, tries from 0.
 * - Without SMTP_URL no relay is made (nothing is sent; the outbox fills and stays readable).
 */
import { bumpChangeGeneration } from "../changes";
import nodemailer from "nodemailer";
import type { Knex } from "knex";
import type { Ctx } from "./base";
import type { MailConfig } from "./mail-config";
import { claimNext, TaskLoop, workerName } from "./task-queue";

export const MAIL_TRIES = 8;
export const SEND_TIMEOUT_MS = 60_000;
const LEASE_MARGIN_MS = 60_000;
const MINUTE = 60_000;
const MAX_ERROR = 1000;

/** The wait after the n-th failed try (n from 1): 1 minute, doubled each time, at most an hour. */
export const retryWaitMs = (tries: number): number => Math.min(60, 2 ** Math.max(0, tries - 1)) * MINUTE;

export interface MailRelayOptions {
  /** names the relay in claimed_by (default host:pid:random) */
  id?: string;
  /** a send longer than this is cut and counts as a failed try (default 60 s) */
  sendTimeoutMs?: number;
  /** how long a claim holds (default the send time-out + 1 minute); must be longer than the send time-out */
  leaseMs?: number;
  /** how often an idle relay looks for work (default 2 s) */
  pollMs?: number;
  maxTries?: number;
  /** where its failed tries are told (the provider's logger) */
  log: (message: string) => void;
}

interface OutboxRow {
  id: number;
  to_email: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
  claimed_by: string;
  last_error: string | null;
}

/** What the SMTP server answered ("550 5.1.1 No such user"), or the connection's error, without the password. */
function answerOf(error: any): string {
  // cut by the relay's own time-out: the reason it gave, not nodemailer's "Message sending aborted"
  if (error?.code === "EABORT" && error.cause instanceof Error) return error.cause.message.slice(0, MAX_ERROR);
  const text =
    typeof error?.response === "string" && error.response
      ? error.response
      : `${error?.code ? `${error.code}: ` : ""}${error?.message ?? String(error)}`;
  return text.replace(/\/\/[^/@\s]*@/g, "//").slice(0, MAX_ERROR);
}

export class MailRelay {
  readonly id: string;
  private readonly sendTimeoutMs: number;
  private readonly leaseMs: number;
  private readonly maxTries: number;
  private readonly log: (message: string) => void;
  private readonly loop: TaskLoop;
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;
  /** the e-mail being sent now, for the shutdown's log */
  private sending: number | null = null;

  constructor(
    private ctx: Ctx,
    private config: MailConfig & { smtpUrl: string },
    opts: MailRelayOptions,
  ) {
    this.id = opts.id ?? workerName();
    this.sendTimeoutMs = opts.sendTimeoutMs ?? SEND_TIMEOUT_MS;
    this.leaseMs = opts.leaseMs ?? this.sendTimeoutMs + LEASE_MARGIN_MS;
    if (this.leaseMs <= this.sendTimeoutMs) throw new Error("The mail relay's lease must outlast its send time-out");
    this.maxTries = opts.maxTries ?? MAIL_TRIES;
    this.log = opts.log;
    this.transport = nodemailer.createTransport({
      url: config.smtpUrl,
      connectionTimeout: this.sendTimeoutMs,
      greetingTimeout: this.sendTimeoutMs,
      socketTimeout: this.sendTimeoutMs,
    });
    this.loop = new TaskLoop(() => this.runOnce(), {
      name: "mail relay",
      pollMs: opts.pollMs ?? 2000,
      log: this.log,
      afterJob: () => bumpChangeGeneration(this.db),
    });
  }

  private get db(): Knex {
    return this.ctx.db;
  }

  start(): void {
    this.loop.start();
  }

  /** Stops looking for work and waits for the send in hand (at most the send time-out). */
  async stop(): Promise<void> {
    await this.loop.stop();
    this.transport.close();
  }

  wake(): void {
    this.loop.wake();
  }

  running(): string | null {
    return this.sending === null ? null : `e-mail ${this.sending}`;
  }

  /** Claims the oldest message that is due (or whose relay died) and sends it; false when there was none. */
  async runOnce(): Promise<boolean> {
    const row = await claimNext<OutboxRow>(this.db, "outbox", {
      workerId: this.id,
      now: this.ctx.now(),
      leaseMs: this.leaseMs,
      dueColumn: "next_attempt_at",
      returning: "id, to_email, subject, body, html, attempts, claimed_by, last_error",
    });
    if (!row) return false;
    if (row.attempts > this.maxTries) {
      // its relays died while sending it, try after try
      await this.settle(row, { status: "failed", failed_at: this.ctx.now().toISOString() });
      return true;
    }
    this.sending = row.id;
    try {
      await this.send(row);
    } catch (error) {
      const answer = answerOf(error);
      const at = this.ctx.now();
      this.log(`provider: mail relay: e-mail ${row.id}, try ${row.attempts} of ${this.maxTries}: ${answer}`);
      await this.settle(
        row,
        row.attempts >= this.maxTries
          ? { status: "failed", last_error: answer, failed_at: at.toISOString() }
          : {
              status: "pending",
              last_error: answer,
              next_attempt_at: new Date(at.getTime() + retryWaitMs(row.attempts)).toISOString(),
            },
      );
      return true;
    } finally {
      this.sending = null;
    }
    await this.settle(row, { status: "sent", sent_at: this.ctx.now().toISOString(), next_attempt_at: null });
    return true;
  }

  private async send(row: OutboxRow): Promise<void> {
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new Error(`No answer from the SMTP server within ${this.sendTimeoutMs} ms`)),
      this.sendTimeoutMs,
    );
    try {
      await this.transport.sendMail({
        from: this.config.from,
        to: row.to_email,
        subject: row.subject,
        text: row.body,
        ...(row.html ? { html: row.html } : {}),
        signal: abort.signal,
      });
    } finally {
      clearTimeout(timer);
    }
  }

  /** Writes the outcome, only while the claim is still this relay's (one statement: the check and the write). */
  private async settle(row: OutboxRow, values: Record<string, string | null>): Promise<void> {
    const changed = await this.db("outbox")
      .where({ id: row.id, status: "running", claimed_by: row.claimed_by, attempts: row.attempts })
      .update({ ...values, lease_until: null });
    if (changed !== 1) this.log(`provider: mail relay: e-mail ${row.id} was no longer this relay's to settle`);
  }
}

export interface MailQueueStats {
  /** messages waiting to be sent or being sent */
  depth: number;
  /** seconds since the oldest of them was written; 0 when there is none */
  oldestAgeSeconds: number;
  sent: number;
  failed: number;
}

/**
 * The e-mail queue at a glance, for metrics: its depth and oldest age, and the messages sent and failed.
 * Read by the provider's metrics (server/metrics.ts); tested in server/test/mail-delivery.test.ts
 */
export async function mailQueueStats(db: Knex, now: Date): Promise<MailQueueStats> {
  const rows: Array<{ status: string; n: number | string; oldest: string | null }> = await db("outbox")
    .groupBy("status")
    .select("status", db.raw("count(*) as n"), db.raw("min(created_at) as oldest"));
  const of = (status: string) => rows.find((r) => r.status === status);
  const waiting = [of("pending"), of("running")].filter((r) => r !== undefined);
  const oldest = waiting
    .map((r) => Date.parse(r.oldest ?? ""))
    .filter(Number.isFinite)
    .sort((a, b) => a - b)[0];
  return {
    depth: waiting.reduce((sum, r) => sum + Number(r.n), 0),
    oldestAgeSeconds: oldest === undefined ? 0 : Math.max(0, Math.round((now.getTime() - oldest) / 1000)),
    sent: Number(of("sent")?.n ?? 0),
    failed: Number(of("failed")?.n ?? 0),
  };
}
