/**
 * Issue 15 item 7 (decision 103): an employee reference names one contact within a customer. A unique index on
 * (customer_id, lower(employee_ref)) backs POST /api/contact's check, so two wearers added at once with one reference
 * cannot both be written (SQLite and PostgreSQL both index the expression; NULL references are not compared). The
 * seed's references are unique per customer (prefix and contact number), so the index applies to seeded databases.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.raw(
    "create unique index contacts_customer_employee_ref_unique on contacts (customer_id, lower(employee_ref))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("drop index contacts_customer_employee_ref_unique");
}
