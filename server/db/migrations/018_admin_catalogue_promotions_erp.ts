/**
 * Issue 21 (decision 131): the admin area, part 2.
 *
 * - my_catalogue_positions: the admin's order of each customer's "my catalogue" (the products in its `my`
 *   categories), 1 = first. Products without a row follow those with one, by name (the seed's order).
 * - promotions: the dashboard's banners and featured products as data: kind ('banner' | 'featured'), texts, image,
 *   link, the product (featured), the days it is live (starts_on ≤ day ≤ ends_on, 'YYYY-MM-DD', inclusive), its
 *   audience ('all' | 'sector' | 'customer' with sector_id / customer_id) and the admin's order (position).
 * - erp_import_runs: ERP import jobs, a queue claimed by the provider's worker as report_tasks are (decision 122):
 *   status 'pending' | 'running' | 'succeeded' | 'failed', claimed_by / lease_until / attempts, the counts of records
 *   created / updated / unchanged and the row errors (errors_json: [{row, itemCode, reason}]).
 * - items.stock_quantity: the ERP's stock quantity (in_stock follows it on import); NULL where never imported.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("my_catalogue_positions", (t) => {
    t.integer("customer_id").notNullable().references("customers.id");
    t.integer("item_id").notNullable().references("items.id");
    t.integer("position").notNullable();
    t.primary(["customer_id", "item_id"]);
  });
  await knex.schema.createTable("promotions", (t) => {
    t.increments("id");
    t.string("kind", 10).notNullable();
    t.string("title", 120).notNullable();
    t.string("text", 500).notNullable().defaultTo("");
    t.string("image", 500);
    t.string("link", 500);
    t.integer("item_id").references("items.id");
    t.string("starts_on", 10).notNullable();
    t.string("ends_on", 10).notNullable();
    t.string("audience", 10).notNullable().defaultTo("all");
    t.integer("sector_id").references("sectors.id");
    t.integer("customer_id").references("customers.id");
    t.integer("position").notNullable();
    t.integer("created_by_user_id").references("users.id");
    t.string("created_at", 30).notNullable();
    t.string("updated_at", 30).notNullable();
    t.index(["starts_on", "ends_on"]);
    t.index(["position"]);
  });
  await knex.schema.createTable("erp_import_runs", (t) => {
    t.increments("id");
    t.string("status", 10).notNullable().defaultTo("pending");
    t.string("file", 300).notNullable();
    t.integer("queued_by_user_id").references("users.id");
    t.string("queued_at", 30).notNullable();
    t.string("started_at", 30);
    t.string("finished_at", 30);
    t.string("claimed_by", 100);
    t.string("lease_until", 30);
    t.integer("attempts").notNullable().defaultTo(0);
    t.integer("created").notNullable().defaultTo(0);
    t.integer("updated").notNullable().defaultTo(0);
    t.integer("unchanged").notNullable().defaultTo(0);
    t.integer("error_count").notNullable().defaultTo(0);
    t.text("errors_json");
    t.string("failure", 500);
    t.index(["status", "id"]);
  });
  await knex.schema.alterTable("items", (t) => {
    t.integer("stock_quantity");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("items", (t) => t.dropColumn("stock_quantity"));
  await knex.schema.dropTable("erp_import_runs");
  await knex.schema.dropTable("promotions");
  await knex.schema.dropTable("my_catalogue_positions");
}
