import { addMonths, format, isValid, parse, startOfMonth, subMonths } from "date-fns";
import { formatDate } from "./dates";
import { isUpstreamIdValue } from "./id-rule";
import { isReportType, REPORT_DEFINITIONS, type ReportType } from "./reports";

// Issue 19: the filters a report request carries (type, date range, departments, employees), read from a form the
// way the provider reads them, in words for the screen and in a download's name. Pure, for the pages and the provider.

export type ReportFilters = { type: ReportType; from: string; to: string; departments: string[]; employees: string[] };
export type ReportFilterField = "type" | "from" | "to" | "departments" | "employees";
export type ReportFilterErrors = Partial<Record<ReportFilterField, string>>;

/** The longest range a report covers (the provider refuses more). */
export const REPORT_MAX_MONTHS = 24;

export const REPORT_FILTER_MESSAGES = {
  type: "Choose a report type",
  date: "Enter a date as YYYY-MM-DD",
  reversed: "The start date must be on or before the end date",
  span: `A report can cover at most ${REPORT_MAX_MONTHS} months`,
  department: (id: string) => `Unknown department: ${id}`,
  employee: (id: string) => `Unknown employee: ${id}`,
} as const;

const DAY_FORMAT = "yyyy-MM-dd";

function isoDay(date: Date): string {
  return format(date, DAY_FORMAT);
}

/** A real calendar day written YYYY-MM-DD, as a local-midnight Date; null otherwise (2026-02-30, 2026-2-1). */
export function parseReportDay(value: string): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parse(value, DAY_FORMAT, new Date(2000, 0, 1));
  return isValid(date) && isoDay(date) === value ? date : null;
}

/**
 * The one date-range rule of a report request, for the page and the provider alike (issue 19): both days real and
 * written YYYY-MM-DD, the start on or before the end (the error under the start), and the end before the start plus
 * 24 months. Empty when the range is good.
 */
export function reportRangeErrors(from: unknown, to: unknown): Partial<Record<"from" | "to", string>> {
  const errors: Partial<Record<"from" | "to", string>> = {};
  const fromDay = typeof from === "string" ? parseReportDay(from) : null;
  const toDay = typeof to === "string" ? parseReportDay(to) : null;
  if (!fromDay) errors.from = REPORT_FILTER_MESSAGES.date;
  if (!toDay) errors.to = REPORT_FILTER_MESSAGES.date;
  if (fromDay && toDay) {
    if (fromDay > toDay) errors.from = REPORT_FILTER_MESSAGES.reversed;
    else if (toDay >= addMonths(fromDay, REPORT_MAX_MONTHS)) errors.to = REPORT_FILTER_MESSAGES.span;
  }
  return errors;
}

/** The 12 months ending today: from the first day of the month 11 months back, to today. */
export function defaultReportRange(today: Date): { from: string; to: string } {
  return { from: isoDay(startOfMonth(subMonths(today, 11))), to: isoDay(today) };
}

function readAll(input: URLSearchParams | FormData, name: string): string[] {
  return input
    .getAll(name)
    .map((value) => (typeof value === "string" ? value.trim() : ""))
    .filter((value) => value !== "");
}

