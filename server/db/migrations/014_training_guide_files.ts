/**
 * Issue 18 (decision 117): training guides carry their own file, served by GET /api/training-guides/:id/file.
 * - file_name, content_type, file_size: the download's name, type and length in bytes;
 * - file_base64: the file's bytes, base64 (a text column reads and writes the same on SQLite and PostgreSQL);
 *   NULL = the guide has no file yet (its file answers 404);
 * - category_order: the place of the guide's category on the downloads page (guides sort by it, then display_order).
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("training_guides", (t) => {
    t.string("file_name", 200);
    t.string("content_type", 100);
    t.integer("file_size");
    t.text("file_base64");
    t.integer("category_order").notNullable().defaultTo(0);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("training_guides", (t) => {
    t.dropColumn("category_order");
    t.dropColumn("file_base64");
    t.dropColumn("file_size");
    t.dropColumn("content_type");
    t.dropColumn("file_name");
  });
}
