/**
 * orderedBy reference matches (tranId / otherRefNum prefix) are counted from indexes alone:
 * (tran_id, customer_id, contact_id) and (other_ref_num, customer_id, contact_id); the latter replaces
 * the single-column other_ref_num index of migration 002.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.index(["tran_id", "customer_id", "contact_id"], "orders_tran_customer_contact_index");
    t.index(["other_ref_num", "customer_id", "contact_id"], "orders_ref_customer_contact_index");
    t.dropIndex([], "orders_other_ref_num_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.index(["other_ref_num"], "orders_other_ref_num_index");
    t.dropIndex([], "orders_tran_customer_contact_index");
    t.dropIndex([], "orders_ref_customer_contact_index");
  });
}
