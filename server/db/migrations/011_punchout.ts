/**
 * Issue 16 items 9 and 10 (decision 107): punchout.
 * - punchout_profiles: how one customer's procurement system punches out. protocol 'cxml' (from_identity,
 *   sender_identity and, when set, to_identity must match the setup request's From / Sender / To credentials) or
 *   'oci' (oci_username). secret_hash is the shared secret (cXML SharedSecret, OCI PASSWORD) as scrypt
 *   'scrypt$N$r$p$salt$hash', the format of users.password_hash: never the secret itself. user_id is the user whose
 *   session a punchout opens (a user of the customer). form_encoding 'urlencoded' | 'base64' (cXML transfer field
 *   cxml-urlencoded or cxml-base64); needs_approval: a transferred basket waits for an approver instead;
 *   default_address_id: the delivery address when the request names none; ordering_allowed: direct ordering in the
 *   portal stays open inside the punchout session. Identities and user names are unique case-insensitively.
 * - punchout_sessions: one per accepted setup request / OCI log-in. operation 'create' | 'edit' | 'inspect';
 *   return_url is the cXML BrowserFormPost URL or the OCI HOOK_URL (a form action only, never fetched);
 *   oci_target / oci_caller are OCI ~TARGET / ~CALLER; ship_to_json, extrinsics_json and items_json (the edit /
 *   inspect lines) as the setup request gave them. start_token_hash = sha256 hex of the single-use start token,
 *   token_expires_at, token_used_at (set once by a conditional update), auth_session_id the provider session it
 *   opened. state 'pending' (token not yet used) | 'open' | 'transferred' | 'cancelled' | 'closed'; closed_at.
 * - punchout_transfers: a basket sent back to the procurement system: lines_json, total (pounds), status
 *   'transferred' | 'ordered', order_id once an OrderRequest made it an order; order_request_id / order_payload_id
 *   (the cXML OrderRequest's orderID and payloadID) make that idempotent (unique per customer when set).
 * - categories.unspsc: the UNSPSC code a transferred line is classified by (a category without one uses its
 *   nearest ancestor's).
 */
import type { Knex } from "knex";

export async function up(knex: Knex): Promise<void> {
  const ts = (t: Knex.CreateTableBuilder, name: string) => t.string(name, 30);
  await knex.schema.createTable("punchout_profiles", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.string("name", 200).notNullable();
    t.string("protocol", 10).notNullable();
    t.string("from_identity", 200);
    t.string("sender_identity", 200);
    t.string("to_identity", 200);
    t.string("oci_username", 200);
    t.string("secret_hash", 200).notNullable();
    t.integer("user_id").notNullable().references("users.id");
    t.string("form_encoding", 20).notNullable().defaultTo("urlencoded");
    t.boolean("needs_approval").notNullable().defaultTo(false);
    t.integer("default_address_id").references("addresses.id");
    t.boolean("ordering_allowed").notNullable().defaultTo(false);
    t.boolean("is_active").notNullable().defaultTo(true);
    ts(t, "created_at").notNullable();
    t.index(["customer_id"]);
  });
  await knex.raw(
    "create unique index punchout_profiles_cxml_identity_unique on punchout_profiles (lower(from_identity), lower(sender_identity))",
  );
  await knex.raw(
    "create unique index punchout_profiles_oci_username_unique on punchout_profiles (lower(oci_username))",
  );

  await knex.schema.createTable("punchout_sessions", (t) => {
    t.increments("id");
    t.integer("profile_id").notNullable().references("punchout_profiles.id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.string("protocol", 10).notNullable();
    t.string("operation", 10).notNullable();
    t.string("buyer_cookie", 500);
    t.string("return_url", 2000).notNullable();
    t.string("oci_target", 100);
    t.string("oci_caller", 100);
    t.string("oci_ok_code", 100);
    t.string("contact_name", 200);
    t.string("contact_email", 254);
    t.text("ship_to_json");
    t.text("extrinsics_json");
    t.text("items_json");
    t.string("start_token_hash", 64).notNullable().unique();
    ts(t, "token_expires_at").notNullable();
    ts(t, "token_used_at");
    t.integer("auth_session_id").references("auth_sessions.id");
    t.string("state", 20).notNullable().defaultTo("pending");
    ts(t, "created_at").notNullable();
    ts(t, "closed_at");
    t.index(["profile_id"]);
    t.index(["customer_id", "created_at"]);
    t.index(["auth_session_id"]);
  });

  await knex.schema.createTable("punchout_transfers", (t) => {
    t.increments("id");
    t.integer("session_id").notNullable().references("punchout_sessions.id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.text("lines_json").notNullable();
    t.decimal("total", 12, 2).notNullable();
    t.string("status", 20).notNullable().defaultTo("transferred");
    t.integer("order_id").references("orders.id");
    t.string("order_request_id", 200);
    t.string("order_payload_id", 500);
    ts(t, "created_at").notNullable();
    ts(t, "ordered_at");
    t.index(["session_id"]);
    t.index(["customer_id", "created_at"]);
    t.unique(["customer_id", "order_request_id", "order_payload_id"]);
  });

  await knex.schema.alterTable("categories", (t) => t.string("unspsc", 8));
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("categories", (t) => t.dropColumn("unspsc"));
  await knex.schema.dropTable("punchout_transfers");
  await knex.schema.dropTable("punchout_sessions");
  await knex.raw("drop index punchout_profiles_oci_username_unique");
  await knex.raw("drop index punchout_profiles_cxml_identity_unique");
  await knex.schema.dropTable("punchout_profiles");
}
