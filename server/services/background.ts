/**
 * The provider's background work (issue 32 item 6, decision 152): every queue worker a process runs, made in one
 * place and started and stopped together. A process runs them when its options say `backgroundWork: true` (roles
 * `all` and `worker`) and none with `false` (role `api`): that one switch covers every queue, so a new queue (the
 * e-mail relay) adds its worker to `createBackgroundWork` and nowhere else.
 */
import type { HookContext, NextFunction } from "@feathersjs/feathers";
import type { Application } from "@feathersjs/koa";
import type { Ctx } from "./base";
import type { ErpSource } from "./erp-feed";
import { logger } from "../log";
import { ErpWorker } from "./erp-import";
import type { MailConfig } from "./mail-config";
import { MailRelay } from "./mail-relay";
import { ReportWorker } from "./report-worker";

export interface BackgroundWorkOptions {
  /** a report run longer than this fails (PROVIDER_REPORT_TIMEOUT_SECONDS) */
  reportTimeoutMs?: number;
  /** where the ERP import reads its feed */
  erpSource: () => ErpSource;
  /** SMTP_URL and MAIL_FROM: the e-mail relay runs only with an SMTP server (decision 147) */
  mail: MailConfig;
  /** default: the provider's logger (server/log.ts), at warn */
  log?: (message: string) => void;
}

/** One queue's worker, as the process sees it. */
interface QueueWorker {
  start(): void;
  /** stops taking work; the job in hand finishes or gives its claim back */
  stop(): Promise<void>;
  /** what it is running now, for the shutdown's log ("report task 12"), or null */
  running(): string | null;
}

export interface BackgroundWork {
  reports: ReportWorker;
  erp: ErpWorker;
  /** null without SMTP_URL: the outbox only fills */
  mail: MailRelay | null;
  start(): void;
  /** Stops every queue's worker: none takes more work; each finishes its job in hand or releases its claim. */
  stop(): Promise<void>;
  /** What is still running, e.g. ["report task 12"] */
  running(): string[];
}

export function createBackgroundWork(ctx: Ctx, opts: BackgroundWorkOptions): BackgroundWork {
  const reports = new ReportWorker(ctx, { timeoutMs: opts.reportTimeoutMs, log: opts.log });
  const erp = new ErpWorker(ctx, opts.erpSource, { log: opts.log });
  const { smtpUrl } = opts.mail;
  const mail = smtpUrl
    ? new MailRelay(ctx, { ...opts.mail, smtpUrl }, { log: opts.log ?? ((m) => logger.warn(m)) })
    : null;
  // every queue of the process
  const workers: QueueWorker[] = [reports, erp, ...(mail ? [mail] : [])];
  let stopping: Promise<void> | null = null;
  return {
    reports,
    erp,
    mail,
    start() {
      stopping = null;
      for (const worker of workers) worker.start();
    },
    stop() {
      stopping ??= Promise.all(workers.map((worker) => worker.stop())).then(() => undefined);
      return stopping;
    },
    running() {
      return workers.map((worker) => worker.running()).filter((r): r is string => r !== null);
    },
  };
}

const SETTING = "backgroundWork";

/**
 * Ties the work to the app's life: it starts when the app starts listening and stops when its server closes (or the
 * app is torn down). `backgroundWorkOf(app)` finds it again, e.g. for the shutdown to stop it before the server.
 */
export function attachBackgroundWork(app: Application, work: BackgroundWork | null): void {
  app.set(SETTING, work);
  if (!work) return;
  app.hooks({
    setup: [
      async (context: HookContext, next: NextFunction) => {
        await next();
        work.start();
        (context.app as Application).server?.once("close", () => void work.stop());
      },
    ],
    teardown: [
      async (_context: HookContext, next: NextFunction) => {
        await work.stop();
        await next();
      },
    ],
  });
}

export function backgroundWorkOf(app: Application): BackgroundWork | null {
  return (app.get(SETTING) as BackgroundWork | null | undefined) ?? null;
}
