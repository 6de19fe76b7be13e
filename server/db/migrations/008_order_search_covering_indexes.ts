/**
 * orderedBy reference matches (tranId / otherRefNum prefix) are filtered and put in date order from their indexes
 * alone (decision 030): (tran_id, customer_id, contact_id, created_date, order_status) and (other_ref_num,
 * customer_id, contact_id, tran_id, created_date, order_status) replace the three-column indexes of migration 004,
 * so the newest matches of a common prefix are found without reading every matching order.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.index(["tran_id", "customer_id", "contact_id", "created_date", "order_status"], "orders_tran_search_index");
    t.index(
      ["other_ref_num", "customer_id", "contact_id", "tran_id", "created_date", "order_status"],
      "orders_ref_search_index",
    );
    t.dropIndex([], "orders_tran_customer_contact_index");
    t.dropIndex([], "orders_ref_customer_contact_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.index(["tran_id", "customer_id", "contact_id"], "orders_tran_customer_contact_index");
    t.index(["other_ref_num", "customer_id", "contact_id"], "orders_ref_customer_contact_index");
    t.dropIndex([], "orders_tran_search_index");
    t.dropIndex([], "orders_ref_search_index");
  });
}
