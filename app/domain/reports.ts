import { format } from "date-fns";
import { formatDate } from "./dates";
import { formatMoney } from "./money";

// Issue 19: the report types the provider answers (POST /api/report), what each row holds and how its cells read; the
// filters a request carries are in report-filters.ts. Pure, so the pages can import it; zod and d3 stay in the
// *.server.ts modules.

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

/** The report's label, or its id when the provider answers a type this portal does not know yet. */
export function reportLabel(type: string): string {
  return isReportType(type) ? REPORT_DEFINITIONS[type].label : type;
}
