/**
 * Reports (issue 19, decision 122): report tasks and the seven report queries.
 *
 * POST /api/report {type, from, to, departments?, employees?} (viewReporting) validates everything first (field errors,
 * nothing written), clears the caller's earlier successful tasks (SPEC §4) and adds a pending task, which the report
 * worker (report-worker.ts) claims and runs outside the request. GET /api/report lists the caller's own tasks at the
 * selected customer (newest first, at most 50); GET /api/report/:taskId answers one with its result, paged
 * ($limit ≤ 5000, $skip); PATCH /api/report/:taskId {retry: true} puts a failed task back in the queue.
 */
import { BadRequest, Conflict, Forbidden, NotFound, TooManyRequests } from "@feathersjs/errors";
import type { Knex } from "knex";
import { has, type Caller } from "../auth/caller";
import { isPostgres } from "../db/knex";
import { isRowIdText } from "./ids";
import { bodyOf, callerOf, idOf, json, money, requireCustomer, type Ctx, type ProviderParams } from "./base";
import { budgetsOf } from "./wearers";
import { MAX_WAITING_REPORT_TASKS, TOO_MANY_REPORT_TASKS } from "../../app/domain/report-tasks";

// the report types, their messages and the date-range rule are the portal's domain module's: one source for the page
// that shows them and the provider that enforces them
import {
  isReportType,
  REPORT_FILTER_MESSAGES,
  REPORT_TYPES,
  reportRangeErrors,
  type ReportType,
} from "../../app/domain/reports";

export { REPORT_TYPES, type ReportType };

export type TaskStatus = "pending" | "running" | "success" | "failed";

export interface ReportParams {
  from: string;
  to: string;
  departments: string[];
  employees: string[];
}

/** Whose orders a report covers: the customer's, or (without viewAllOrders) the caller's own. */
export interface ReportScope {
  customerId: number;
  /** null: every user's orders at the customer */
  placedByUserId: number | null;
}

export const MAX_TASKS_LISTED = 50;
export const DEFAULT_RESULT_LIMIT = 100;
export const MAX_RESULT_LIMIT = 5000;
export const MESSAGES = {
  ...REPORT_FILTER_MESSAGES,
  retry: "Only a failed report can be run again",
} as const;

// ---------------------------------------------------------------------------------------------------- dates

const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const nextDay = (day: string) => dayOfMs(dayMs(day) + 86_400_000);

/** The months YYYY-MM from `from`'s to `to`'s, in order. */
export function monthsBetween(from: string, to: string): string[] {
  const out: string[] = [];
  let [y, m] = from.slice(0, 7).split("-").map(Number);
  const end = to.slice(0, 7);
  for (;;) {
    const month = `${y}-${String(m).padStart(2, "0")}`;
    if (month > end) break;
    out.push(month);
    m++;
    if (m > 12) {
      m = 1;
      y++;
    }
  }
  return out;
}

/** The last day (YYYY-MM-DD) of a month YYYY-MM. */
const lastDayOf = (month: string) => {
  const [y, m] = month.split("-").map(Number);
  return dayOfMs(Date.UTC(y, m, 1) - 86_400_000);
};

/**
 * [from, to] as the whole months inside it (read from the monthly totals, decision 126) and the days at either end
 * that do not fill a month (read from the orders themselves). A range within one month is all edge.
 */
export function monthCover(from: string, to: string): { months: string[]; edges: Array<[string, string]> } {
  const firstDay = from.endsWith("-01") ? from : nextDay(lastDayOf(from.slice(0, 7)));
  const lastDay = to === lastDayOf(to.slice(0, 7)) ? to : dayOfMs(dayMs(`${to.slice(0, 7)}-01`) - 86_400_000);
  if (firstDay > lastDay) return { months: [], edges: [[from, to]] };
  const edges: Array<[string, string]> = [];
  if (from < firstDay) edges.push([from, dayOfMs(dayMs(firstDay) - 86_400_000)]);
  if (to > lastDay) edges.push([nextDay(lastDay), to]);
  return { months: monthsBetween(firstDay, lastDay), edges };
}

