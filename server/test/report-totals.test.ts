import type { Knex } from "knex";
import { beforeAll, describe, expect, it } from "vitest";
import { isPostgres } from "../db/knex";
import { runReport, type ReportParams, type ReportScope } from "../services/reports";
import { monthCover } from "../services/reports/params";
import { NORTHWIND, useProvider } from "./fixtures";

/**
 * Decision 126: the monthly totals the reports read. The database's triggers keep them equal to what the orders and
 * lines sum to, whatever writes them; a report read from them answers exactly what the same report reads from every
 * order; and a report does read them for its whole months.
 */
let db: Knex;
const NOW = new Date("2026-11-21T09:00:00.000Z");

/** What the totals must hold: the orders and lines summed now, groups of zero left out. */
async function expectedTotals() {
  const rejected = isPostgres(db) ? "o.web_rejected" : "o.web_rejected = 1";
  const orders = await db.raw(
    `select o.customer_id, substr(o.created_date, 1, 7) as month, coalesce(o.placed_by_user_id, 0) as placed_by_user_id, coalesce(o.department_id, 0) as department_id,
            o.order_status, case when ${rejected} then 1 else 0 end as web_rejected, count(*) as orders, sum(o.sub_total) as sub_total
       from orders o group by 1, 2, 3, 4, 5, 6`,
  );
  const items = await db.raw(
    `select o.customer_id, substr(o.created_date, 1, 7) as month, coalesce(l.item_id, 0) as item_id, count(*) as lines, sum(l.quantity) as quantity, sum(l.amount) as amount
       from order_lines l join orders o on o.id = l.order_id where not (${rejected}) group by 1, 2, 3`,
  );
  return {
    orders: normalise(isPostgres(db) ? orders.rows : orders),
    items: normalise(isPostgres(db) ? items.rows : items),
  };
}

async function keptTotals() {
  const orders = await db("report_order_months").where("orders", "<>", 0).select("*");
  const items = await db("report_item_months").where("lines", "<>", 0).select("*");
  return { orders: normalise(orders), items: normalise(items) };
}

