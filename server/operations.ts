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

/**
 * GET /healthz, /readyz and /metrics, before sessions and services: no log-in, no maintenance check, nothing secret.
 * /metrics: METRICS_TOKEN as a bearer token, or from loopback when it is unset (decision 145).
 */
export function operationsRoutes(options: {
  db: Knex;
  queues: QueueGauges;
  metricsToken: string | undefined;
  clientAddress: (ctx: FeathersKoaContext) => string;
}): Middleware {
  return async (ctx, next) => {
    if (ctx.method !== "GET" && ctx.method !== "HEAD") return next();
    if (ctx.path === "/healthz") {
      ctx.state.route = "healthz";
      ctx.set("Cache-Control", "no-store");
      ctx.body = { status: "ok" };
    } else if (ctx.path === "/readyz") {
      ctx.state.route = "readyz";
      const answer = await providerReadiness(options.db);
      ctx.status = answer.ready ? 200 : 503;
      ctx.set("Cache-Control", "no-store");
      ctx.body = { status: answer.ready ? "ready" : "not ready", checks: answer.checks };
    } else if (ctx.path === "/metrics") {
      ctx.state.route = "metrics";
      const access = metricsAccess({
        token: options.metricsToken,
        authorization: ctx.get("authorization") || undefined,
        clientAddress: options.clientAddress(ctx),
        socketAddress: ctx.req.socket.remoteAddress,
      });
      if (access === "no token") {
        ctx.status = 401;
        ctx.set("WWW-Authenticate", 'Bearer realm="metrics"');
        ctx.body = "Unauthorized";
      } else if (access === "not loopback") {
        ctx.status = 403;
        ctx.body = "Forbidden: set METRICS_TOKEN to read the metrics from elsewhere";
      } else {
        const { contentType, text } = await options.queues.metrics();
        ctx.set("Cache-Control", "no-store");
        ctx.type = contentType;
        ctx.body = text;
      }
    } else return next();
  };
}
