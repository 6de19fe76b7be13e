/**
 * Issue 33 item 2 (decision 157): the change generation, a number every committed write moves on, which every portal
 * process polls to know whether what it keeps in memory may still be served. PostgreSQL: a sequence (nextval takes no
 * row lock, so writers on several providers never wait for each other); SQLite: one row (one process owns the file).
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") {
    await knex.raw("create sequence if not exists change_generation");
    return;
  }
  await knex.schema.createTable("change_generation", (t) => {
    t.integer("id").primary();
    t.bigInteger("value").notNullable();
  });
  await knex("change_generation").insert({ id: 1, value: 0 });
}

export async function down(knex: Knex): Promise<void> {
  if (knex.client.config.client === "pg") await knex.raw("drop sequence if exists change_generation");
  else await knex.schema.dropTableIfExists("change_generation");
}
