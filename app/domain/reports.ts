import { addMonths, format, isValid, parse, startOfMonth, subMonths } from "date-fns";
import { formatDate } from "./dates";
import { isUpstreamIdValue } from "./id-rule";
import { formatMoney } from "./money";

// Issue 19: the report types the provider answers (POST /api/report), what each row holds, how its cells read, and
// the filters a request carries. Pure, so the pages can import it; zod and d3 stay in the *.server.ts modules.

export const REPORT_TYPES = [
  "orders-by-status",
  "spend-by-month",
  "top-products",
  "spend-by-department",
  "spend-by-cost-centre",
  "allowance-usage",
  "approval-turnaround",
] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

export function isReportType(value: unknown): value is ReportType {
  return typeof value === "string" && (REPORT_TYPES as readonly string[]).includes(value);
}

export type ReportFormat = "text" | "count" | "money" | "hours" | "month" | "date";
export type ReportColumn = { key: string; heading: string; format: ReportFormat };

export type ReportDefinition = {
  label: string;
  description: string;
  chart: "bar" | "line";
  /** The row key each bar or point stands for. */
  category: string;
  /** The row key charted. */
  value: string;
  valueLabel: string;
  columns: readonly ReportColumn[];
  /** False when the report is a state of today (allowances): the date range does not change it. */
  usesDates: boolean;
};

const ORDERS: ReportColumn = { key: "orders", heading: "Orders", format: "count" };
const SPEND: ReportColumn = { key: "subTotal", heading: "Spend", format: "money" };

export const REPORT_DEFINITIONS: Record<ReportType, ReportDefinition> = {
  "orders-by-status": {
    label: "Orders by status",
    description: "How many orders are at each status, and what they are worth.",
    chart: "bar",
    category: "status",
    value: "orders",
    valueLabel: "Orders",
    columns: [{ key: "status", heading: "Status", format: "text" }, ORDERS, SPEND],
    usesDates: true,
  },
  "spend-by-month": {
    label: "Spend by month",
    description: "Orders and spend in each month of the range, months without orders included.",
    chart: "line",
    category: "month",
    value: "subTotal",
    valueLabel: "Spend",
    columns: [{ key: "month", heading: "Month", format: "month" }, ORDERS, SPEND],
    usesDates: true,
  },
  "top-products": {
    label: "Top products",
    description: "The 100 products ordered most, by quantity and then by value.",
    chart: "bar",
    category: "name",
    value: "quantity",
    valueLabel: "Quantity",
    columns: [
      { key: "code", heading: "Code", format: "text" },
      { key: "name", heading: "Product", format: "text" },
      { key: "quantity", heading: "Quantity", format: "count" },
      { key: "amount", heading: "Value", format: "money" },
    ],
    usesDates: true,
  },
  "spend-by-department": {
    label: "Spend by department",
    description: "Orders and spend for each department; orders without one are counted under No department.",
    chart: "bar",
    category: "department",
    value: "subTotal",
    valueLabel: "Spend",
    columns: [{ key: "department", heading: "Department", format: "text" }, ORDERS, SPEND],
    usesDates: true,
  },
  "spend-by-cost-centre": {
    label: "Spend by cost centre",
    description: "Orders and spend for each cost centre; orders without one are counted under No cost centre.",
    chart: "bar",
    category: "costCentre",
    value: "subTotal",
    valueLabel: "Spend",
    columns: [{ key: "costCentre", heading: "Cost centre", format: "text" }, ORDERS, SPEND],
    usesDates: true,
  },
  // Charted as what was used: the question the report answers is where the allowances went. What is left is in the
  // table, and a bar of "left" would mostly show how large each budget is.
  "allowance-usage": {
    label: "Wearer allowance usage",
    description: "For each wearer and allocation type: items used and left, and points where the budget is in points.",
    chart: "bar",
    category: "wearer",
    value: "used",
    valueLabel: "Used",
    columns: [
      { key: "wearer", heading: "Wearer", format: "text" },
      { key: "employeeRef", heading: "Employee ref.", format: "text" },
      { key: "allocationTypeName", heading: "Allocation type", format: "text" },
      { key: "used", heading: "Used", format: "count" },
      { key: "left", heading: "Left", format: "count" },
      { key: "points", heading: "Points budget", format: "count" },
      { key: "pointsUsed", heading: "Points used", format: "count" },
      { key: "pointsLeft", heading: "Points left", format: "count" },
      { key: "resetDate", heading: "Resets on", format: "date" },
    ],
    usesDates: false,
  },
  "approval-turnaround": {
    label: "Approval turnaround",
    description: "For each approver: orders decided, approved and rejected, and the hours from placing to decision.",
    chart: "bar",
    category: "approver",
    value: "averageHours",
    valueLabel: "Average hours to decide",
    columns: [
      { key: "approver", heading: "Approver", format: "text" },
      { key: "decided", heading: "Decided", format: "count" },
      { key: "approved", heading: "Approved", format: "count" },
      { key: "rejected", heading: "Rejected", format: "count" },
      { key: "averageHours", heading: "Average (hours)", format: "hours" },
      { key: "longestHours", heading: "Longest (hours)", format: "hours" },
    ],
    usesDates: true,
  },
};

