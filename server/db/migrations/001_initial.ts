/**
 * Initial schema of the provider API. Conventions (all tables):
 * - snake_case columns; `id` integer primary keys ARE the NetSuite-style `internalId` the API shows
 *   (as a string). Seeds may insert explicit ids (e.g. customers 1001…, contacts 5001…).
 * - Dates/times are ISO-8601 UTC strings ('2026-11-21T10:00:00.000Z') in string columns, so SQLite and
 *   PostgreSQL sort and compare them identically. Calendar dates ('2026-11-21') where noted.
 * - Booleans are knex `boolean` (0/1 in SQLite, true/false in PostgreSQL).
 * - JSON values are stored as text (`*_json` columns hold JSON.stringify output).
 * - Money is decimal(12,2) in pounds.
 *
 * Tables:
 * - sectors / sector_products: market sector of a customer and its featured items (account.sector).
 * - customers: business units (Northwind Facilities …); payment_methods_json = account.payment_methods.
 * - users: log-in identities; scrypt password_hash ('scrypt$N$r$p$salt$hash', see server/auth/password.ts);
 *   is_evolve_user = provider staff (admin, cross-customer).
 * - departments, cost_centres: per customer.
 * - contacts: per-customer people (wearers/employees and the contacts behind users). employee_ref =
 *   employee reference number; manpack_user = may receive wearer packs; budget_type free text.
 * - user_customers: which business units a user belongs to, as which contact (contact_id), with
 *   permissions_json (JSON array of SPEC §6 permission strings, 'punchoutOnly'/'browseOnly' included),
 *   is_approver, needs_approval, wp_contact_only. approver_user_id (optional): the one approver of this
 *   user's orders; NULL = any approver (orderApproval + is_approver) of the same customer.
 * - auth_sessions: server-side sessions; token_hash = sha256 hex of the opaque bearer token (the token is
 *   never stored); last_seen_at drives the inactivity timeout, expires_at is the absolute lifetime;
 *   revoked_at set on log-out; customer_id/contact_id = selected business unit; punchout_session.
 * - login_attempts: for login rate limiting (email lower-cased).
 * - password_tokens: single-use reset / invitation tokens (token_hash = sha256), expires_at, used_at.
 *   Invitations carry the customer/contact/permissions the new user gets.
 * - outbox: e-mails written instead of sent (`npm run provider -- outbox`, GET /api/outbox).
 * - contact_budgets: wearer-pack budgets per contact (type, qty, reset_days, reset_date, allocation…).
 * - addresses: kind 'customer' (customer address book, GET /api/customer-address) or 'custom' (one-off
 *   addresses typed at checkout, GET /api/custom-addresses); is_inactive = details.custrecord4.value.
 * - carriage: ship methods; customer_id NULL = offered to every customer.
 * - categories: tree (parent_id) with slug and full_slug ('hi-vis/jackets'); type 'full' (shared
 *   catalogue, customer_id NULL), 'my' or 'manpack' (customer's own, customer_id set); display_order.
 * - catalogues / catalogue_items: custom ('custom'), smi ('smi') and user/employee ('user') catalogues
 *   of a customer and the items in them.
 * - items: products. parent_id set for matrix children (variants); matrix_type 'parent' | 'child' | NULL.
 *   item_code = SPEC itemId (product code); class_id = sub-category (categories.id); options size,
 *   leg_length, color, finish, logo; en_standards_json ["EN ISO 20471", …]; features_json
 *   [{heading, subheading}]; images_json {"navy": ["url", …]}; quantity_step (reorder multiple);
 *   search_text = lower-cased display name + code + description (text search).
 * - item_categories: extra category membership (my / manpack catalogues) besides class_id.
 * - orders: sales orders. tran_id 'SO100123'; placed_by_user_id; contact_id = the placing contact,
 *   contact_name = opportunity contact name; employee_contact_id = wearer (manpack); sales_order_type_id
 *   1 = wearer pack; order_status NetSuite text ('Pending Approval', 'Pending Fulfillment', …);
 *   ship_* = shippingAddress; approver_user_id/decided_at/decision = approval; idempotency_key unique
 *   per placing user; search_text = lower-cased contact name + other_ref_num + tran_id (orderedBy).
 * - order_lines, order_ship_groups: lines (employee_contact_id for manpack lines) and delivery groups.
 * - despatches / despatch_lines: item fulfilments with carrier and tracking number.
 * - saved_baskets / saved_basket_items: saved (and punched-out) baskets.
 * - wish_list: a user's wished items per customer.
 * - basket_sessions: server-side live basket per user + customer (state_json).
 * - settings: key/value (maintenance_enabled, maintenance_bypass_token).
 * - wp_terms, wp_posts, wp_post_terms, wp_pages, news_reads: WordPress-shaped content; wp_pages.acf_json
 *   holds ACF fields (flexible content for 'banner-block').
 * - training_guides: downloadable guides (/cms/download); customer_id NULL = everyone.
 * - report_tasks: reporting jobs (taskId, type, success, createdAt).
 */
