/** A report request: its parameters, limits and messages, its dates, and its validation (decision 122). */
import { BadRequest } from "@feathersjs/errors";
import type { Knex } from "knex";
// the report types, their messages and the date-range rule are the portal's domain module's: one source for the page
// that shows them and the provider that enforces them
import { REPORT_FILTER_MESSAGES, reportRangeErrors } from "../../../app/domain/report-filters";
import { isReportType, type ReportType } from "../../../app/domain/reports";
import { bodyOf } from "../base";
import { isRowIdText } from "../ids";

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

export const dayMs = (day: string) => Date.parse(`${day}T00:00:00.000Z`);

export const dayOfMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

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
