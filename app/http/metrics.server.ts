import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { cachesUsable, knownGeneration } from "./changes.server";

// The portal's metrics (decision 145), one registry per process. Symbol.for, as for the logger: the upstream client
// in the server build and the HTTP server from source count into the same histograms.
const KEY = Symbol.for("workwear-portal.metrics");
type PortalMetrics = {
  registry: Registry;
  requests: Histogram<"route" | "method" | "status_class">;
  upstream: Histogram<"service" | "method" | "status">;
  kept: Counter<"service" | "outcome">;
  changes: Gauge;
  generation: Gauge;
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
      kept: new Counter({
        name: "portal_kept_answers_total",
        help: "GET answers asked for with keep (decision 185), by service and outcome: hit (served kept) or miss (asked)",
        labelNames: ["service", "outcome"],
        registers: [registry],
      }),
      // read at each scrape (decision 157)
      changes: new Gauge({
        name: "portal_change_feed_up",
        help: "1 while the provider's change generation is heard (kept answers may be served), else 0",
        registers: [registry],
        collect() {
          this.set(cachesUsable() ? 1 : 0);
        },
      }),
      generation: new Gauge({
        name: "portal_change_generation",
        help: "The provider's change generation as this process last heard it (-1 before the first answer)",
        registers: [registry],
        collect() {
          this.set(knownGeneration() ?? -1);
        },
      }),
    };
  }
  return globals[KEY];
}
