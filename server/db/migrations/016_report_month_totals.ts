/**
 * Issue 19 (decision 126): monthly totals the reports read instead of scanning every order and order line.
 *
 * - report_order_months: per customer, month (the created date's YYYY-MM), placing user, department, order status and
 *   web_rejected — the number of orders and their sub totals. A missing user or department is 0 (key columns cannot
 *   be null), as no row id is 0.
 * - report_item_months: per customer, month and item (0 = none), over the lines of orders that are not web-rejected —
 *   the number of lines, their quantity and their amount.
 *
 * The database keeps them: triggers on orders and order_lines add a written row's share and take away an old one's,
 * in the same transaction as the write, whichever code (or seed, or hand) writes. A group whose count falls to 0 stays
 * as a row of zeros; readers leave such groups out. Existing orders are summed once here.
 */
import type { Knex } from "knex";

const ORDER_KEY = "customer_id, month, placed_by_user_id, department_id, order_status, web_rejected";
const ITEM_KEY = "customer_id, month, item_id";

const orderUpsert = (table: string) =>
  `on conflict (${ORDER_KEY}) do update set orders = ${table}.orders + excluded.orders, sub_total = ${table}.sub_total + excluded.sub_total`;
const itemUpsert = (table: string) =>
  `on conflict (${ITEM_KEY}) do update set lines = ${table}.lines + excluded.lines, quantity = ${table}.quantity + excluded.quantity, amount = ${table}.amount + excluded.amount`;

/** An order row's share of report_order_months, with the sign given (`r` is NEW or OLD). */
const orderShare = (r: string, sign: "" | "-") =>
  `insert into report_order_months (${ORDER_KEY}, orders, sub_total)
   values (${r}.customer_id, substr(${r}.created_date, 1, 7), coalesce(${r}.placed_by_user_id, 0), coalesce(${r}.department_id, 0), ${r}.order_status, ${r}.web_rejected, ${sign}1, ${sign}${r}.sub_total)
   ${orderUpsert("report_order_months")}`;

/** One line's share of report_item_months through its order, when that order is not web-rejected. */
const lineShare = (r: string, sign: "" | "-", notRejected: string) =>
  `insert into report_item_months (${ITEM_KEY}, lines, quantity, amount)
   select o.customer_id, substr(o.created_date, 1, 7), coalesce(${r}.item_id, 0), ${sign}1, ${sign}${r}.quantity, ${sign}${r}.amount
     from orders o where o.id = ${r}.order_id and ${notRejected.replace("$", "o")}
   ${itemUpsert("report_item_months")}`;

/**
 * All of an order's lines under the order row `r`'s key (its customer, month), when `r` is not web-rejected; in item
 * order, as placement writes lines, so concurrent writers lock the item rows in one order (PostgreSQL).
 */
const orderLinesShare = (r: string, sign: "" | "-", notRejected: string) =>
  `insert into report_item_months (${ITEM_KEY}, lines, quantity, amount)
   select ${r}.customer_id, substr(${r}.created_date, 1, 7), coalesce(l.item_id, 0), ${sign}count(*), ${sign}sum(l.quantity), ${sign}sum(l.amount)
     from order_lines l where l.order_id = ${r}.id and ${notRejected.replace("$", r)}
     group by coalesce(l.item_id, 0) order by coalesce(l.item_id, 0)
   ${itemUpsert("report_item_months")}`;

/** Whether an update moves an order's lines to another item key (customer, month or rejection changed). */
const linesMove =
  "(old.customer_id <> new.customer_id or substr(old.created_date, 1, 7) <> substr(new.created_date, 1, 7) or old.web_rejected <> new.web_rejected)";
const ORDER_COLUMNS =
  "customer_id, created_date, placed_by_user_id, department_id, order_status, web_rejected, sub_total";
const LINE_COLUMNS = "order_id, item_id, quantity, amount";

function sqliteStatements(): string[] {
  const notRejected = "$.web_rejected = 0";
  return [
    `create trigger report_orders_insert after insert on orders begin ${orderShare("new", "")}; end`,
    `create trigger report_orders_delete after delete on orders begin ${orderShare("old", "-")}; end`,
    `create trigger report_orders_update after update of ${ORDER_COLUMNS} on orders begin
       ${orderShare("old", "-")};
       ${orderShare("new", "")};
       ${orderLinesShare("old", "-", `${notRejected} and ${linesMove}`)};
       ${orderLinesShare("new", "", `${notRejected} and ${linesMove}`)};
     end`,
    `create trigger report_lines_insert after insert on order_lines begin ${lineShare("new", "", notRejected)}; end`,
    `create trigger report_lines_delete after delete on order_lines begin ${lineShare("old", "-", notRejected)}; end`,
    `create trigger report_lines_update after update of ${LINE_COLUMNS} on order_lines begin
       ${lineShare("old", "-", notRejected)};
       ${lineShare("new", "", notRejected)};
     end`,
  ];
}

