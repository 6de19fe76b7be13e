/**
 * Issue 11 items 3 and 8 (decisions 073, 074):
 * - carriage.minimum_order_amount: the order subtotal before VAT a delivery method needs (NULL = none), e.g.
 *   "Free Delivery – orders over £150"; the provider refuses the method below it and says what is still needed.
 * - basket_sessions.version: bumped by every write of the live basket; an order placed from the basket names the
 *   version it was placed from, and only one order can spend a version.
 * - orders.basket_version: the version an order was placed from (NULL when the order did not name one).
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("carriage", (t) => {
    t.decimal("minimum_order_amount", 12, 2).nullable();
  });
  await knex.schema.alterTable("basket_sessions", (t) => {
    t.integer("version").notNullable().defaultTo(0);
  });
  await knex.schema.alterTable("orders", (t) => {
    t.integer("basket_version").nullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => t.dropColumn("basket_version"));
  await knex.schema.alterTable("basket_sessions", (t) => t.dropColumn("version"));
  await knex.schema.alterTable("carriage", (t) => t.dropColumn("minimum_order_amount"));
}
