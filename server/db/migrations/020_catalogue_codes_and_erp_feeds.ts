/**
 * Issue 33 items 1 and 4 (decisions 155 and 156): one truth for several provider processes.
 *
 * - items.item_code is unique (products and variants are both `items` rows, so this one index covers both codes).
 *   A database that already holds a code twice stops here with the codes and the command that merges them
 *   (server/db/duplicate-codes.ts), rather than with the database's constraint error.
 * - erp_import_runs: at most one run waiting and one running, whichever process asks (a partial unique index on
 *   status); older databases' extra unfinished runs are closed as not run.
 * - erp_feeds: ERP feeds uploaded on /admin/netsuite-pull, kept in the database so whichever process runs the import
 *   reads the same one (the newest is the one read); content is the feed's JSON, products its number of rows and
 *   row_problems the rows that cannot be read.
 */
import type { Knex } from "knex";
import { duplicatesMessage, findDuplicateCodes } from "../duplicate-codes";

const ONE_PER_STATUS = "erp_import_runs_one_per_status";
const NOT_RUN = "Not run: another pull was already waiting (closed when one pull at a time became the rule)";

export async function up(knex: Knex): Promise<void> {
  const duplicates = await findDuplicateCodes(knex);
  if (duplicates.length) throw new Error(duplicatesMessage(duplicates));
  await knex.schema.alterTable("items", (t) => {
    t.dropIndex(["item_code"]);
    t.unique(["item_code"]);
  });

  for (const status of ["pending", "running"]) {
    const first = await knex("erp_import_runs").where("status", status).orderBy("id").first("id");
    if (first)
      await knex("erp_import_runs")
        .where("status", status)
        .where("id", ">", first.id)
        .update({ status: "failed", failure: NOT_RUN, lease_until: null });
  }
  await knex.raw(
    `create unique index ${ONE_PER_STATUS} on erp_import_runs (status) where status in ('pending', 'running')`,
  );

  await knex.schema.createTable("erp_feeds", (t) => {
    t.increments("id");
    t.string("file_name", 200).notNullable();
    t.text("content").notNullable();
    t.integer("size").notNullable();
    t.integer("products").notNullable();
    t.integer("row_problems").notNullable().defaultTo(0);
    t.integer("uploaded_by_user_id").references("users.id");
    t.string("uploaded_at", 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("erp_feeds");
  await knex.raw(`drop index ${ONE_PER_STATUS}`);
  await knex.schema.alterTable("items", (t) => {
    t.dropUnique(["item_code"]);
    t.index(["item_code"]);
  });
}
