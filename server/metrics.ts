import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import { logger } from "./log";

// The provider's metrics (decision 145). What belongs to the process (request durations, log-in refusals, event-loop
// lag, heap) is counted once per process; queue gauges read the app's own database when scraped, so they are right
// whatever the number of provider processes (every one answers the same figures).

const processRegistry = new Registry();
collectDefaultMetrics({ register: processRegistry });

export const requestDuration = new Histogram({
  name: "provider_http_request_duration_seconds",
  help: "Time to answer a request, by Feathers service path (with /:id for one record) and status class",
  labelNames: ["route", "method", "status_class"],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [processRegistry],
});

export const loginRefusals = new Counter({
  name: "provider_login_refusals_total",
  help: "Log-ins refused, by reason (as the log-in history records it)",
  labelNames: ["reason"],
  registers: [processRegistry],
});

/** What a queue gauge reads at each scrape: jobs not yet finished, and how long the oldest of them has waited. */
export type QueueState = { depth: number; oldestAgeSeconds: number };

/** The queue gauges of one provider app: `add(name, read)` is all a new queue needs. */
export class QueueGauges {
  private readonly readers = new Map<string, () => Promise<QueueState>>();
  private readonly registry = new Registry();
  // one read of every queue per scrape, shared by the two gauges
  private reading: Promise<Map<string, QueueState>> | null = null;

  constructor() {
    const each = (of: (state: QueueState) => number) => async () =>
      [...(await (this.reading ??= this.readAll()))].map(([queue, state]): [Record<string, string>, number] => [
        { queue },
        of(state),
      ]);
    this.addGauge({
      name: "provider_queue_depth",
      help: "Jobs waiting or running, by queue",
      labelNames: ["queue"],
      read: each((state) => state.depth),
    });
    this.addGauge({
      name: "provider_queue_oldest_age_seconds",
      help: "Age of the oldest job waiting or running, by queue (0 when none)",
      labelNames: ["queue"],
      read: each((state) => state.oldestAgeSeconds),
    });
  }

  add(name: string, read: () => Promise<QueueState>): this {
    this.readers.set(name, read);
    return this;
  }

  /** Another gauge read at each scrape (a failed read leaves it out of that scrape). */
  addGauge(gauge: {
    name: string;
    help: string;
    labelNames: string[];
    read: () => Promise<Array<[Record<string, string>, number]>>;
  }): this {
    new Gauge({
      name: gauge.name,
      help: gauge.help,
      labelNames: gauge.labelNames,
      registers: [this.registry],
      async collect() {
        try {
          for (const [labels, value] of await gauge.read()) this.set(labels, value);
        } catch (error) {
          logger.warn({ err: error, gauge: gauge.name }, "a gauge could not be read");
        }
      },
    });
    return this;
  }

  private async readAll(): Promise<Map<string, QueueState>> {
    const entries = await Promise.all(
      [...this.readers].map(async ([name, read]) => {
        try {
          return [[name, await read()] as const];
        } catch (error) {
          // a queue that cannot be read is left out of this scrape; /readyz says whether the database answers
          logger.warn({ err: error, queue: name }, "a queue gauge could not be read");
          return [];
        }
      }),
    );
    return new Map(entries.flat());
  }

  /** The process's metrics and these queues', in Prometheus text format. */
  async metrics(): Promise<{ contentType: string; text: string }> {
    try {
      const merged = Registry.merge([processRegistry, this.registry]);
      return { contentType: merged.contentType, text: await merged.metrics() };
    } finally {
      this.reading = null;
    }
  }
}
