/**
 * Issue 19 (decision 122): report tasks are a queue in the provider's own database, run by a worker in the provider
 * process (server/services/report-worker.ts).
 * - status: 'pending' | 'running' | 'success' | 'failed'; success is kept in step (null while pending or running);
 * - reason: why a task failed, in words; started_at: when its latest run began; row_count: rows in its result;
 * - claimed_by: the worker (process) running it; lease_until: when that claim lapses — a task still 'running' after
 *   it (its process died) may be claimed again; attempts: runs begun (capped, then the task fails);
 * - (status, id) serves the claim (the oldest pending task), (customer_id, user_id, created_at) the caller's list.
 * Existing rows: success true → 'success', false → 'failed' with result_json's error as the reason, null → 'pending'.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("report_tasks", (t) => {
    t.string("status", 10).notNullable().defaultTo("pending");
    t.text("reason");
    t.string("started_at", 30);
    t.string("claimed_by", 100);
    t.string("lease_until", 30);
    t.integer("attempts").notNullable().defaultTo(0);
    t.integer("row_count");
    t.index(["status", "id"], "report_tasks_status_id_index");
    t.index(["customer_id", "user_id", "created_at"], "report_tasks_caller_created_index");
  });
  await knex("report_tasks").where("success", true).update({ status: "success" });
  const failed: Array<{ id: number; result_json: string | null }> = await knex("report_tasks")
    .where("success", false)
    .select("id", "result_json");
  for (const row of failed) {
    let reason = "The report could not be finished";
    try {
      const error = row.result_json ? (JSON.parse(row.result_json) as { error?: unknown }).error : undefined;
      if (typeof error === "string" && error.trim()) reason = error;
    } catch {
      /* not JSON: keep the general reason */
    }
    await knex("report_tasks").where("id", row.id).update({ status: "failed", reason });
  }
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("report_tasks", (t) => {
    t.dropIndex(["customer_id", "user_id", "created_at"], "report_tasks_caller_created_index");
    t.dropIndex(["status", "id"], "report_tasks_status_id_index");
    t.dropColumn("row_count");
    t.dropColumn("attempts");
    t.dropColumn("lease_until");
    t.dropColumn("claimed_by");
    t.dropColumn("started_at");
    t.dropColumn("reason");
    t.dropColumn("status");
  });
}
