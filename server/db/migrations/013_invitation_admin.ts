/**
 * Issue 17 (decision 112): invitations a customer's administrator can list, send again and withdraw.
 * - password_tokens.invited_by_user_id: who sent an invitation (NULL for reset links and older invitations);
 *   revoked_at: when an invitation was withdrawn (its link then answers 410).
 * - replaced_invitation_links: the links an invitation had before it was sent again (token_hash = sha256 hex of the
 *   old token): a replaced link answers 410, not 404, so the invitee is told to use the newer e-mail.
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("password_tokens", (t) => {
    t.integer("invited_by_user_id").references("users.id");
    t.string("revoked_at", 30);
    t.index(["customer_id", "type"]);
  });
  await knex.schema.createTable("replaced_invitation_links", (t) => {
    t.increments("id");
    t.string("token_hash", 64).notNullable().unique();
    t.integer("invitation_id").notNullable().references("password_tokens.id");
    t.string("replaced_at", 30).notNullable();
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("replaced_invitation_links");
  await knex.schema.alterTable("password_tokens", (t) => {
    t.dropIndex(["customer_id", "type"]);
    t.dropColumn("revoked_at");
    t.dropColumn("invited_by_user_id");
  });
}