import type { Knex } from "knex";

const TABLES_IN_DROP_ORDER = [
  "report_tasks",
  "training_guides",
  "news_reads",
  "wp_post_terms",
  "wp_posts",
  "wp_terms",
  "wp_pages",
  "settings",
  "basket_sessions",
  "wish_list",
  "saved_basket_items",
  "saved_baskets",
  "despatch_lines",
  "despatches",
  "order_ship_groups",
  "order_lines",
  "orders",
  "item_categories",
  "catalogue_items",
  "sector_products",
  "items",
  "catalogues",
  "categories",
  "carriage",
  "addresses",
  "contact_budgets",
  "outbox",
  "password_tokens",
  "login_attempts",
  "auth_sessions",
  "user_customers",
  "contacts",
  "cost_centres",
  "departments",
  "users",
  "customers",
  "sectors",
];

export async function up(knex: Knex): Promise<void> {
  const ts = (t: Knex.CreateTableBuilder, name: string) => t.string(name, 30);

  await knex.schema.createTable("sectors", (t) => {
    t.increments("id");
    t.string("name", 200).notNullable();
  });
  await knex.schema.createTable("customers", (t) => {
    t.increments("id");
    t.string("name", 200).notNullable();
    t.integer("sector_id").references("sectors.id");
    t.text("payment_methods_json").notNullable().defaultTo('[{"id":0,"name":"On account"}]');
    t.boolean("is_inactive").notNullable().defaultTo(false);
  });
  await knex.schema.createTable("users", (t) => {
    t.increments("id");
    t.string("email", 320).notNullable().unique();
    t.string("password_hash", 300);
    t.string("first_name", 100).notNullable().defaultTo("");
    t.string("last_name", 100).notNullable().defaultTo("");
    t.boolean("is_evolve_user").notNullable().defaultTo(false);
    t.boolean("is_enhanced_user").notNullable().defaultTo(false);
    t.boolean("is_super_user").notNullable().defaultTo(false);
    t.boolean("is_inactive").notNullable().defaultTo(false);
    ts(t, "created_at").notNullable();
  });
  await knex.schema.createTable("departments", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.string("name", 200).notNullable();
    t.boolean("is_inactive").notNullable().defaultTo(false);
    t.index(["customer_id"]);
  });
  await knex.schema.createTable("cost_centres", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.string("name", 200).notNullable();
    t.boolean("is_inactive").notNullable().defaultTo(false);
    t.index(["customer_id"]);
  });
  await knex.schema.createTable("contacts", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.string("first_name", 100).notNullable().defaultTo("");
    t.string("last_name", 100).notNullable().defaultTo("");
    t.string("email", 320);
    t.string("grade", 100);
    t.string("budget_type", 100);
    t.string("employee_ref", 100);
    t.boolean("is_inactive").notNullable().defaultTo(false);
    t.boolean("manpack_user").notNullable().defaultTo(false);
    t.integer("department_id").references("departments.id");
    t.integer("cost_centre_id").references("cost_centres.id");
    t.index(["customer_id", "last_name"]);
  });
  await knex.schema.createTable("user_customers", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.integer("contact_id").notNullable().unique().references("contacts.id");
    t.text("permissions_json").notNullable().defaultTo("[]");
    t.boolean("is_approver").notNullable().defaultTo(false);
    t.boolean("needs_approval").notNullable().defaultTo(false);
    t.boolean("wp_contact_only").notNullable().defaultTo(false);
    t.integer("approver_user_id").references("users.id");
    t.unique(["user_id", "customer_id"]);
    t.index(["customer_id"]);
  });
  await knex.schema.createTable("auth_sessions", (t) => {
    t.increments("id");
    t.string("token_hash", 64).notNullable().unique();
    t.integer("user_id").notNullable().references("users.id");
    ts(t, "created_at").notNullable();
    ts(t, "last_seen_at").notNullable();
    ts(t, "expires_at").notNullable();
    ts(t, "revoked_at");
    t.integer("customer_id").references("customers.id");
    t.integer("contact_id").references("contacts.id");
    t.string("punchout_session", 200);
    t.index(["user_id"]);
  });
  await knex.schema.createTable("login_attempts", (t) => {
    t.increments("id");
    t.string("email", 320).notNullable();
    ts(t, "attempted_at").notNullable();
    t.boolean("success").notNullable().defaultTo(false);
    t.index(["email", "attempted_at"]);
  });
  await knex.schema.createTable("password_tokens", (t) => {
    t.increments("id");
    t.string("type", 20).notNullable(); // 'reset' | 'invitation'
    t.string("token_hash", 64).notNullable().unique();
    t.integer("user_id").references("users.id");
    t.string("email", 320).notNullable();
    t.integer("customer_id").references("customers.id");
    t.integer("contact_id").references("contacts.id");
    t.text("permissions_json");
    ts(t, "created_at").notNullable();
    ts(t, "expires_at").notNullable();
    ts(t, "used_at");
  });
  await knex.schema.createTable("outbox", (t) => {
    t.increments("id");
    t.string("to_email", 320).notNullable();
    t.string("subject", 300).notNullable();
    t.text("body").notNullable();
    t.string("kind", 40).notNullable(); // 'reset' | 'invitation' | 'order' …
    ts(t, "created_at").notNullable();
  });
  await knex.schema.createTable("contact_budgets", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.integer("contact_id").notNullable().references("contacts.id");
    t.string("type", 100).notNullable();
    t.integer("qty").notNullable().defaultTo(0);
    t.integer("reset_days");
    t.string("reset_date", 10); // calendar date
    t.string("allocation_type", 50);
    t.string("allocation_type_name", 200);
    t.integer("used_qty").notNullable().defaultTo(0);
    t.index(["contact_id"]);
    t.index(["customer_id"]);
  });
  await knex.schema.createTable("addresses", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.string("kind", 10).notNullable().defaultTo("customer"); // 'customer' | 'custom'
    t.integer("created_by_user_id").references("users.id");
    t.string("label", 200).notNullable();
    t.string("addressee", 200);
    t.string("addr1", 200).notNullable().defaultTo("");
    t.string("addr2", 200).notNullable().defaultTo("");
    t.string("city", 100).notNullable().defaultTo("");
    t.string("zip", 20).notNullable().defaultTo("");
    t.string("country", 2).notNullable().defaultTo("GB");
    t.text("addr_text").notNullable().defaultTo("");
    t.boolean("is_inactive").notNullable().defaultTo(false);
    ts(t, "created_at");
    t.index(["customer_id", "kind"]);
  });
  await knex.schema.createTable("carriage", (t) => {
    t.increments("id");
    t.integer("customer_id").references("customers.id");
    t.string("description", 200).notNullable();
    t.decimal("shipping_flat_rate_amount", 12, 2).notNullable().defaultTo(0);
    t.boolean("is_inactive").notNullable().defaultTo(false);
  });
  await knex.schema.createTable("categories", (t) => {
    t.increments("id");
    t.integer("parent_id").references("categories.id");
    t.integer("customer_id").references("customers.id");
    t.string("type", 10).notNullable().defaultTo("full"); // 'full' | 'my' | 'manpack'
    t.string("name", 200).notNullable();
    t.string("slug", 200).notNullable();
    t.string("full_slug", 600).notNullable();
    t.integer("display_order").notNullable().defaultTo(0);
    t.string("image", 500);
    t.boolean("is_inactive").notNullable().defaultTo(false);
    t.index(["type", "customer_id"]);
    t.index(["parent_id"]);
    t.index(["full_slug"]);
  });
  await knex.schema.createTable("catalogues", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.string("type", 10).notNullable(); // 'custom' | 'smi' | 'user'
    t.string("name", 200).notNullable();
    t.integer("contact_id").references("contacts.id");
    t.index(["customer_id", "type"]);
  });
  await knex.schema.createTable("items", (t) => {
    t.increments("id");
    t.integer("parent_id").references("items.id");
    t.string("matrix_type", 10); // 'parent' | 'child' | null
    t.string("matrix_item_name_template", 300);
    t.string("display_name", 300).notNullable();
    t.string("item_code", 100).notNullable();
    t.string("slug", 300);
    t.text("description").notNullable().defaultTo("");
    t.text("long_desc").notNullable().defaultTo("");
    t.decimal("price", 12, 2);
    t.integer("class_id").references("categories.id");
    t.boolean("in_stock").notNullable().defaultTo(true);
    t.boolean("is_special_order").notNullable().defaultTo(false);
    t.boolean("is_drop_ship").notNullable().defaultTo(false);
    t.boolean("has_finish").notNullable().defaultTo(false);
    t.boolean("visible_in_catalogue").notNullable().defaultTo(true);
    t.string("size", 50);
    t.string("leg_length", 50);
    t.string("color", 100);
    t.string("finish", 100);
    t.string("logo", 100);
    t.text("en_standards_json").notNullable().defaultTo("[]");
    t.text("features_json").notNullable().defaultTo("[]");
    t.text("images_json").notNullable().defaultTo("{}");
    t.string("default_image", 500);
    t.integer("quantity_step").notNullable().defaultTo(1);
    t.integer("minimum_sale_quantity").notNullable().defaultTo(1);
    t.string("allocation_type", 50);
    t.integer("item_points");
    t.boolean("is_inactive").notNullable().defaultTo(false);
    t.text("search_text").notNullable().defaultTo("");
    ts(t, "created_at");
    t.unique(["slug"]);
    t.index(["parent_id"]);
    t.index(["class_id", "is_inactive", "display_name"]);
    t.index(["is_inactive", "parent_id", "display_name"]);
    t.index(["item_code"]);
  });
  await knex.schema.createTable("item_categories", (t) => {
    t.integer("item_id").notNullable().references("items.id");
    t.integer("category_id").notNullable().references("categories.id");
    t.primary(["category_id", "item_id"]);
    t.index(["item_id"]);
  });
  await knex.schema.createTable("catalogue_items", (t) => {
    t.integer("catalogue_id").notNullable().references("catalogues.id");
    t.integer("item_id").notNullable().references("items.id");
    t.primary(["catalogue_id", "item_id"]);
    t.index(["item_id"]);
  });
  await knex.schema.createTable("sector_products", (t) => {
    t.integer("sector_id").notNullable().references("sectors.id");
    t.integer("item_id").notNullable().references("items.id");
    t.primary(["sector_id", "item_id"]);
  });
  await knex.schema.createTable("orders", (t) => {
    t.increments("id");
    t.string("tran_id", 30).notNullable().unique();
    t.string("other_ref_num", 100);
    t.integer("customer_id").notNullable().references("customers.id");
    t.integer("placed_by_user_id").references("users.id");
    t.integer("contact_id").references("contacts.id");
    t.string("contact_name", 200).notNullable().defaultTo("");
    t.integer("employee_contact_id").references("contacts.id");
    t.integer("department_id").references("departments.id");
    ts(t, "created_date").notNullable();
    t.string("ship_date", 10); // calendar date
    t.string("order_status", 60).notNullable();
    t.integer("sales_order_type_id").notNullable().defaultTo(2); // 1 = wearer pack, 2 = stock
    t.decimal("sub_total", 12, 2).notNullable().defaultTo(0);
    t.decimal("shipping_cost", 12, 2).notNullable().defaultTo(0);
    t.decimal("tax_total", 12, 2).notNullable().defaultTo(0);
    t.integer("shipping_method_id").references("carriage.id");
    t.integer("ship_address_id").references("addresses.id");
    t.string("ship_addressee", 200);
    t.string("ship_addr1", 200);
    t.string("ship_addr2", 200);
    t.string("ship_city", 100);
    t.string("ship_zip", 20);
    t.text("ship_addr_text");
    t.text("message");
    t.integer("payment_method_id");
    t.boolean("web_rejected").notNullable().defaultTo(false);
    t.boolean("pending_web_approval").notNullable().defaultTo(false);
    t.text("rejection_note");
    t.text("picking_note");
    t.integer("approver_user_id").references("users.id");
    t.string("decision", 10); // 'approved' | 'rejected'
    ts(t, "decided_at");
    t.integer("decided_by_user_id").references("users.id");
    t.string("idempotency_key", 200);
    t.string("punchout_session", 200);
    t.text("search_text").notNullable().defaultTo("");
    t.unique(["placed_by_user_id", "idempotency_key"]);
    t.index(["customer_id", "created_date"]);
    t.index(["customer_id", "order_status", "created_date"]);
    t.index(["customer_id", "placed_by_user_id", "created_date"]);
    t.index(["customer_id", "pending_web_approval", "created_date"]);
  });
  await knex.schema.createTable("order_lines", (t) => {
    t.increments("id");
    t.integer("order_id").notNullable().references("orders.id");
    t.integer("line_no").notNullable().defaultTo(1);
    t.integer("item_id").references("items.id");
    t.integer("parent_item_id").references("items.id");
    t.string("item_code", 100);
    t.string("name", 300).notNullable();
    t.integer("quantity").notNullable();
    t.decimal("rate", 12, 2).notNullable().defaultTo(0);
    t.decimal("amount", 12, 2).notNullable().defaultTo(0);
    t.integer("employee_contact_id").references("contacts.id");
    t.integer("ship_address_id").references("addresses.id");
    t.string("ship_address_name", 200);
    t.integer("quantity_fulfilled").notNullable().defaultTo(0);
    t.index(["order_id"]);
  });
  await knex.schema.createTable("order_ship_groups", (t) => {
    t.increments("id");
    t.integer("order_id").notNullable().references("orders.id");
    t.integer("address_id").references("addresses.id");
    t.string("address_name", 200);
    t.text("address_text").notNullable().defaultTo("");
    t.integer("shipping_method_id").references("carriage.id");
    t.decimal("shipping_cost", 12, 2).notNullable().defaultTo(0);
    t.index(["order_id"]);
    t.index(["address_id", "order_id"]);
  });
  await knex.schema.createTable("despatches", (t) => {
    t.increments("id");
    t.integer("order_id").notNullable().references("orders.id");
    t.string("tran_id", 30).notNullable();
    ts(t, "created_date").notNullable();
    t.string("carrier", 100);
    t.string("tracking_number", 100);
    t.string("status", 40).notNullable().defaultTo("Shipped");
    t.index(["order_id"]);
  });
  await knex.schema.createTable("despatch_lines", (t) => {
    t.increments("id");
    t.integer("despatch_id").notNullable().references("despatches.id");
    t.integer("order_line_id").references("order_lines.id");
    t.integer("item_id").references("items.id");
    t.string("name", 300).notNullable();
    t.integer("quantity").notNullable();
    t.index(["despatch_id"]);
  });
  await knex.schema.createTable("saved_baskets", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.integer("user_id").notNullable().references("users.id");
    t.string("basket_name", 200).notNullable();
    t.boolean("checked_out").notNullable().defaultTo(false);
    t.integer("address_id").references("addresses.id");
    t.boolean("is_punchout").notNullable().defaultTo(false);
    t.boolean("punchout_approved").notNullable().defaultTo(false);
    ts(t, "created_at").notNullable();
    ts(t, "updated_at").notNullable();
    t.index(["customer_id", "user_id"]);
  });
  await knex.schema.createTable("saved_basket_items", (t) => {
    t.increments("id");
    t.integer("basket_id").notNullable().references("saved_baskets.id");
    t.integer("item_id").notNullable();
    t.integer("parent_id");
    t.decimal("price", 12, 2);
    t.integer("qty").notNullable();
    t.string("name", 300).notNullable().defaultTo("");
    t.string("thumbnail", 500);
    t.index(["basket_id"]);
  });
  await knex.schema.createTable("wish_list", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.integer("user_id").notNullable().references("users.id");
    t.integer("item_id").notNullable().references("items.id");
    ts(t, "created_at").notNullable();
    t.unique(["user_id", "customer_id", "item_id"]);
  });
  await knex.schema.createTable("basket_sessions", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.integer("user_id").notNullable().references("users.id");
    t.text("state_json").notNullable();
    ts(t, "updated_at").notNullable();
    t.unique(["user_id", "customer_id"]);
  });
  await knex.schema.createTable("settings", (t) => {
    t.string("key", 100).primary();
    t.text("value").notNullable();
  });
  await knex.schema.createTable("wp_terms", (t) => {
    t.increments("id");
    t.string("taxonomy", 40).notNullable().defaultTo("category");
    t.string("name", 200).notNullable();
    t.string("slug", 200).notNullable();
  });
  await knex.schema.createTable("wp_posts", (t) => {
    t.increments("id");
    t.string("slug", 200).notNullable().unique();
    t.string("title", 300).notNullable();
    t.text("excerpt").notNullable().defaultTo("");
    t.text("content").notNullable().defaultTo("");
    ts(t, "date").notNullable();
    ts(t, "modified");
    t.string("status", 20).notNullable().defaultTo("publish");
    t.string("author_name", 200);
    t.string("featured_image", 500);
    t.index(["status", "date"]);
  });
  await knex.schema.createTable("wp_post_terms", (t) => {
    t.integer("post_id").notNullable().references("wp_posts.id");
    t.integer("term_id").notNullable().references("wp_terms.id");
    t.primary(["term_id", "post_id"]);
  });
  await knex.schema.createTable("news_reads", (t) => {
    t.integer("user_id").notNullable().references("users.id");
    t.integer("post_id").notNullable().references("wp_posts.id");
    ts(t, "read_at").notNullable();
    t.primary(["user_id", "post_id"]);
  });
  await knex.schema.createTable("wp_pages", (t) => {
    t.increments("id");
    t.string("slug", 200).notNullable().unique();
    t.string("title", 300).notNullable();
    t.text("content").notNullable().defaultTo("");
    t.text("acf_json").notNullable().defaultTo("{}");
    ts(t, "modified");
    t.string("status", 20).notNullable().defaultTo("publish");
  });
  await knex.schema.createTable("training_guides", (t) => {
    t.increments("id");
    t.integer("customer_id").references("customers.id");
    t.string("title", 300).notNullable();
    t.text("description").notNullable().defaultTo("");
    t.string("file_url", 500).notNullable();
    t.string("category", 100);
    t.integer("display_order").notNullable().defaultTo(0);
  });
  await knex.schema.createTable("report_tasks", (t) => {
    t.increments("id");
    t.integer("customer_id").notNullable().references("customers.id");
    t.integer("user_id").notNullable().references("users.id");
    t.string("type", 60).notNullable();
    t.text("params_json").notNullable().defaultTo("{}");
    t.boolean("success");
    t.text("result_json");
    ts(t, "created_at").notNullable();
    ts(t, "finished_at");
    t.index(["customer_id", "user_id"]);
  });
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES_IN_DROP_ORDER) await knex.schema.dropTableIfExists(table);
}
