import { once } from "node:events";
import type { Server } from "node:http";
import { isIP } from "node:net";
import { pathToFileURL } from "node:url";
import type { Knex } from "knex";
import { closeGracefully } from "../app/domain/graceful-close";
import { createProviderApp } from "./app";
import {
  DEFAULT_ERP_FEED_DIR,
  DEFAULT_HOST,
  DEFAULT_PORTAL_URL,
  parseProviderConfig,
  type ProviderConfig,
  type ProviderRole,
} from "./config";
import { checkStatementCache, createDb } from "./db/knex";
import type { SeedScale } from "./db/seed/index";
import { prepareDatabase } from "./startup";
import { backgroundWorkOf, createBackgroundWork, type BackgroundWork } from "./services/background";
import { erpSourceFor } from "./services/erp-feed";
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies, resolveClientAddress } from "./auth/client-address";
import { logger } from "./log";
import { providerQueues } from "./services/queue-metrics";
import { metricsAnswer, readyzAnswer } from "./operations";
import { NO_MAIL } from "./services/mail-config";
import { createWorkerServer, healthz, type WorkerHandlers } from "./worker-server";

/** What a provider process is started with: the parsed configuration (server/config.ts), any part of it, and more. */
export interface StartOptions extends Partial<ProviderConfig> {
  seedWhenEmpty?: boolean;
  scale?: SeedScale;
  log?: (message: string) => void;
}

export interface StartedProvider {
  role: ProviderRole;
  port: number;
  address: string;
  url: string;
  /** what is still in hand: requests being answered ("GET /api/report") and queue jobs ("report task 12") */
  running(): string[];
  /**
   * Stops gracefully (decision 153): no more work is taken, the job in hand is finished or given back, the requests in
   * flight are answered, then the database is closed.
   */
  close(): Promise<void>;
}

/**
 * What a `worker` process serves over HTTP (decision 152): /healthz, /readyz and /metrics, answered as the API's are
 * (server/operations.ts); the client's address through the trusted proxies, for the metrics' loopback rule.
 */
export function workerHandlers(
  db: Knex,
  opts: { metricsToken: string | undefined; trustedProxies: string; now: () => Date },
): WorkerHandlers {
  const queues = providerQueues(db, opts.now);
  const proxies = parseTrustedProxies(opts.trustedProxies);
  return {
    "/healthz": healthz,
    "/readyz": () => readyzAnswer(db),
    "/metrics": (req) =>
      metricsAnswer({
        queues,
        metricsToken: opts.metricsToken,
        authorization: req.headers.authorization,
        clientAddress: resolveClientAddress(req.socket.remoteAddress, req.headers["x-forwarded-for"], proxies),
        socketAddress: req.socket.remoteAddress,
      }),
  };
}

/**
 * Starts one provider process in its role (decision 152): `all` (the default) serves the API and runs the queues,
 * `api` serves the API only, `worker` runs the queues and serves only `workerHandlers()`.
 */