function readOne(input: URLSearchParams | FormData, name: string): string {
  const value = input.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/** Ids as the provider takes them: digits only, each once; the first that is not is named in the error. */
function readIds(values: readonly string[]): { ids: string[]; bad: string | null } {
  const bad = values.find((value) => !isUpstreamIdValue(value)) ?? null;
  return { ids: [...new Set(values)], bad };
}

/**
 * The filters of a report request, from the GET form or a post: the contract's checks and messages, so a bad
 * request is answered on the page before the provider sees it (the provider checks again and names the ids that
 * are not the customer's). A missing date falls back to the default 12 months.
 */
export function readReportFilters(
  input: URLSearchParams | FormData,
  today: Date,
):
  | { ok: true; filters: ReportFilters }
  | { ok: false; errors: ReportFilterErrors; values: Record<string, string | string[]> } {
  const range = defaultReportRange(today);
  const type = readOne(input, "type");
  const from = readOne(input, "from") || range.from;
  const to = readOne(input, "to") || range.to;
  const departments = readIds(readAll(input, "departments"));
  const employees = readIds(readAll(input, "employees"));
  const errors: ReportFilterErrors = {};

  if (!isReportType(type)) errors.type = REPORT_FILTER_MESSAGES.type;
  Object.assign(errors, reportRangeErrors(from, to));
  if (departments.bad !== null) errors.departments = REPORT_FILTER_MESSAGES.department(departments.bad);
  if (employees.bad !== null) errors.employees = REPORT_FILTER_MESSAGES.employee(employees.bad);

  if (Object.keys(errors).length > 0 || !isReportType(type)) {
    return {
      ok: false,
      errors,
      values: { type, from, to, departments: readAll(input, "departments"), employees: readAll(input, "employees") },
    };
  }
  return { ok: true, filters: { type, from, to, departments: departments.ids, employees: employees.ids } };
}

/** The filters as GET parameters (repeated departments / employees), for links back to the form. */
export function reportFilterParams(filters: ReportFilters): URLSearchParams {
  const params = new URLSearchParams({ type: filters.type, from: filters.from, to: filters.to });
  for (const id of filters.departments) params.append("departments", id);
  for (const id of filters.employees) params.append("employees", id);
  return params;
}

export type ReportParams = {
  from?: string | null;
  to?: string | null;
  departments?: readonly string[];
  employees?: readonly string[];
};

/** Names for the ids a task's filters hold; an id without a name is shown as its number. */
export type ReportFilterNames = { departments?: ReadonlyMap<string, string>; employees?: ReadonlyMap<string, string> };

/** The filters in words, one line each, for the screen and the Excel file's heading. */
export function reportFilterLines(type: string, params: ReportParams, names: ReportFilterNames = {}): string[] {
  const lines: string[] = [];
  const usesDates = isReportType(type) ? REPORT_DEFINITIONS[type].usesDates : true;
  if (usesDates && params.from && params.to)
    lines.push(`Orders placed ${formatDate(params.from)} to ${formatDate(params.to)}`);
  const named = (ids: readonly string[] | undefined, map: ReadonlyMap<string, string> | undefined) =>
    (ids ?? []).map((id) => map?.get(id) ?? `#${id}`).join(", ");
  if (params.departments?.length) lines.push(`Departments: ${named(params.departments, names.departments)}`);
  if (params.employees?.length) lines.push(`Employees: ${named(params.employees, names.employees)}`);
  if (!params.departments?.length && !params.employees?.length) lines.push("All departments and employees");
  return lines;
}

const FILE_IDS_SHOWN = 5;

function fileSafe(text: string): string {
  return text.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-+|-+$/g, "");
}

function fileIds(label: string, ids: readonly string[] | undefined): string | null {
  const safe = (ids ?? []).map(fileSafe).filter((id) => id !== "");
  if (safe.length === 0) return null;
  const shown = safe.slice(0, FILE_IDS_SHOWN).join("-");
  return safe.length > FILE_IDS_SHOWN
    ? `${label}-${shown}-and-${safe.length - FILE_IDS_SHOWN}-more`
    : `${label}-${shown}`;
}

/**
 * A download's name with its filters in it, safe characters only:
 * `spend-by-month_2025-12-01_to_2026-11-30_departments-3-5.csv`. A report that ignores dates leaves them out.
 */
export function reportFileName(
  task: {
    type: string;
    params: {
      from?: string | null;
      to?: string | null;
      departments?: readonly string[];
      employees?: readonly string[];
    };
  },
  ext: "csv" | "xlsx",
): string {
  const parts = [fileSafe(task.type) || "report"];
  const usesDates = isReportType(task.type) ? REPORT_DEFINITIONS[task.type].usesDates : true;
  const from = task.params.from && parseReportDay(task.params.from) ? task.params.from : null;
  const to = task.params.to && parseReportDay(task.params.to) ? task.params.to : null;
  if (usesDates && from && to) parts.push(`${from}_to_${to}`);
  for (const part of [fileIds("departments", task.params.departments), fileIds("employees", task.params.employees)]) {
    if (part) parts.push(part);
  }
  return `${parts.join("_")}.${ext}`;
}
