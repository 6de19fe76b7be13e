/**
 * Issue 32 item 1 (decision 147): the outbox is a queue. A message is still written in the transaction of its cause;
 * the mail relay (server/services/mail-relay.ts) claims it as report tasks are claimed (decision 122) and sends it.
 * - html: the message's HTML part (body stays its plain-text part); null on rows written before this migration;
 * - status: 'pending' | 'running' (a relay is sending it) | 'sent' | 'failed';
 * - attempts: sends begun (8 at most); next_attempt_at: not before then (null: at once);
 * - claimed_by / lease_until / started_at: the relay sending it, until when its claim holds, when it began;
 * - last_error: the SMTP server's answer (or the connection error) of the latest failed try;
 * - sent_at / failed_at: when it was accepted by the server, or given up.
 * Rows written before this migration were never sent and are months-old links at best: they become 'failed' with a
 * reason saying so, and an admin may send one again (/admin/e-mails).
 */
import type { Knex } from "knex";

export const NEVER_SENT = "Written before e-mail delivery existed: never sent";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("outbox", (t) => {
    t.text("html");
    t.string("status", 10).notNullable().defaultTo("pending");
    t.integer("attempts").notNullable().defaultTo(0);
    t.string("next_attempt_at", 30);
    t.string("started_at", 30);
    t.string("claimed_by", 100);
    t.string("lease_until", 30);
    t.string("last_error", 1000);
    t.string("sent_at", 30);
    t.string("failed_at", 30);
    t.index(["status", "id"], "outbox_status_id_index");
  });
  await knex("outbox").update({ status: "failed", last_error: NEVER_SENT, failed_at: new Date().toISOString() });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("outbox", (t) => {
    t.dropIndex(["status", "id"], "outbox_status_id_index");
    for (const column of [
      "failed_at",
      "sent_at",
      "last_error",
      "lease_until",
      "claimed_by",
      "started_at",
      "next_attempt_at",
      "attempts",
      "status",
      "html",
    ])
      t.dropColumn(column);
  });
}