export async function startProvider(opts: StartOptions = {}): Promise<StartedProvider> {
  const log = opts.log ?? ((m: string) => logger.info(m));
  const role = opts.role ?? "all";
  const db = createDb({ databaseUrl: opts.databaseUrl, sqliteFile: opts.sqliteFile });
  try {
    await prepareDatabase(db, { seedWhenEmpty: opts.seedWhenEmpty ?? true, scale: opts.scale, log });
    await checkStatementCache(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const host = opts.host ?? DEFAULT_HOST;
  const erpSource = erpSourceFor(db, opts.erpFeedDir ?? DEFAULT_ERP_FEED_DIR);
  let server: Server;
  let work: BackgroundWork | null;
  if (role === "worker") {
    const ctx = { db, now: () => new Date(), portalUrl: opts.portalUrl ?? DEFAULT_PORTAL_URL };
    work = createBackgroundWork(ctx, {
      reportTimeoutMs: opts.reportTimeoutMs,
      erpSource,
      mail: opts.mail ?? NO_MAIL,
      log,
    });
    work.start();
    server = createWorkerServer(
      workerHandlers(db, {
        metricsToken: opts.metricsToken,
        trustedProxies: opts.trustedProxies ?? DEFAULT_TRUSTED_PROXIES,
        now: ctx.now,
      }),
    );
    server.listen(opts.port ?? 3030, host);
  } else {
    const app = createProviderApp({
      db,
      sessionIdleMinutes: opts.sessionIdleMinutes,
      sessionMaxHours: opts.sessionMaxHours,
      portalUrl: opts.portalUrl,
      trustedProxies: opts.trustedProxies,
      reportTimeoutMs: opts.reportTimeoutMs,
      erpFeedDir: opts.erpFeedDir,
      mail: opts.mail,
      metricsToken: opts.metricsToken,
      backgroundWork: role === "all",
    });
    server = await app.listen(opts.port ?? 3030, host);
    work = backgroundWorkOf(app);
  }
  try {
    if (!server.listening) await once(server, "listening");
  } catch (error) {
    await work?.stop();
    await db.destroy();
    throw error;
  }
  const requests = requestsInFlight(server);
  const bound = server.address();
  const port = typeof bound === "object" && bound ? bound.port : (opts.port ?? 3030);
  const address = typeof bound === "object" && bound ? bound.address : host;
  // the portal calls it on loopback when it listens on every interface
  const urlHost =
    address === "0.0.0.0" || address === "::" ? "127.0.0.1" : isIP(address) === 6 ? `[${address}]` : address;
  let closing: Promise<void> | null = null;
  return {
    role,
    port,
    address,
    url: `http://${urlHost}:${port}`,
    running: () => [...requests(), ...(work?.running() ?? [])],
    close() {
      closing ??= (async () => {
        await Promise.all([work?.stop(), closeGracefully(server)]);
        await db.destroy();
      })();
      return closing;
    },
  };
}

/**
 * The requests a server is answering, as "GET /api/report" (method and the path's first two segments only: a path may
 * carry a token, e.g. a password reset's).
 */
function requestsInFlight(server: Server): () => string[] {
  const open = new Set<{ label: string }>();
  server.on("request", (req, res) => {
    const entry = { label: `${req.method} ${(req.url ?? "/").split("?")[0].split("/").slice(0, 3).join("/")}` };
    open.add(entry);
    res.once("close", () => open.delete(entry));
  });
  return () => [...open].map((entry) => entry.label);
}

/**
 * `npm run provider -- start`: one process in the configured role, until SIGTERM or SIGINT; then it stops gracefully
 * and exits 0, or exits 1 after SHUTDOWN_TIMEOUT, naming what was still running (decision 153).
 */
export async function runProvider(config: ProviderConfig): Promise<void> {
  logger.level = config.logLevel; // LOG_LEVEL as the one configuration read it
  const log = (m: string) => logger.info(m);
  const started = await startProvider({ ...config, log });
  log(
    started.role === "worker"
      ? `provider worker running the queues; health on ${started.url}/healthz`
      : `provider API (${started.role === "api" ? "no background work" : "with the queues"}) listening on ${started.url}/api`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const seconds = config.shutdownTimeoutMs / 1000;
    log(`provider: ${signal}: stopping (at most ${seconds} s)`);
    const late = setTimeout(() => {
      const left = started.running();
      log(`provider: still running after ${seconds} s: ${left.join(", ") || "closing connections"}; exiting`);
      process.exit(1);
    }, config.shutdownTimeoutMs);
    started.close().then(
      () => {
        clearTimeout(late);
        log("provider: stopped");
        process.exit(0);
      },
      (error: unknown) => {
        logger.error({ err: error }, "provider: stopping failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  Promise.resolve()
    .then(() => runProvider(parseProviderConfig(process.env)))
    .catch((error) => {
      logger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
      process.exit(1);
    });
}
