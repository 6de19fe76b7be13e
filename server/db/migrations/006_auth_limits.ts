/**
 * Log-in and password-reset limits counted in the database, so every provider process shares them
 * (decision 027). One row per limited key (sha256 of e.g. 'login:address+email:…'):
 * - hits: attempts counted since the key was last quiet (a log-in attempt counts before its password check);
 * - last_at: the last counted attempt (or the end of the last block); quiet for the policy's window → hits restart;
 * - blocked_until: refused until then; strikes: blocks so far, each one twice as long as the one before.
 * Keys quiet for a day are deleted now and then (they would start from nothing anyway).
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("auth_limits", (t) => {
    t.string("key", 64).primary();
    t.integer("hits").notNullable().defaultTo(0);
    t.integer("strikes").notNullable().defaultTo(0);
    t.string("last_at", 30).notNullable();
    t.string("blocked_until", 30).nullable();
    t.index(["last_at"]); // the sweep of long-quiet keys
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("auth_limits");
}
