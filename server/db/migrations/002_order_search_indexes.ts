/**
 * Indexes for the order listing's text search and depot filter (additive):
 * - orders.contact_id, orders.other_ref_num: `orderedBy` matches contact names through contacts and
 *   references by prefix, each an index lookup instead of a scan of the customer's orders.
 * - orders (customer_id, ship_address_id, created_date): the `depot` filter.
 * - orders (customer_id, placed_by_user_id, order_status, created_date): users who see only their own
 *   orders, filtered by status.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.index(["contact_id", "created_date"], "orders_contact_created_index");
    t.index(["other_ref_num"], "orders_other_ref_num_index");
    t.index(["customer_id", "ship_address_id", "created_date"], "orders_customer_ship_address_created_index");
    t.index(
      ["customer_id", "placed_by_user_id", "order_status", "created_date"],
      "orders_customer_placed_by_status_created_index",
    );
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.dropIndex([], "orders_contact_created_index");
    t.dropIndex([], "orders_other_ref_num_index");
    t.dropIndex([], "orders_customer_ship_address_created_index");
    t.dropIndex([], "orders_customer_placed_by_status_created_index");
  });
}