/** Rows in one order, numbers as numbers (money to the penny), booleans as 0/1. */
function normalise(rows: any[]) {
  return rows
    .map((r) =>
      Object.fromEntries(
        Object.keys(r)
          .sort()
          .map((k) => [
            k,
            typeof r[k] === "boolean"
              ? Number(r[k])
              : k === "month" || k === "order_status"
                ? r[k]
                : Math.round(Number(r[k]) * 100) / 100,
          ]),
      ),
    )
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

/** A fixed spread of Northwind orders from 20 June to 10 November 2026: users, departments, statuses, rejections, items. */
async function addOrders() {
  const statuses = ["Pending Fulfillment", "Billed", "Closed", "Pending Approval"];
  const items = [20002, 20010, 20030, null];
  const orders = [];
  const lines = [];
  for (let i = 0; i < 48; i++) {
    const id = 300 + i;
    const day = new Date(Date.UTC(2026, 5, 20) + i * 3 * 86_400_000 + (i % 5) * 3_600_000);
    orders.push({
      id,
      tran_id: `SO${300000 + id}`,
      customer_id: NORTHWIND,
      contact_name: "Test",
      search_text: "",
      contact_id: 5001 + (i % 3),
      placed_by_user_id: [1, 2, 3][i % 3],
      department_id: i % 4 === 0 ? null : 301,
      order_status: statuses[i % 4],
      web_rejected: i % 7 === 0,
      employee_contact_id: i % 6 === 0 ? 5004 : null,
      created_date: day.toISOString(),
      sub_total: 10 + (i % 9) * 2.5,
    });
    for (let n = 0; n < 1 + (i % 3); n++) {
      lines.push({
        id: 3000 + i * 10 + n,
        order_id: id,
        line_no: n + 1,
        item_id: items[(i + n) % 4],
        name: "Line",
        quantity: 1 + ((i + n) % 4),
        rate: 2.5,
        amount: 2.5 * (1 + ((i + n) % 4)),
        employee_contact_id: n === 1 && i % 5 === 0 ? 5004 : null,
      });
    }
  }
  await db("orders").insert(orders);
  await db("order_lines").insert(lines);
}

// without its queue workers (as role `api`): the tests run reports and workers themselves
const { p } = useProvider({}, { backgroundWork: false });
beforeAll(async () => {
  db = p.db;
});

describe("the monthly report totals (decision 126)", () => {
  it("are the fixtures' orders summed when the schema is built", async () => {
    const kept = await keptTotals();
    expect(kept.orders.length).toBeGreaterThan(0);
    expect(kept).toEqual(await expectedTotals());
  });

  it("follow every write to orders and lines: inserts, updates of each counted column, moves, rejections, deletes", async () => {
    await addOrders();
    expect(await keptTotals()).toEqual(await expectedTotals());
    // status, department, user, sub total; a month and a customer move; a rejection and its reversal
    await db("orders")
      .where("id", 301)
      .update({ order_status: "Closed", department_id: null, placed_by_user_id: 2, sub_total: 99.99 });
    await db("orders").where("id", 302).update({ created_date: "2026-01-15T09:00:00.000Z" });
    await db("orders").where("id", 304).update({ customer_id: 1002 });
    await db("orders").where("id", 305).update({ web_rejected: true });
    await db("orders").where("id", 307).update({ web_rejected: false });
    // a write that touches no counted column changes nothing
    await db("orders").where("id", 306).update({ other_ref_num: "PO-X" });
    expect(await keptTotals()).toEqual(await expectedTotals());
    // lines: quantity and amount, another item, another order, deleted; then an order deleted after its lines
    await db("order_lines").where("id", 3010).update({ quantity: 7, amount: 17.5 });
    await db("order_lines").where("id", 3020).update({ item_id: 20030 });
    await db("order_lines").where("id", 3021).update({ order_id: 305 });
    await db("order_lines").where("id", 3030).delete();
    await db("order_lines").where("order_id", 308).delete();
    await db("orders").where("id", 308).delete();
    expect(await keptTotals()).toEqual(await expectedTotals());
  });

  it("roll back with the write that failed", async () => {
    const before = await keptTotals();
    await expect(
      db.transaction(async (trx) => {
        await trx("orders").where("id", 310).update({ order_status: "Billed", sub_total: 1234 });
        await trx("order_lines").insert({
          id: 9999,
          order_id: 310,
          line_no: 9,
          item_id: 20002,
          name: "Line",
          quantity: 5,
          rate: 1,
          amount: 5,
        });
        throw new Error("abandoned");
      }),
    ).rejects.toThrow("abandoned");
    expect(await keptTotals()).toEqual(before);
  });
});

describe("reports read from the totals (decision 126)", () => {
  const ALL: ReportScope = { customerId: NORTHWIND, placedByUserId: null };
  const OWN: ReportScope = { customerId: NORTHWIND, placedByUserId: 2 };
  const TYPES = ["orders-by-status", "spend-by-month", "top-products", "spend-by-department"] as const;
  const RANGES: Array<[string, string]> = [
    ["2026-06-01", "2026-11-30"], // whole months only
    ["2026-06-17", "2026-11-05"], // whole months and both ends
    ["2026-07-01", "2026-09-12"], // whole months and the end
    ["2026-08-09", "2026-08-27"], // within one month
    ["2026-09-30", "2026-10-01"], // two days either side of a month's end
    ["2025-12-01", "2026-01-31"], // the moved order only
  ];
  const FILTERS: Array<Partial<ReportParams>> = [{}, { departments: ["301"] }, { employees: ["5004"] }];

  it("answer exactly what the same reports read from every order, for each range, scope and filter", async () => {
    let compared = 0;
    for (const type of TYPES) {
      for (const [from, to] of RANGES) {
        for (const scope of [ALL, OWN]) {
          for (const filter of FILTERS) {
            const params: ReportParams = { from, to, departments: [], employees: [], ...filter };
            const fromTotals = await runReport(db, type, scope, params, { now: NOW });
            const fromOrders = await runReport(db, type, scope, params, { now: NOW, totals: false });
            expect({ type, from, to, scope, filter, rows: fromTotals }).toEqual({
              type,
              from,
              to,
              scope,
              filter,
              rows: fromOrders,
            });
            compared++;
          }
        }
      }
    }
    expect(compared).toBe(TYPES.length * RANGES.length * 2 * FILTERS.length);
  });

  it("read the whole months from the totals and the days at the ends from the orders", async () => {
    const spend = (from: string, to: string, totals = true) =>
      runReport(db, "spend-by-month", ALL, { from, to, departments: [], employees: [] }, { now: NOW, totals });
    const july = async () => (await spend("2026-07-01", "2026-07-31"))[0].subTotal;
    const truth = Number((await spend("2026-07-01", "2026-07-31", false))[0].subTotal);
    expect(await july()).toBe(truth);
    // a wrong total shows in a whole month, and not in a part of one (read from the orders)
    const row = await db("report_order_months")
      .where({ customer_id: NORTHWIND, month: "2026-07", web_rejected: false })
      .where("orders", ">", 0)
      .first();
    // that one row of the totals (the key of report_order_months)
    const thatRow = () =>
      db("report_order_months").where({
        customer_id: row.customer_id,
        month: row.month,
        placed_by_user_id: row.placed_by_user_id,
        department_id: row.department_id,
        order_status: row.order_status,
        web_rejected: row.web_rejected,
      });
    await thatRow().increment("sub_total", 1000);
    try {
      expect(await july()).toBe(truth + 1000);
      expect((await spend("2026-07-01", "2026-07-30"))[0].subTotal).toBe(
        (await spend("2026-07-01", "2026-07-30", false))[0].subTotal,
      );
    } finally {
      await thatRow().decrement("sub_total", 1000);
    }
    expect(await july()).toBe(truth);
  });

  it("monthCover: whole months inside the range, the days left at either end", () => {
    expect(monthCover("2025-11-01", "2026-10-31")).toEqual({ months: monthsOf("2025-11", 12), edges: [] });
    expect(monthCover("2025-11-15", "2026-01-10")).toEqual({
      months: ["2025-12"],
      edges: [
        ["2025-11-15", "2025-11-30"],
        ["2026-01-01", "2026-01-10"],
      ],
    });
    expect(monthCover("2026-01-05", "2026-01-20")).toEqual({ months: [], edges: [["2026-01-05", "2026-01-20"]] });
    expect(monthCover("2026-01-01", "2026-01-15")).toEqual({ months: [], edges: [["2026-01-01", "2026-01-15"]] });
    expect(monthCover("2026-01-15", "2026-02-28")).toEqual({
      months: ["2026-02"],
      edges: [["2026-01-15", "2026-01-31"]],
    });
    expect(monthCover("2024-02-01", "2024-02-29")).toEqual({ months: ["2024-02"], edges: [] });
    expect(monthCover("2026-01-31", "2026-02-01")).toEqual({ months: [], edges: [["2026-01-31", "2026-02-01"]] });
  });
});

function monthsOf(first: string, n: number): string[] {
  const [y, m] = first.split("-").map(Number);
  return Array.from({ length: n }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 + i, 1));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
  });
}