// ---------------------------------------------------------------------------------------------------- validation

const idList = (value: unknown): { ids: string[]; bad: string | null } => {
  if (value === undefined || value === null) return { ids: [], bad: null };
  if (!Array.isArray(value)) return { ids: [], bad: String(value) };
  const ids: string[] = [];
  for (const v of value) {
    const s = typeof v === "number" || typeof v === "string" ? String(v).trim() : String(v);
    if (!isRowIdText(s)) return { ids: [], bad: s };
    if (!ids.includes(s)) ids.push(s);
  }
  return { ids, bad: null };
};

/**
 * A new task's body checked against the selected customer: every field's error at once (400, errors: {field:
 * message}), or the type and params to store. Reads only.
 */
export async function validateReportRequest(
  db: Knex,
  customerId: number,
  data: unknown,
): Promise<{ type: ReportType; params: ReportParams }> {
  const body = bodyOf(data);
  const errors: Record<string, string> = {};
  for (const key of Object.keys(body))
    if (!["type", "from", "to", "departments", "employees"].includes(key)) errors[key] = `Unknown field: ${key}`;
  const type = body.type;
  if (!isReportType(type)) errors.type = MESSAGES.type;
  Object.assign(errors, reportRangeErrors(body.from, body.to));
  const departments = idList(body.departments);
  const employees = idList(body.employees);
  if (departments.bad !== null) errors.departments = MESSAGES.department(departments.bad);
  else if (departments.ids.length) {
    const known = new Set(
      (
        await db("departments").where("customer_id", customerId).whereIn("id", departments.ids.map(Number)).select("id")
      ).map((r: any) => String(r.id)),
    );
    const unknown = departments.ids.find((id) => !known.has(id));
    if (unknown) errors.departments = MESSAGES.department(unknown);
  }
  if (employees.bad !== null) errors.employees = MESSAGES.employee(employees.bad);
  else if (employees.ids.length) {
    const known = new Set(
      (await db("contacts").where("customer_id", customerId).whereIn("id", employees.ids.map(Number)).select("id")).map(
        (r: any) => String(r.id),
      ),
    );
    const unknown = employees.ids.find((id) => !known.has(id));
    if (unknown) errors.employees = MESSAGES.employee(unknown);
  }
  if (Object.keys(errors).length) {
    const first = Object.keys(errors)[0];
    throw new BadRequest(`Invalid value at field "${first}": ${errors[first]}`, { errors });
  }
  return {
    type: type as ReportType,
    params: { from: body.from, to: body.to, departments: departments.ids, employees: employees.ids },
  };
}

// ---------------------------------------------------------------------------------------------------- the queries

export type ReportRow = Record<string, string | number | null>;

/**
 * How a report runs its statements: one `step` per statement, so the runner can yield to the event loop between them
 * (better-sqlite3 blocks it while a statement runs) and stop a run that is over its time.
 */
export interface ReportRunner {
  step<T>(run: () => Promise<T>): Promise<T>;
}

