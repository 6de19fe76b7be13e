/**
 * A card-paid order records the payment the portal took (SPEC §7 stripeId / stripePaid), so staff can match the
 * order to the card payment.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.string("stripe_id", 200).nullable();
    t.boolean("stripe_paid").notNullable().defaultTo(false);
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("orders", (t) => {
    t.dropColumn("stripe_id");
    t.dropColumn("stripe_paid");
  });
}
