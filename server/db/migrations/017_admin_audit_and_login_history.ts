/**
 * Issue 20 (decision 127): the admin area's log-in history, act-as sessions and audit log.
 *
 * - login_attempts gains who and why: user_id (the user the e-mail named, when it named one), reason (why a failure
 *   failed, in words; NULL on success and on rows from before this migration), address and user_agent of the client.
 *   The rate limits do not read this table (they count in auth_limits, decision 027); the site-user list reads the last
 *   success per e-mail, which is unchanged.
 * - auth_sessions.acting_admin_user_id: set on an act-as ("view as") session — its user is the customer's user, and
 *   this is the admin who opened it.
 * - audit_log: every admin write and every write made under an act-as session: who (admin_user_id), as whom
 *   (as_user_id, NULL for a direct admin write), whom it concerns (subject_user_id), what (service, method,
 *   record_id, summary), when (at), and before/after as JSON text where known.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("login_attempts", (t) => {
    t.integer("user_id").references("users.id");
    t.string("reason", 100);
    t.string("address", 100);
    t.string("user_agent", 500);
    t.index(["attempted_at"]);
    t.index(["user_id", "attempted_at"]);
  });
  await knex.schema.alterTable("auth_sessions", (t) => {
    t.integer("acting_admin_user_id").references("users.id");
    t.index(["last_seen_at"]);
  });
  await knex.schema.createTable("audit_log", (t) => {
    t.increments("id");
    t.string("at", 30).notNullable();
    t.integer("admin_user_id").references("users.id");
    t.integer("as_user_id").references("users.id");
    t.integer("subject_user_id").references("users.id");
    t.integer("customer_id").references("customers.id");
    t.string("service", 100).notNullable();
    t.string("method", 20).notNullable();
    t.string("record_id", 100);
    t.string("summary", 500).notNullable();
    t.text("before_json");
    t.text("after_json");
    t.index(["at"]);
    t.index(["subject_user_id", "at"]);
    t.index(["admin_user_id", "at"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("audit_log");
  await knex.schema.alterTable("auth_sessions", (t) => {
    t.dropIndex(["last_seen_at"]);
    t.dropColumn("acting_admin_user_id");
  });
  await knex.schema.alterTable("login_attempts", (t) => {
    t.dropIndex(["user_id", "attempted_at"]);
    t.dropIndex(["attempted_at"]);
    t.dropColumn("user_agent");
    t.dropColumn("address");
    t.dropColumn("reason");
    t.dropColumn("user_id");
  });
}
