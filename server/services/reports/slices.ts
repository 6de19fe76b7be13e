/** How a report reads the orders: slices of days, run step by step, and the monthly totals for whole months (decisions 122, 126). */
import type { Knex } from "knex";
import { dayMs, dayOfMs, monthCover, nextDay, type ReportParams, type ReportScope } from "./params";

// ---------------------------------------------------------------------------------------------------- the queries

export type ReportRow = Record<string, string | number | null>;

/**
 * How a report runs its statements: one `step` per statement, so the runner can yield to the event loop between them
 * (better-sqlite3 blocks it while a statement runs) and stop a run that is over its time.
 */
export interface ReportRunner {
  step<T>(run: () => Promise<T>): Promise<T>;
}

export const directRunner: ReportRunner = { step: (run) => run() };

/** A report over the orders: its rows for the caller's scope and the parameters, each statement a step of the runner. */
export type OrdersReport = (
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
  opts: ReportOptions,
) => Promise<ReportRow[]>;

/** Days per statement over the orders: short statements keep the provider answering while a report runs (decision 122). */
export const SLICE_DAYS = 7;

/** [from, to] cut into slices of SLICE_DAYS calendar days. */
export function slices(from: string, to: string, days = SLICE_DAYS): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  for (let start = dayMs(from); start <= dayMs(to); start += days * 86_400_000) {
    out.push([dayOfMs(start), dayOfMs(Math.min(start + (days - 1) * 86_400_000, dayMs(to)))]);
  }
  return out;
}

/** The orders a report covers within one slice of days [from, to] (created date, inclusive). */
export function ordersIn(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  from: string,
  to: string,
  opts: { keepRejected?: boolean } = {},
): Knex.QueryBuilder {
  const q = db("orders")
    .where("orders.customer_id", scope.customerId)
    .where("orders.created_date", ">=", from)
    .where("orders.created_date", "<", nextDay(to));
  if (!opts.keepRejected) q.where("orders.web_rejected", false);
  if (scope.placedByUserId != null) q.where("orders.placed_by_user_id", scope.placedByUserId);
  if (params.departments.length) q.whereIn("orders.department_id", params.departments.map(Number));
  if (params.employees.length) {
    const ids = params.employees.map(Number);
    q.where((w) => {
      w.whereIn("orders.employee_contact_id", ids).orWhereExists((e) => {
        e.select(db.raw("1"))
          .from("order_lines as el")
          .whereRaw("el.order_id = orders.id")
          .whereIn("el.employee_contact_id", ids);
      });
    });
  }
  return q;
}

/** Sums per key over the slices: {orders, subTotal} or any numeric fields. */
export class Totals<T extends Record<string, number>> {
  readonly map = new Map<string, T>();
  add(key: string, values: T): void {
    const seen = this.map.get(key);
    if (!seen) this.map.set(key, { ...values });
    else for (const k of Object.keys(values) as Array<keyof T>) (seen as any)[k] = Number(seen[k]) + Number(values[k]);
  }
}

export async function perSlice(
  runner: ReportRunner,
  ranges: Array<[string, string]>,
  each: (from: string, to: string) => Promise<void>,
  days = SLICE_DAYS,
): Promise<void> {
  for (const [start, end] of ranges)
    for (const [from, to] of slices(start, end, days)) await runner.step(() => each(from, to));
}

/** How a run reads: totals (default true) false reads every order and line, as the tests compare (decision 126). */
export interface ReportOptions {
  now?: Date;
  runner?: ReportRunner;
  totals?: boolean;
}

/** The whole months a report reads from the monthly totals (when they can answer it) and the days it scans. */
export function planOf(
  params: ReportParams,
  totalsServe: boolean,
  opts: ReportOptions,
): { months: string[]; edges: Array<[string, string]> } {
  return totalsServe && opts.totals !== false
    ? monthCover(params.from, params.to)
    : { months: [], edges: [[params.from, params.to]] };
}

type OrderSums = { orders: number; subTotal: number };

/**
 * Orders and their sub totals per key (status, month or department): the whole months from report_order_months, the
 * days at the ends from the orders. The monthly totals know no employees: with an employee filter every day is scanned.
 */
export async function orderTotals(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
  opts: ReportOptions,
  by: { column: "order_status" | "month" | "department_id"; scan: string | Knex.Raw },
): Promise<Totals<OrderSums>> {
  const totals = new Totals<OrderSums>();
  const plan = planOf(params, params.employees.length === 0, opts);
  if (plan.months.length) {
    const q = db("report_order_months")
      .where("customer_id", scope.customerId)
      .whereBetween("month", [plan.months[0], plan.months[plan.months.length - 1]])
      .where("web_rejected", false);
    if (scope.placedByUserId != null) q.where("placed_by_user_id", scope.placedByUserId);
    if (params.departments.length) q.whereIn("department_id", params.departments.map(Number));
    const rows = await runner.step(() =>
      q
        .groupBy(by.column)
        .select({ key: by.column })
        .sum({ orders: "orders", subTotal: "sub_total" })
        .havingRaw("sum(orders) > 0"),
    );
    // a missing department is 0 in the totals, null in the orders
    for (const r of rows as any[])
      totals.add(by.column === "department_id" && Number(r.key) === 0 ? "" : keyOf(r.key), {
        orders: Number(r.orders),
        subTotal: Number(r.subTotal ?? 0),
      });
  }
  await perSlice(runner, plan.edges, async (from, to) => {
    const rows = await ordersIn(db, scope, params, from, to)
      .groupBy(by.scan)
      .select({ key: by.scan })
      .count({ orders: "*" })
      .sum({ subTotal: "orders.sub_total" });
    for (const r of rows as any[])
      totals.add(keyOf(r.key), { orders: Number(r.orders), subTotal: Number(r.subTotal ?? 0) });
  });
  return totals;
}

/** The names of the ids among `keys` (the key "", no id, left out), read from `table` in one step. */
export async function namesOf(
  db: Knex,
  runner: ReportRunner,
  table: "departments" | "cost_centres",
  keys: Iterable<string>,
): Promise<Map<string, string>> {
  const ids = [...keys].filter((k) => k !== "").map(Number);
  const names = new Map<string, string>();
  if (ids.length)
    for (const r of (await runner.step(() => db(table).whereIn("id", ids).select("id", "name"))) as any[])
      names.set(String(r.id), r.name);
  return names;
}

export const keyOf = (v: unknown) => (v == null ? "" : String(v));

export const idOrNull = (key: string) => (key === "" ? null : key);