/** The words on a row's chart bar or point: allowance rows are a wearer × an allocation type. */
export function reportCategoryLabel(type: ReportType, row: Record<string, unknown>): string {
  const { columns, category } = REPORT_DEFINITIONS[type];
  const text = (key: string) =>
    formatReportCell(row, columns.find((c) => c.key === key) ?? { key, heading: "", format: "text" });
  return type === "allowance-usage" ? `${text(category)} · ${text("allocationTypeName")}` : text(category);
}

export const MISSING_CELL = "—";

const counts = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 0 });

function numberOrNull(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "");
}

const MONTH = /^(\d{4})-(\d{2})$/;

/** "2026-01" → "Jan 2026"; anything else as it came. */
export function formatReportMonth(value: string): string {
  const match = MONTH.exec(value);
  const month = match ? Number(match[2]) : 0;
  return match && month >= 1 && month <= 12 ? format(new Date(Number(match[1]), month - 1, 1), "MMM yyyy") : value;
}

/** A cell as the screen shows it: money £1,234.56, months "Jan 2026", hours "3.5"; a missing value "—". */
export function formatReportCell(row: Record<string, unknown>, column: ReportColumn): string {
  const value = row[column.key];
  if (isBlank(value)) return MISSING_CELL;
  switch (column.format) {
    case "money":
      return formatMoney(value);
    case "count": {
      const n = numberOrNull(value);
      return n === null ? MISSING_CELL : counts.format(n);
    }
    case "hours": {
      const n = numberOrNull(value);
      return n === null ? MISSING_CELL : n.toFixed(1);
    }
    case "month":
      return formatReportMonth(String(value));
    case "date":
      return formatDate(String(value));
    default:
      return String(value);
  }
}

/**
 * A cell as the files hold it: plain values a spreadsheet reads as numbers and dates — money 1234.56, hours 3.5,
 * counts 12, months 2026-01, days 2026-12-01; a missing value is empty.
 */
export function exportReportCell(row: Record<string, unknown>, column: ReportColumn): string {
  const value = exportReportValue(row, column);
  if (value === null) return "";
  if (typeof value === "string") return value;
  if (column.format === "money") return value.toFixed(2);
  if (column.format === "hours") return value.toFixed(1);
  return String(value);
}

/** The typed value behind {@link exportReportCell}: numbers for counts, money and hours (rounded), text otherwise. */
export function exportReportValue(row: Record<string, unknown>, column: ReportColumn): string | number | null {
  const value = row[column.key];
  if (isBlank(value)) return null;
  switch (column.format) {
    case "money":
    case "count":
    case "hours": {
      const n = numberOrNull(value);
      if (n === null) return null;
      const places = column.format === "money" ? 2 : column.format === "hours" ? 1 : 0;
      return Math.round(n * 10 ** places) / 10 ** places;
    }
    default:
      return String(value);
  }
}

// ---- Filters ----------------------------------------------------------------------------------------------------

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

/** The report's label, or its id when the provider answers a type this portal does not know yet. */
export function reportLabel(type: string): string {
  return isReportType(type) ? REPORT_DEFINITIONS[type].label : type;
}
