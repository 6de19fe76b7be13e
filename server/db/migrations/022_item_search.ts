/**
 * Issue 34 item 1 (decision 159): the products' full-text search.
 * - item_search: one document per product (a parent; a variant's code and colour count for its parent). SQLite: an
 *   FTS5 table (porter stemming over unicode61) whose rowid is the product id; PostgreSQL: a weighted tsvector
 *   with a GIN index.
 * - item_search_codes: every product and variant code, upper case, under its product: exact codes and prefixes on a
 *   B-tree index.
 * - item_search_terms: the words the documents hold, for one-typo corrections: candidates by length (indexed), on
 *   PostgreSQL narrowed by pg_trgm's similarity() (a few thousand short words: no trigram index needed).
 * - item_search_dirty: products whose document is out of date. Triggers on items, item_categories and categories
 *   add to it, whoever writes (the ERP import, the admin, the seed, a test); the provider rebuilds those documents
 *   before it searches (server/services/item-search.ts).
 */
import type { Knex } from "knex";

const DIRTY_SQLITE = [
  `create trigger item_search_items_insert after insert on items begin
     insert into item_search_dirty (item_id) values (coalesce(new.parent_id, new.id)); end`,
  `create trigger item_search_items_update
     after update of display_name, item_code, description, color, parent_id, class_id, is_inactive on items begin
     insert into item_search_dirty (item_id) values (coalesce(new.parent_id, new.id));
     insert into item_search_dirty (item_id) select coalesce(old.parent_id, old.id)
       where coalesce(old.parent_id, old.id) <> coalesce(new.parent_id, new.id); end`,
  `create trigger item_search_items_delete after delete on items begin
     insert into item_search_dirty (item_id) values (coalesce(old.parent_id, old.id)); end`,
  `create trigger item_search_links_insert after insert on item_categories begin
     insert into item_search_dirty (item_id) values (new.item_id); end`,
  `create trigger item_search_links_delete after delete on item_categories begin
     insert into item_search_dirty (item_id) values (old.item_id); end`,
  `create trigger item_search_categories_update after update of name on categories begin
     insert into item_search_dirty (item_id)
       select id from items where class_id = new.id and parent_id is null
       union select item_id from item_categories where category_id = new.id; end`,
];

const DIRTY_PG = [
  `create or replace function item_search_items_dirty() returns trigger language plpgsql as $$
   begin
     if tg_op <> 'INSERT' then
       insert into item_search_dirty (item_id) values (coalesce(old.parent_id, old.id));
     end if;
     if tg_op <> 'DELETE' then
       insert into item_search_dirty (item_id) values (coalesce(new.parent_id, new.id));
     end if;
     return null;
   end $$`,
  `create trigger item_search_items_insert after insert or delete on items
     for each row execute function item_search_items_dirty()`,
  `create trigger item_search_items_update
     after update of display_name, item_code, description, color, parent_id, class_id, is_inactive on items
     for each row execute function item_search_items_dirty()`,
  `create or replace function item_search_links_dirty() returns trigger language plpgsql as $$
   begin
     insert into item_search_dirty (item_id) values (case when tg_op = 'DELETE' then old.item_id else new.item_id end);
     return null;
   end $$`,
  `create trigger item_search_links after insert or delete on item_categories
     for each row execute function item_search_links_dirty()`,
  `create or replace function item_search_categories_dirty() returns trigger language plpgsql as $$
   begin
     if new.name is distinct from old.name then
       insert into item_search_dirty (item_id)
         select id from items where class_id = new.id and parent_id is null
         union select item_id from item_categories where category_id = new.id;
     end if;
     return null;
   end $$`,
  `create trigger item_search_categories_update after update of name on categories
     for each row execute function item_search_categories_dirty()`,
];

export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === "pg";
  if (pg) {
    // in public: a schema of its own per test file is dropped with whatever is in it, and the extension is per database;
    // its functions are named with the schema (public.similarity)
    await knex.raw("create extension if not exists pg_trgm with schema public");
    await knex.schema.createTable("item_search", (t) => {
      t.integer("item_id").primary();
      t.specificType("document", "tsvector").notNullable();
    });
    await knex.raw("create index item_search_document on item_search using gin (document)");
  } else {
    await knex.raw(
      "create virtual table item_search using fts5(name, extra, description, tokenize = 'porter unicode61')",
    );
  }
  await knex.schema.createTable("item_search_codes", (t) => {
    t.text("code").notNullable();
    t.integer("item_id").notNullable();
    t.primary(["code", "item_id"]);
    t.index(["item_id"], "item_search_codes_item");
  });
  await knex.schema.createTable("item_search_terms", (t) => {
    t.text("term").primary();
    t.integer("length").notNullable();
    t.index(["length"], "item_search_terms_length");
  });
  await knex.schema.createTable("item_search_dirty", (t) => {
    t.bigIncrements("id");
    t.integer("item_id").notNullable();
  });
  for (const sql of pg ? DIRTY_PG : DIRTY_SQLITE) await knex.raw(sql);
  // every product there is now is indexed on the first search (or by the seed, which indexes at its end)
  await knex.raw("insert into item_search_dirty (item_id) select id from items where parent_id is null");
}

export async function down(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === "pg";
  for (const name of [
    "item_search_items_insert",
    "item_search_items_update",
    "item_search_items_delete",
    "item_search_links_insert",
    "item_search_links_delete",
    "item_search_links",
  ])
    await knex.raw(
      pg
        ? `drop trigger if exists ${name} on ${name.includes("links") ? "item_categories" : "items"}`
        : `drop trigger if exists ${name}`,
    );
  await knex.raw(
    pg
      ? "drop trigger if exists item_search_categories_update on categories"
      : "drop trigger if exists item_search_categories_update",
  );
  if (pg) {
    for (const fn of ["item_search_items_dirty", "item_search_links_dirty", "item_search_categories_dirty"])
      await knex.raw(`drop function if exists ${fn}()`);
  }
  for (const table of ["item_search_dirty", "item_search_terms", "item_search_codes", "item_search"])
    await knex.schema.dropTableIfExists(table);
}
