/**
 * Issue 34 item 4 (decision 165): the images uploaded on the promotion form, kept in the database so every provider
 * process serves the same one (as decision 156 keeps the ERP feeds).
 * - content_type: image/png, image/jpeg or image/webp, found from the bytes (app/domain/promo-image.ts);
 * - size: the image's length in bytes (at most 2 MB);
 * - bytes_base64: the image, base64 (a text column reads and writes the same on SQLite and PostgreSQL, as 014's
 *   training guide files);
 * - uploaded_by_user_id / uploaded_at: who uploaded it, when.
 * A row is never changed: a new image is a new row, so its address can be cached for good.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("promotion_images", (t) => {
    t.increments("id");
    t.string("content_type", 20).notNullable();
    t.integer("size").notNullable();
    t.text("bytes_base64").notNullable();
    t.integer("uploaded_by_user_id").references("users.id");
    t.string("uploaded_at", 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("promotion_images");
}