const directRunner: ReportRunner = { step: (run) => run() };

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
function ordersIn(
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
class Totals<T extends Record<string, number>> {
  readonly map = new Map<string, T>();
  add(key: string, values: T): void {
    const seen = this.map.get(key);
    if (!seen) this.map.set(key, { ...values });
    else for (const k of Object.keys(values) as Array<keyof T>) (seen as any)[k] = Number(seen[k]) + Number(values[k]);
  }
}

async function perSlice(
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
function planOf(
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
async function orderTotals(
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

/** Top products reads every line of its orders: two days a statement keeps each as short as a week of the others. */
export const TOP_PRODUCTS_SLICE_DAYS = 2;

const keyOf = (v: unknown) => (v == null ? "" : String(v));
const idOrNull = (key: string) => (key === "" ? null : key);

async function ordersByStatus(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
  opts: ReportOptions,
): Promise<ReportRow[]> {
  const totals = await orderTotals(db, scope, params, runner, opts, {
    column: "order_status",
    scan: "orders.order_status",
  });
  return [...totals.map]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, t]) => ({ status, orders: t.orders, subTotal: money(t.subTotal) }));
}

async function spendByMonth(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
  opts: ReportOptions,
): Promise<ReportRow[]> {
  // a slice of days lies in one or two months: the month is the created date's first seven characters
  const totals = await orderTotals(db, scope, params, runner, opts, {
    column: "month",
    scan: db.raw("substr(orders.created_date, 1, 7)"),
  });
  return monthsBetween(params.from, params.to).map((month) => {
    const t = totals.map.get(month);
    return { month, orders: t?.orders ?? 0, subTotal: money(t?.subTotal ?? 0) };
  });
}

export const TOP_PRODUCTS = 100;

/**
 * The whole months from report_item_months, which know the customer only: a report on one user's orders, or with
 * department or employee filters, reads every line of its orders.
 */
async function topProducts(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
  opts: ReportOptions,
): Promise<ReportRow[]> {
  const totals = new Totals<{ quantity: number; amount: number }>();
  const plan = planOf(
    params,
    scope.placedByUserId == null && !params.departments.length && !params.employees.length,
    opts,
  );
  if (plan.months.length) {
    const rows = await runner.step(() =>
      db("report_item_months")
        .where("customer_id", scope.customerId)
        .whereBetween("month", [plan.months[0], plan.months[plan.months.length - 1]])
        .groupBy("item_id")
        .select("item_id")
        .sum({ quantity: "quantity", amount: "amount" })
        .havingRaw("sum(lines) > 0"),
    );
    for (const r of rows as any[])
      totals.add(Number(r.item_id) === 0 ? "" : keyOf(r.item_id), {
        quantity: Number(r.quantity ?? 0),
        amount: Number(r.amount ?? 0),
      });
  }
  await perSlice(
    runner,
    plan.edges,
    async (from, to) => {
      const orders = ordersIn(db, scope, params, from, to).select("orders.id");
      const rows = await db("order_lines as l")
        .whereIn("l.order_id", orders)
        .groupBy("l.item_id")
        .select("l.item_id")
        .sum({ quantity: "l.quantity", amount: "l.amount" });
      for (const r of rows as any[])
        totals.add(keyOf(r.item_id), { quantity: Number(r.quantity ?? 0), amount: Number(r.amount ?? 0) });
    },
    TOP_PRODUCTS_SLICE_DAYS,
  );
  const top = [...totals.map]
    .sort(([ka, a], [kb, b]) => b.quantity - a.quantity || b.amount - a.amount || Number(ka || 0) - Number(kb || 0))
    .slice(0, TOP_PRODUCTS);
  const ids = top
    .map(([k]) => k)
    .filter((k) => k !== "")
    .map(Number);
  const items = new Map<string, { code: string; name: string }>();
  if (ids.length) {
    const rows = await runner.step(() => db("items").whereIn("id", ids).select("id", "item_code", "display_name"));
    for (const r of rows as any[]) items.set(String(r.id), { code: r.item_code, name: r.display_name });
  }
  return top.map(([key, t]) => ({
    itemId: idOrNull(key),
    code: items.get(key)?.code ?? "",
    name: items.get(key)?.name ?? "Item no longer listed",
    quantity: t.quantity,
    amount: money(t.amount),
  }));
}

async function spendByDepartment(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
  opts: ReportOptions,
): Promise<ReportRow[]> {
  const totals = await orderTotals(db, scope, params, runner, opts, {
    column: "department_id",
    scan: "orders.department_id",
  });
  const ids = [...totals.map.keys()].filter((k) => k !== "").map(Number);
  const names = new Map<string, string>();
  if (ids.length)
    for (const r of (await runner.step(() => db("departments").whereIn("id", ids).select("id", "name"))) as any[])
      names.set(String(r.id), r.name);
  return [...totals.map]
    .map(([key, t]) => ({
      departmentId: idOrNull(key),
      department: key === "" ? "No department" : (names.get(key) ?? `Department ${key}`),
      orders: t.orders,
      subTotal: money(t.subTotal),
    }))
    .sort((a, b) => b.subTotal - a.subTotal || a.department.localeCompare(b.department));
}

/** An order's cost centre: that of the wearer it was placed for (employee_contact_id), else of the ordering contact. */
async function spendByCostCentre(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
): Promise<ReportRow[]> {
  const totals = new Totals<{ orders: number; subTotal: number }>();
  const centre = db.raw("coalesce(ec.cost_centre_id, oc.cost_centre_id)");
  await perSlice(runner, [[params.from, params.to]], async (from, to) => {
    const rows = await ordersIn(db, scope, params, from, to)
      .leftJoin("contacts as ec", "ec.id", "orders.employee_contact_id")
      .leftJoin("contacts as oc", "oc.id", "orders.contact_id")
      .groupBy(centre)
      .select({ id: centre })
      .count({ orders: "*" })
      .sum({ subTotal: "orders.sub_total" });
    for (const r of rows as any[])
      totals.add(keyOf(r.id), { orders: Number(r.orders), subTotal: Number(r.subTotal ?? 0) });
  });
  const ids = [...totals.map.keys()].filter((k) => k !== "").map(Number);
  const names = new Map<string, string>();
  if (ids.length)
    for (const r of (await runner.step(() => db("cost_centres").whereIn("id", ids).select("id", "name"))) as any[])
      names.set(String(r.id), r.name);
  return [...totals.map]
    .map(([key, t]) => ({
      costCentreId: idOrNull(key),
      costCentre: key === "" ? "No cost centre" : (names.get(key) ?? `Cost centre ${key}`),
      orders: t.orders,
      subTotal: money(t.subTotal),
    }))
    .sort((a, b) => b.subTotal - a.subTotal || a.costCentre.localeCompare(b.costCentre));
}

/**
 * Wearers' allowances as they stand today (resets applied, decision 096), one row per wearer and budget. Filters:
 * employees (the wearers), departments (the wearers' departments); without viewAllOrders only the wearers of
 * wearer-pack orders the caller placed. The dates do not apply: an allowance is what is used and left now.
 */
async function allowanceUsage(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
  now: Date,
): Promise<ReportRow[]> {
  const contacts = db("contacts")
    .where("contacts.customer_id", scope.customerId)
    .whereExists((b) => {
      b.select(db.raw("1")).from("contact_budgets as cb").whereRaw("cb.contact_id = contacts.id");
    });
  if (params.employees.length) contacts.whereIn("contacts.id", params.employees.map(Number));
  if (params.departments.length) contacts.whereIn("contacts.department_id", params.departments.map(Number));
  if (scope.placedByUserId != null) {
    const mine = () =>
      db("orders").where({
        "orders.customer_id": scope.customerId,
        "orders.placed_by_user_id": scope.placedByUserId,
        "orders.sales_order_type_id": 1,
      });
    contacts.where((w) => {
      w.whereIn(
        "contacts.id",
        mine().whereNotNull("orders.employee_contact_id").select("orders.employee_contact_id"),
      ).orWhereIn(
        "contacts.id",
        db("order_lines as l")
          .whereIn("l.order_id", mine().select("orders.id"))
          .whereNotNull("l.employee_contact_id")
          .select("l.employee_contact_id"),
      );
    });
  }
  const wearers: any[] = await runner.step(() =>
    contacts
      .orderBy([{ column: "contacts.last_name" }, { column: "contacts.first_name" }, { column: "contacts.id" }])
      .select("contacts.id", "contacts.first_name", "contacts.last_name", "contacts.employee_ref"),
  );
  const rows: ReportRow[] = [];
  for (let i = 0; i < wearers.length; i += 200) {
    const batch = wearers.slice(i, i + 200);
    const budgets = await runner.step(() =>
      budgetsOf(
        db,
        batch.map((w) => w.id),
        now,
      ),
    );
    const byContact = new Map<number, typeof budgets>();
    for (const b of budgets) byContact.set(b.contact_id, [...(byContact.get(b.contact_id) ?? []), b]);
    for (const w of batch) {
      for (const b of byContact.get(w.id) ?? []) {
        const left = Math.max(0, b.qty - b.used_qty);
        const points = b.type === "Points";
        rows.push({
          contactId: String(w.id),
          wearer: `${w.first_name} ${w.last_name}`.trim(),
          employeeRef: w.employee_ref ?? null,
          allocationType: b.allocation_type ?? b.type,
          allocationTypeName: b.allocation_type_name ?? b.type,
          used: b.used_qty,
          left,
          points: points ? b.qty : null,
          pointsUsed: points ? b.used_qty : null,
          pointsLeft: points ? left : null,
          resetDate: b.reset_date ?? null,
        });
      }
    }
  }
  return rows;
}

/**
 * Per approver: the orders they decided (approved or rejected — a rejected order is web-rejected, and counts here),
 * placed in the range, with the hours from placing to the decision (average and longest, 1 dp).
 */
async function approvalTurnaround(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
): Promise<ReportRow[]> {
  const hours = isPostgres(db)
    ? db.raw(
        "extract(epoch from (cast(orders.decided_at as timestamptz) - cast(orders.created_date as timestamptz))) / 3600.0",
      )
    : db.raw("(julianday(orders.decided_at) - julianday(orders.created_date)) * 24.0");
  const totals = new Map<
    string,
    { decided: number; approved: number; rejected: number; hours: number; longest: number }
  >();
  await perSlice(runner, [[params.from, params.to]], async (from, to) => {
    const rows = await ordersIn(db, scope, params, from, to, { keepRejected: true })
      .whereNotNull("orders.decided_at")
      .whereNotNull("orders.decided_by_user_id")
      .groupBy("orders.decided_by_user_id")
      .select("orders.decided_by_user_id as id")
      .count({ decided: "*" })
      .select(db.raw("sum(case when orders.decision = 'approved' then 1 else 0 end) as approved"))
      .select(db.raw("sum(case when orders.decision = 'rejected' then 1 else 0 end) as rejected"))
      .sum({ hours })
      .max({ longest: hours });
    for (const r of rows as any[]) {
      const key = String(r.id);
      const seen = totals.get(key) ?? { decided: 0, approved: 0, rejected: 0, hours: 0, longest: 0 };
      seen.decided += Number(r.decided);
      seen.approved += Number(r.approved ?? 0);
      seen.rejected += Number(r.rejected ?? 0);
      seen.hours += Math.max(0, Number(r.hours ?? 0));
      seen.longest = Math.max(seen.longest, Number(r.longest ?? 0));
      totals.set(key, seen);
    }
  });
  const ids = [...totals.keys()].map(Number);
  const names = new Map<string, string>();
  if (ids.length)
    for (const r of (await runner.step(() =>
      db("users").whereIn("id", ids).select("id", "first_name", "last_name", "email"),
    )) as any[])
      names.set(String(r.id), `${r.first_name} ${r.last_name}`.trim() || r.email);
  const oneDp = (n: number) => Math.round(n * 10) / 10;
  return [...totals]
    .map(([key, t]) => ({
      approverId: key,
      approver: names.get(key) ?? `User ${key}`,
      decided: t.decided,
      approved: t.approved,
      rejected: t.rejected,
      averageHours: oneDp(t.decided ? t.hours / t.decided : 0),
      longestHours: oneDp(t.longest),
    }))
    .sort((a, b) => a.approver.localeCompare(b.approver) || Number(a.approverId) - Number(b.approverId));
}

/** Runs one report: its rows (contract shapes, decision 122). */
export async function runReport(
  db: Knex,
  type: ReportType,
  scope: ReportScope,
  params: ReportParams,
  opts: ReportOptions = {},
): Promise<ReportRow[]> {
  const runner = opts.runner ?? directRunner;
  switch (type) {
    case "orders-by-status":
      return ordersByStatus(db, scope, params, runner, opts);
    case "spend-by-month":
      return spendByMonth(db, scope, params, runner, opts);
    case "top-products":
      return topProducts(db, scope, params, runner, opts);
    case "spend-by-department":
      return spendByDepartment(db, scope, params, runner, opts);
    case "spend-by-cost-centre":
      return spendByCostCentre(db, scope, params, runner);
    case "allowance-usage":
      return allowanceUsage(db, scope, params, runner, opts.now ?? new Date());
    case "approval-turnaround":
      return approvalTurnaround(db, scope, params, runner);
  }
}

// ---------------------------------------------------------------------------------------------------- the service

const bool3 = (v: unknown): boolean | null => (v == null ? null : v === true || v === 1 || v === "1");

export function taskOut(r: any) {
  const params = json<Partial<ReportParams>>(r.params_json, {});
  return {
    taskId: String(r.id),
    type: r.type as string,
    status: r.status as TaskStatus,
    success: r.status === "success" ? true : r.status === "failed" ? false : bool3(null),
    createdAt: r.created_at as string,
    startedAt: (r.started_at ?? null) as string | null,
    finishedAt: (r.finished_at ?? null) as string | null,
    params: {
      from: params.from ?? null,
      to: params.to ?? null,
      departments: params.departments ?? [],
      employees: params.employees ?? [],
    },
    reason: r.status === "failed" ? ((r.reason ?? "The report could not be finished") as string) : null,
    rowCount: r.row_count == null ? null : Number(r.row_count),
  };
}

function requireReporting(caller: Caller): void {
  if (!has(caller, "viewReporting") && !caller.isEvolveUser)
    throw new Forbidden("Reporting is not allowed for this account");
}

/** Whose orders a caller's reports cover (decision 122): all at the customer with viewAllOrders, else their own. */
export function scopeFor(
  caller: Pick<Caller, "userId" | "isEvolveUser" | "permissions">,
  customerId: number,
): ReportScope {
  const all = caller.isEvolveUser || caller.permissions.includes("viewAllOrders");
  return { customerId, placedByUserId: all ? null : caller.userId };
}

function pageParams(query: Record<string, unknown> | undefined): { limit: number; skip: number } {
  const q = query ?? {};
  for (const key of Object.keys(q))
    if (key !== "$limit" && key !== "$skip") throw new BadRequest(`Invalid query parameter '${key}'`, { field: key });
  const int = (key: string, fallback: number, max: number) => {
    const raw = q[key];
    if (raw === undefined) return fallback;
    const s = String(raw);
    if (!/^\d{1,9}$/.test(s) || Number(s) > max)
      throw new BadRequest(`Invalid query parameter '${key}': expected a whole number from 0 to ${max}`, {
        field: key,
      });
    return Number(s);
  };
  return { limit: int("$limit", DEFAULT_RESULT_LIMIT, MAX_RESULT_LIMIT), skip: int("$skip", 0, 1_000_000_000) };
}

/** The worker's side: woken when a task is added or put back (it starts and stops with the process's background work). */
export interface ReportQueue {
  wake(): void;
}

/**
 * Inside the transaction that adds a waiting task: refuses (429) when the user already has MAX_WAITING_REPORT_TASKS
 * waiting or running, whatever the customer. The user's row is locked first on PostgreSQL, so two posts at once are
 * counted one after the other; SQLite writes one transaction at a time (decision 151).
 */
async function requireTaskSlot(trx: Knex.Transaction, userId: number): Promise<void> {
  if (isPostgres(trx)) await trx("users").where("id", userId).forUpdate().first("id");
  const waiting = await trx("report_tasks")
    .where("user_id", userId)
    .whereIn("status", ["pending", "running"])
    .count({ n: "*" })
    .first();
  if (Number(waiting?.n ?? 0) >= MAX_WAITING_REPORT_TASKS) throw new TooManyRequests(TOO_MANY_REPORT_TASKS);
}

export class ReportService {
  constructor(
    private ctx: Ctx,
    private queue: ReportQueue = { wake() {} },
  ) {}

  private own(caller: Caller) {
    requireReporting(caller);
    const customerId = requireCustomer(caller);
    return {
      customerId,
      rows: () => this.ctx.db("report_tasks").where({ customer_id: customerId, user_id: caller.userId }),
    };
  }

  async find(params: ProviderParams) {
    const caller = callerOf(params);
    const { rows } = this.own(caller);
    const q = params.query ?? {};
    for (const key of Object.keys(q)) throw new BadRequest(`Invalid query parameter '${key}'`, { field: key });
    const [count, list] = await Promise.all([
      rows().count({ n: "*" }).first(),
      rows()
        .orderBy([
          { column: "created_at", order: "desc" },
          { column: "id", order: "desc" },
        ])
        .limit(MAX_TASKS_LISTED)
        .select("*"),
    ]);
    return { success: true, total: Number(count?.n ?? 0), data: list.map(taskOut) };
  }

  async get(id: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { rows } = this.own(caller);
    const key = idOf(id, "Report task");
    const { limit, skip } = pageParams(params.query);
    const row = await rows().where("id", key).first();
    if (!row) throw new NotFound(`Report task '${key}' not found`);
    const all = row.status === "success" ? json<ReportRow[]>(row.result_json, []) : null;
    return { ...taskOut(row), result: all && { total: all.length, limit, skip, rows: all.slice(skip, skip + limit) } };
  }

  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { customerId } = this.own(caller);
    const { db } = this.ctx;
    const { type, params: reportParams } = await validateReportRequest(db, customerId, data);
    const now = this.ctx.now().toISOString();
    const row = await db.transaction(async (trx) => {
      await requireTaskSlot(trx, caller.userId);
      // SPEC §4: a new task clears the caller's earlier successes; pending and failed ones stay
      await trx("report_tasks").where({ customer_id: customerId, user_id: caller.userId, status: "success" }).delete();
      const [inserted] = await trx("report_tasks")
        .insert({
          customer_id: customerId,
          user_id: caller.userId,
          type,
          params_json: JSON.stringify(reportParams),
          status: "pending",
          success: null,
          created_at: now,
        })
        .returning("*");
      return inserted;
    });
    this.queue.wake();
    return { success: true, task: taskOut(row) };
  }

  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { rows } = this.own(caller);
    const key = idOf(id, "Report task");
    const body = bodyOf(data);
    if (body.retry !== true || Object.keys(body).length !== 1)
      throw new BadRequest('Invalid value at field "retry": send {"retry": true}', {
        errors: { retry: "Send retry: true" },
      });
    const changed = await this.ctx.db.transaction(async (trx) => {
      const failed = await rows().transacting(trx).where({ id: key, status: "failed" }).first("id");
      if (!failed) return 0;
      await requireTaskSlot(trx, caller.userId);
      return rows().transacting(trx).where({ id: key, status: "failed" }).update({
        status: "pending",
        success: null,
        reason: null,
        started_at: null,
        finished_at: null,
        claimed_by: null,
        lease_until: null,
        attempts: 0,
        result_json: null,
        row_count: null,
      });
    });
    if (!changed) {
      if (!(await rows().where("id", key).first("id"))) throw new NotFound(`Report task '${key}' not found`);
      throw new Conflict(MESSAGES.retry);
    }
    this.queue.wake();
    return taskOut(await rows().where("id", key).first());
  }
}
