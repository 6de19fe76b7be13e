import { randomUUID } from "node:crypto";
import express, { type RequestHandler, type Router } from "express";
import { metricsAccess, redactUrl, REQUEST_ID_HEADER, statusClass, wellFormedRequestId } from "../domain/operations";
import { callerOf, logger } from "./log.server";
import { portalMetrics } from "./metrics.server";
import { REQUEST_SCOPE_HEADER } from "./request-scope.server";
import { routeMatcher, type BuildRoute } from "./route-tree.server";

// The portal's access line, request id, /healthz, /readyz and /metrics (decisions 144 and 145).

/** What /readyz answers: ready when every check says "ok"; each other value says what failed. */
export type Readiness = { ready: boolean; checks: Record<string, string> };

/** The Remix route id a path is answered by (the deepest match), as Remix matches it; `.data` requests included. */
export function routeIdResolver(routes: Readonly<Record<string, BuildRoute>>): (pathname: string) => string {
  const matchIds = routeMatcher(routes);
  return (pathname) => {
    if (pathname === "/__manifest") return "__manifest"; // Remix's lazy route discovery, not a page
    const page = pathname === "/_root.data" ? "/" : pathname.replace(/\.data$/, "");
    return matchIds(page).at(-1) ?? "unmatched";
  };
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * First of all middleware: gives the request its id (a well-formed incoming X-Request-Id, else a new one), which every
 * copy of the Request then carries for the upstream client, and writes one access line when the response ends or the
 * client goes away (one info line, not an error: decision 144).
 */
export function accessLog(routeOf: (pathname: string) => string): RequestHandler {
  return (req, res, next) => {
    const started = performance.now();
    const requestId = wellFormedRequestId(req.get(REQUEST_ID_HEADER)) ?? randomUUID();
    req.headers[REQUEST_ID_HEADER] = requestId;
    res.locals.requestId = requestId;
    res.set("X-Request-Id", requestId);
    res.on("close", () => {
      const seconds = (performance.now() - started) / 1000;
      const route: string = res.locals.route ?? (res.locals.remix ? routeOf(req.path) : "none");
      const cancelled = !res.writableFinished;
      const caller = callerOf(req.headers[REQUEST_SCOPE_HEADER] as string | undefined);
      const method = METHODS.has(req.method) ? req.method : "other";
      portalMetrics().requests.observe(
        { route, method, status_class: cancelled ? "cancelled" : statusClass(res.statusCode) },
        seconds,
      );
      const line = {
        reqId: requestId,
        method: req.method,
        path: redactUrl(req.originalUrl),
        route,
        status: cancelled ? undefined : res.statusCode,
        ms: Math.round(seconds * 10_000) / 10,
        userId: caller?.userId ?? undefined,
        customerId: caller?.customerId ?? undefined,
      };
      const log = logger();
      if (cancelled) log.info({ ...line, cancelled: true }, "request cancelled by the client");
      else if (res.statusCode >= 500) log.warn(line, "request");
      else log.info(line, "request");
    });
    next();
  };
}

/** GET /healthz, /readyz and /metrics: no session, no maintenance page, nothing secret (decision 145). */
export function operationsRoutes(options: { readiness: () => Promise<Readiness>; metricsToken?: string }): Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.locals.route = "healthz";
    res.set("Cache-Control", "no-store").json({ status: "ok" });
  });
  router.get("/readyz", (_req, res, next) => {
    res.locals.route = "readyz";
    options
      .readiness()
      .then((answer) => {
        res
          .status(answer.ready ? 200 : 503)
          .set("Cache-Control", "no-store")
          .json({ status: answer.ready ? "ready" : "not ready", checks: answer.checks });
      })
      .catch(next);
  });
  router.get("/metrics", (req, res, next) => {
    res.locals.route = "metrics";
    const access = metricsAccess({
      token: options.metricsToken,
      authorization: req.get("authorization"),
      clientAddress: req.ip,
      socketAddress: req.socket.remoteAddress,
    });
    if (access !== "allowed") {
      refuseMetrics(res, access);
      return;
    }
    const { registry } = portalMetrics();
    registry
      .metrics()
      .then((text) => res.set("Cache-Control", "no-store").type(registry.contentType).send(text))
      .catch(next);
  });
  return router;
}

function refuseMetrics(res: express.Response, access: "no token" | "not loopback"): void {
  if (access === "no token") {
    res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
  } else res.status(403).type("text/plain").send("Forbidden: set METRICS_TOKEN to read the metrics from elsewhere");
}