function postgresStatements(): string[] {
  const notRejected = "not $.web_rejected";
  return [
    `create or replace function report_orders_totals() returns trigger language plpgsql as $body$
     begin
       if tg_op in ('UPDATE', 'DELETE') then ${orderShare("old", "-")}; end if;
       if tg_op in ('UPDATE', 'INSERT') then ${orderShare("new", "")}; end if;
       if tg_op = 'UPDATE' and ${linesMove} then
         ${orderLinesShare("old", "-", notRejected)};
         ${orderLinesShare("new", "", notRejected)};
       end if;
       return null;
     end $body$`,
    `create trigger report_orders_totals after insert or delete or update of ${ORDER_COLUMNS} on orders
       for each row execute function report_orders_totals()`,
    `create or replace function report_lines_totals() returns trigger language plpgsql as $body$
     begin
       if tg_op in ('UPDATE', 'DELETE') then ${lineShare("old", "-", notRejected)}; end if;
       if tg_op in ('UPDATE', 'INSERT') then ${lineShare("new", "", notRejected)}; end if;
       return null;
     end $body$`,
    `create trigger report_lines_totals after insert or delete or update of ${LINE_COLUMNS} on order_lines
       for each row execute function report_lines_totals()`,
  ];
}

export async function up(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === "pg";
  // on SQLite the rows are stored in their key's order (without rowid): a report reads a run of the key and nothing else
  const clustered = pg ? "" : " without rowid";
  await knex.raw(
    `create table report_order_months (customer_id integer not null, month varchar(7) not null, placed_by_user_id integer not null,
       department_id integer not null, order_status varchar(60) not null, web_rejected boolean not null, orders integer not null,
       sub_total decimal(14, 2) not null, primary key (${ORDER_KEY}))${clustered}`,
  );
  await knex.raw(
    `create table report_item_months (customer_id integer not null, month varchar(7) not null, item_id integer not null,
       lines integer not null, quantity integer not null, amount decimal(14, 2) not null, primary key (${ITEM_KEY}))${clustered}`,
  );
  // the orders that exist, summed once; from here on the triggers keep the totals
  await knex.raw(
    `insert into report_order_months (${ORDER_KEY}, orders, sub_total)
     select customer_id, substr(created_date, 1, 7), coalesce(placed_by_user_id, 0), coalesce(department_id, 0), order_status, web_rejected, count(*), sum(sub_total)
       from orders group by customer_id, substr(created_date, 1, 7), coalesce(placed_by_user_id, 0), coalesce(department_id, 0), order_status, web_rejected`,
  );
  await knex.raw(
    `insert into report_item_months (${ITEM_KEY}, lines, quantity, amount)
     select o.customer_id, substr(o.created_date, 1, 7), coalesce(l.item_id, 0), count(*), sum(l.quantity), sum(l.amount)
       from order_lines l join orders o on o.id = l.order_id
      where ${pg ? "not o.web_rejected" : "o.web_rejected = 0"}
      group by o.customer_id, substr(o.created_date, 1, 7), coalesce(l.item_id, 0)`,
  );
  for (const statement of pg ? postgresStatements() : sqliteStatements()) await knex.raw(statement);
}

export async function down(knex: Knex): Promise<void> {
  const pg = knex.client.config.client === "pg";
  if (pg) {
    await knex.raw("drop trigger if exists report_lines_totals on order_lines");
    await knex.raw("drop trigger if exists report_orders_totals on orders");
    await knex.raw("drop function if exists report_lines_totals()");
    await knex.raw("drop function if exists report_orders_totals()");
  } else {
    for (const name of [
      "report_lines_update",
      "report_lines_delete",
      "report_lines_insert",
      "report_orders_update",
      "report_orders_delete",
      "report_orders_insert",
    ]) {
      await knex.raw(`drop trigger if exists ${name}`);
    }
  }
  await knex.schema.dropTable("report_item_months");
  await knex.schema.dropTable("report_order_months");
}
