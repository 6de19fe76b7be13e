/**
 * Issue 15 item 4 (decision 096): wearer entitlements.
 * - entitlements: the items a customer's wearers may have in a wearer pack, either by grade (grade set, contact_id
 *   NULL: every wearer of that grade) or for one wearer (contact_id set, grade NULL: 'contact products'). item_id is
 *   the item as listed (a matrix parent entitles all its variants).
 * - contacts (customer_id, grade) is indexed for the grade look-ups; contact_budgets (customer_id, type) for the names
 *   of allocation types.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("entitlements", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.string("grade", 100);
    t.integer("contact_id").references("contacts.id");
    t.integer("item_id").notNullable().references("items.id");
    t.index(["customer_id", "grade"]);
    t.index(["contact_id"]);
    t.index(["item_id"]);
  });
  await knex.schema.alterTable("contacts", (t) => t.index(["customer_id", "grade"], "contacts_customer_grade_index"));
  await knex.schema.alterTable("contact_budgets", (t) =>
    t.index(["customer_id", "type"], "contact_budgets_customer_type_index"),
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("contact_budgets", (t) =>
    t.dropIndex(["customer_id", "type"], "contact_budgets_customer_type_index"),
  );
  await knex.schema.alterTable("contacts", (t) =>
    t.dropIndex(["customer_id", "grade"], "contacts_customer_grade_index"),
  );
  await knex.schema.dropTable("entitlements");
}
