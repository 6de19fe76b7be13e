/**
 * Issue 16 (decision 110): one basket per punchout session, and what a transfer remembers.
 * - basket_sessions.punchout_session: the caller's punchout session ('' outside one; any text, as the provider
 *   session carries it). The live basket is keyed by (user, customer, punchout_session), so many requisitioners
 *   punching out through the same profile user at once each fill a basket of their own, and none of them touches
 *   the user's everyday basket.
 * - punchout_transfers.user_id: the user whose session transferred the basket (the profile's user);
 *   saved_basket_id: the punched-out saved basket a transfer awaiting approval was saved as. status
 *   'transferred' | 'awaiting-approval' | 'ordered'.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("basket_sessions", (t) => {
    t.string("punchout_session", 200).notNullable().defaultTo("");
  });
  await knex.schema.alterTable("basket_sessions", (t) => {
    t.dropUnique(["user_id", "customer_id"]);
    t.unique(["user_id", "customer_id", "punchout_session"]);
  });
  await knex.schema.alterTable("punchout_transfers", (t) => {
    t.integer("user_id").references("users.id");
    t.integer("saved_basket_id").references("saved_baskets.id");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("punchout_transfers", (t) => {
    t.dropColumn("saved_basket_id");
    t.dropColumn("user_id");
  });
  await knex("basket_sessions").whereNot("punchout_session", "").delete();
  await knex.schema.alterTable("basket_sessions", (t) => {
    t.dropUnique(["user_id", "customer_id", "punchout_session"]);
    t.unique(["user_id", "customer_id"]);
  });
  await knex.schema.alterTable("basket_sessions", (t) => t.dropColumn("punchout_session"));
}
