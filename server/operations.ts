import { randomUUID } from "node:crypto";
import type { Knex } from "knex";
import type { FeathersKoaContext, Middleware } from "@feathersjs/koa";
import {
  metricsAccess,
  redactUrl,
  REQUEST_ID_HEADER,
  statusClass,
  wellFormedRequestId,
} from "../app/domain/operations";
import { pendingMigrations } from "./db/knex";
import { logger } from "./log";
import { requestDuration, type QueueGauges } from "./metrics";

// The provider's access line and request id, /healthz, /readyz and /metrics (decisions 144 and 145).

type HookLike = { path?: string; id?: unknown; params?: { caller?: { userId?: number; customerId?: number | null } } };
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * First of all middleware: the request's id (the portal's X-Request-Id when well-formed, else a new one), on the answer
 * and on every line about it (ctx.state.requestId), and one access line when the answer ends or the client goes away.
 * The route is the Feathers service path (`/:id` when one record was asked for).
 */
export function accessLog(): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = wellFormedRequestId(ctx.get(REQUEST_ID_HEADER)) ?? randomUUID();
    ctx.state.requestId = requestId;
    ctx.set("X-Request-Id", requestId);
    ctx.res.once("close", () => {
      const seconds = (performance.now() - started) / 1000;
      const hook = (ctx as { hook?: HookLike }).hook;
      const route: string = ctx.state.route ?? (hook?.path ? `${hook.path}${hook.id != null ? "/:id" : ""}` : "none");
      const cancelled = !ctx.res.writableFinished;
      const method = METHODS.has(ctx.method) ? ctx.method : "other";
      requestDuration.observe(
        { route, method, status_class: cancelled ? "cancelled" : statusClass(ctx.status) },
        seconds,
      );
      const caller = hook?.params?.caller;
      const line = {
        reqId: requestId,
        method: ctx.method,
        path: redactUrl(ctx.originalUrl, "all"),
        route,
        status: cancelled ? undefined : ctx.status,
        ms: Math.round(seconds * 10_000) / 10,
        userId: caller?.userId,
        customerId: caller?.customerId ?? undefined,
      };
      if (cancelled) logger.info({ ...line, cancelled: true }, "request cancelled by the client");
      else if (ctx.status >= 500) logger.warn(line, "request");
      // every portal process asks four times a second (decision 157): its lines would bury the rest
      else if (route === "changes") logger.debug(line, "request");
      else logger.info(line, "request");
    });
    await next();
  };
}

/** /readyz's checks: the database answers a query, and it has run every migration this code has. */
export async function providerReadiness(db: Knex): Promise<{ ready: boolean; checks: Record<string, string> }> {
  const checks: Record<string, string> = {};
  try {
    await db.raw("select 1");
    checks.database = "ok";
    const pending = await pendingMigrations(db);
    checks.migrations = pending.length ? `${pending.length} pending` : "ok";
  } catch (error) {
    logger.warn({ err: error }, "not ready: the database does not answer");
    checks.database = "not answering";
    checks.migrations = "unknown";
  }
  return { ready: Object.values(checks).every((v) => v === "ok"), checks };
}

/** What /readyz or /metrics answers, whichever server carries it (the API's Koa app or a worker's bare server). */
export interface OperationsAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

const NO_STORE = { "cache-control": "no-store" };

/** GET /readyz: 200 when the database answers and has every migration, else 503 naming what failed. */
export async function readyzAnswer(db: Knex): Promise<OperationsAnswer> {
  const answer = await providerReadiness(db);
  return {
    status: answer.ready ? 200 : 503,
    headers: { ...NO_STORE, "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify({ status: answer.ready ? "ready" : "not ready", checks: answer.checks }),
  };
}

/** GET /metrics: METRICS_TOKEN as a bearer token, or from loopback when it is unset (decision 145). */
export async function metricsAnswer(options: {
  queues: QueueGauges;
  metricsToken: string | undefined;
  authorization: string | undefined;
  clientAddress: string;
  socketAddress: string | undefined;
}): Promise<OperationsAnswer> {
  const access = metricsAccess({
    token: options.metricsToken,
    authorization: options.authorization,
    clientAddress: options.clientAddress,
    socketAddress: options.socketAddress,
  });
  const text = { "content-type": "text/plain; charset=utf-8" };
  if (access === "no token")
    return { status: 401, headers: { ...text, "www-authenticate": 'Bearer realm="metrics"' }, body: "Unauthorized" };
  if (access === "not loopback")
    return { status: 403, headers: text, body: "Forbidden: set METRICS_TOKEN to read the metrics from elsewhere" };
  const { contentType, text: body } = await options.queues.metrics();
  return { status: 200, headers: { ...NO_STORE, "content-type": contentType }, body };
}

/**
 * GET /healthz, /readyz and /metrics, before sessions and services: no log-in, no maintenance check, nothing secret.
 */
export function operationsRoutes(options: {
  db: Knex;
  queues: QueueGauges;
  metricsToken: string | undefined;
  clientAddress: (ctx: FeathersKoaContext) => string;
}): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    let answer: OperationsAnswer;
    if (ctx.path === "/healthz") {
      ctx.state.route = "healthz";
      answer = {
        status: 200,
        headers: { ...NO_STORE, "content-type": "application/json; charset=utf-8" },
        body: JSON.stringify({ status: "ok" }),
      };
    } else if (ctx.path === "/readyz") {
      ctx.state.route = "readyz";
      answer = await readyzAnswer(options.db);
    } else if (ctx.path === "/metrics") {
      ctx.state.route = "metrics";
      answer = await metricsAnswer({
        queues: options.queues,
        metricsToken: options.metricsToken,
        authorization: ctx.get("authorization") || undefined,
        clientAddress: options.clientAddress(ctx),
        socketAddress: ctx.req.socket.remoteAddress,
      });
    } else return next();
    ctx.status = answer.status;
    ctx.set(answer.headers);
    ctx.body = answer.body;
  };
}
