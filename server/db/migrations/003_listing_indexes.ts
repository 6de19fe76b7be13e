/**
 * Listing indexes found with the provider bench (decision 041):
 * - items (is_inactive, parent_id, display_name, class_id) replaces (is_inactive, parent_id, display_name):
 *   the total of an item listing by category becomes index-only.
 * - orders (customer_id): a narrow index for the unfiltered order total of a large customer.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("items", (t) => {
    t.index(["is_inactive", "parent_id", "display_name", "class_id"], "items_listing_class_index");
    t.dropIndex(["is_inactive", "parent_id", "display_name"]);
  });
  await knex.schema.alterTable("orders", (t) => t.index(["customer_id"], "orders_customer_index"));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => t.dropIndex([], "orders_customer_index"));
  await knex.schema.alterTable("items", (t) => {
    t.index(["is_inactive", "parent_id", "display_name"]);
    t.dropIndex([], "items_listing_class_index");
  });
}
