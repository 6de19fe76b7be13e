import { collectDefaultMetrics, Histogram, Registry } from "prom-client";

// The portal's metrics (decision 145), one registry per process. Symbol.for, as for the logger: the upstream client
// in the server build and the HTTP server from source count into the same histograms.
const KEY = Symbol.for("workwear-portal.metrics");
type PortalMetrics = {
  registry: Registry;
  requests: Histogram<"route" | "method" | "status_class">;
  upstream: Histogram<"service" | "method" | "status">;
};
const globals = globalThis as typeof globalThis & { [KEY]?: PortalMetrics };

// seconds: a page answers in milliseconds; a report export may take seconds
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function portalMetrics(): PortalMetrics {
  if (!globals[KEY]) {
    const registry = new Registry();
    collectDefaultMetrics({ register: registry });
    globals[KEY] = {
      registry,
      requests: new Histogram({
        name: "portal_http_request_duration_seconds",
        help: "Time to answer a request, by Remix route id (or static, healthz …) and status class",
        labelNames: ["route", "method", "status_class"],
        buckets: BUCKETS,
        registers: [registry],
      }),
      upstream: new Histogram({
        name: "portal_upstream_request_duration_seconds",
        help: "Time of a call to the provider API, by service and status (failed: no answer; cancelled: the browser left)",
        labelNames: ["service", "method", "status"],
        buckets: BUCKETS,
        registers: [registry],
      }),
    };
  }
  return globals[KEY];
}
