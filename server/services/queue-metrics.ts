import type { Knex } from "knex";
import { QueueGauges } from "../metrics";
import { mailQueueStats } from "./mail-relay";
import { queueState } from "./task-queue";

// The provider's queues as metrics (decision 145): beside the services that own them, so that server/metrics.ts (the
// registry and the gauges' shape) imports no service.

/**
 * Every queue of the provider (reports, ERP import runs, e-mails) and the e-mails sent and failed, read from the
 * database at each scrape: the API and worker processes answer the same figures.
 */
export function providerQueues(db: Knex, now: () => Date): QueueGauges {
  return new QueueGauges()
    .add("reports", queueState(db, "report_tasks", "created_at", now))
    .add("erp", queueState(db, "erp_import_runs", "queued_at", now))
    .add("emails", queueState(db, "outbox", "created_at", now))
    .addGauge({
      name: "provider_emails",
      help: "E-mails in the outbox by delivery outcome (sent, failed), as the database holds them",
      labelNames: ["status"],
      async read() {
        const stats = await mailQueueStats(db, now());
        return [
          [{ status: "sent" }, stats.sent],
          [{ status: "failed" }, stats.failed],
        ];
      },
    });
}
