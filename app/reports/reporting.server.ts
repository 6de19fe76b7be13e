import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { formatDate } from "~/domain/dates";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { hasPendingTask, reportTaskState } from "~/domain/report-tasks";
import {
  defaultReportRange,
  readReportFilters,
  reportFilterParams,
  type ReportFilterErrors,
  type ReportFilterField,
  type ReportFilters,
} from "~/domain/report-filters";
import { formatReportCell, isReportType, REPORT_DEFINITIONS, REPORT_TYPES, reportLabel } from "~/domain/reports";
import { UPSTREAM_ID_PATTERN } from "~/domain/upstream-id";
import { refusal, type UpstreamError } from "~/upstream/errors.server";
import {
  createReportTask,
  getReportTask,
  listReportTasks,
  retryReportTask,
  type ReportRow,
  type UpstreamReportTask,
} from "~/upstream/reports.server";
import { parseForm } from "~/utils/forms.server";
import { reportChart } from "~/reports/chart.server";
import {
  EMPLOYEE_SEARCH_FIELD,
  employeesListed,
  filtersInWords,
  reportChoices,
  type Choices,
} from "./report-choices.server";

// /reporting and /reporting/{taskId} (issue 19 items 1, 2 and 4; decision 124): the form that asks for a report, the
// list of the caller's report tasks, a finished report's chart and table. The provider runs the reports (decision 122)
// and checks every filter again; the portal reads them first so a mistyped date is answered without a call.
// The departments and employees to choose from, and the names filters are said in, are in report-choices.server.ts.

export const FILTER_FIELDS: readonly ReportFilterField[] = ["type", "from", "to", "departments", "employees"];
type FilterField = ReportFilterField;
type FilterErrors = ReportFilterErrors;

/** The form's values as the page draws them (strings, the two lists as arrays of ids). */
export type FilterValues = {
  type: string;
  from: string;
  to: string;
  departments: string[];
  employees: string[];
};

export const REPORT_REQUESTED = "Report requested: it is being prepared";
export const REPORT_RUN_AGAIN = "The report is being run again";
/** Rows of a finished report per page of its table. */
export const REPORT_PAGE_SIZE = 50;
/** How many rows of a report its chart draws at most (top products is 100; a month chart 24). */
export const CHART_ROWS = 100;

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];
const asText = (value: string | string[] | undefined): string =>
  Array.isArray(value) ? (value[0] ?? "") : (value ?? "");

/** The form's values from a reading of the filters: what was read, or what was typed when it was refused. */
function formValues(reading: ReturnType<typeof readReportFilters>): FilterValues {
  if (reading.ok)
    return {
      ...reading.filters,
      departments: [...reading.filters.departments],
      employees: [...reading.filters.employees],
    };
  const v = reading.values;
  return {
    type: asText(v.type),
    from: asText(v.from),
    to: asText(v.to),
    departments: asList(v.departments),
    employees: asList(v.employees),
  };
}

/** One row of the task list. */
function taskRow(task: UpstreamReportTask, choices: Choices) {
  return {
    taskId: task.taskId,
    label: reportLabel(task.type),
    filters: filtersInWords(task.type, task.params, choices),
    askedAt: formatDate(task.createdAt, "dd.MM.yy HH:mm"),
    state: reportTaskState(task),
    reason: task.reason,
    rowCount: task.rowCount,
  };
}

/**
 * /reporting: the form (pre-filled from the query string when it names filters, else the last 12 months; a filter the
 * portal cannot read is shown with its message), the report types with their descriptions, the departments and
 * employees to choose from (searchable past EMPLOYEE_SEARCH_FROM), and the caller's tasks (GET /api/report), newest
 * first.
 */
export async function reportingPageData(user: PortalUser, url: URL, now: Date = new Date()) {
  const params = url.searchParams;
  const asked = FILTER_FIELDS.some((f) => params.has(f));
  const reading = asked ? readReportFilters(params, now) : null;
  const range = defaultReportRange(now);
  const values: FilterValues = reading ? formValues(reading) : { type: "", ...range, departments: [], employees: [] };
  const tasksAsked = listReportTasks(user.upstream);
  const [choices, tasks] = await Promise.all([reportChoices(user, tasksAsked), tasksAsked]);
  const rows = tasks.map((t) => taskRow(t, choices));
  const employees = employeesListed(choices.employeeOptions, params.get(EMPLOYEE_SEARCH_FIELD) ?? "", values.employees);
  return {
    types: REPORT_TYPES.map((type) => ({
      value: type,
      label: REPORT_DEFINITIONS[type].label,
      description: REPORT_DEFINITIONS[type].description,
    })),
    departments: choices.departmentOptions,
    employees: employees.options,
    employeeSearch: employees.search,
    values,
    // a half-typed link (only some filters) shows its messages; the type alone missing is not yet a mistake
    errors: reading && !reading.ok ? withoutMissingType(reading.errors, params) : ({} as FilterErrors),
    tasks: rows,
    pending: hasPendingTask(tasks),
  };
}

function withoutMissingType(errors: FilterErrors, params: URLSearchParams): FilterErrors {
  if (params.get("type")) return errors;
  const { type: _type, ...rest } = errors;
  return rest;
}

/** The contract's messages name their field; one the provider sends without naming it is placed by its words. */
const MESSAGE_FIELDS: ReadonlyArray<readonly [RegExp, FilterField]> = [
  [/^Choose a report type/, "type"],
  [/^Unknown department/, "departments"],
  [/^Unknown employee/, "employees"],
  [/^The start date must be/, "from"],
  [/^A report can cover at most/, "to"],
];

/**
 * A provider refusal of the filters as field errors: every filter field of its `errors` under that field; else the
 * field it names (`data.field`, or as its message names it: `Invalid value at field "from": …`), else the field its
 * message is about.
 */
export function refusalFields(error: UpstreamError): { fieldErrors: FilterErrors; formError: string | null } {
  const listed = Object.entries(error.errors).filter(([field]) => (FILTER_FIELDS as readonly string[]).includes(field));
  if (error.status === 400 && listed.length)
    return { fieldErrors: Object.fromEntries(listed) as FilterErrors, formError: null };
  const named = /^Invalid value at field "([^"]*)":\s*/.exec(error.message);
  const message = named ? error.message.slice(named[0].length) : error.message;
  const field =
    FILTER_FIELDS.find((f) => f === (error.field ?? named?.[1])) ??
    MESSAGE_FIELDS.find(([pattern]) => pattern.test(message))?.[1];
  if (error.status === 400 && field) return { fieldErrors: { [field]: message }, formError: null };
  return { fieldErrors: {}, formError: message };
}

const IntentSchema = z.object({
  intent: z.enum(["create", "retry"], {
    message: "The form could not be read.",
  }),
});
const RetrySchema = z.object({
  intent: z.literal("retry"),
  taskId: z.string({ required_error: "Choose a report" }).regex(UPSTREAM_ID_PATTERN, "Choose a report"),
});

const refusedFilters = (fieldErrors: FilterErrors, formError: string | null, values: FilterValues, status = 400) =>
  data({ ok: false as const, fieldErrors, formError, values }, { status });

/**
 * /reporting's posts. `create`: the filters read as the page reads them (a refusal: 400 with the messages under their
 * fields, nothing sent), then POST /api/report; its 400 is shown the same way; success → 303 to /reporting with the
 * filters in the address and a toast. `retry`: PATCH /api/report/:taskId {retry: true}, then back with a toast.
 */
export async function submitReporting(user: PortalUser, request: Request, now: Date = new Date()) {
  const form = await request
    .clone()
    .formData()
    .catch(() => new FormData());
  const intent = IntentSchema.safeParse(Object.fromEntries(form));
  if (!intent.success)
    return refusedFilters({}, "The form could not be read.", {
      type: "",
      from: "",
      to: "",
      departments: [],
      employees: [],
    });
  if (intent.data.intent === "retry") return submitRetry(user, request, "/reporting");
  const reading = readReportFilters(form, now);
  const values = formValues(reading);
  if (!reading.ok) return refusedFilters(reading.errors, null, values);
  const filters: ReportFilters = reading.filters;
  try {
    await createReportTask(user.upstream, filters);
  } catch (error) {
    const upstream = refusal(error);
    const refused = refusalFields(upstream);
    return refusedFilters(refused.fieldErrors, refused.formError, values, upstream.status);
  }
  const toast = { kind: "success", message: REPORT_REQUESTED } as const;
  return redirect(`/reporting?${reportFilterParams(filters).toString()}`, {
    status: 303,
    headers: await flashToast(request, toast),
  });
}

/** A failed report run again: PATCH retry, then back to `back` with a toast (the provider's reason when it refuses). */
export async function submitRetry(user: PortalUser, request: Request, back: string) {
  const form = await parseForm(request, RetrySchema);
  if (!form.ok)
    return redirect(back, {
      status: 303,
      headers: await flashToast(request, {
        kind: "error",
        message: "Choose a report to run again.",
      }),
    });
  try {
    await retryReportTask(user.upstream, form.data.taskId);
  } catch (error) {
    // 409: it has not failed; 429: five reports already wait (decision 151), said in the provider's words
    const upstream = refusal(error, 404, 409, 429);
    const message = upstream.status === 404 ? "That report no longer exists." : upstream.message;
    return redirect(back, {
      status: 303,
      headers: await flashToast(request, { kind: "error", message }),
    });
  }
  return redirect(back, {
    status: 303,
    headers: await flashToast(request, {
      kind: "success",
      message: REPORT_RUN_AGAIN,
    }),
  });
}

/** The form's address pre-filled with a task's filters ("ask again"). */
function againSearch(task: UpstreamReportTask): string {
  const params = new URLSearchParams({ type: task.type });
  if (task.params.from) params.set("from", task.params.from);
  if (task.params.to) params.set("to", task.params.to);
  for (const id of task.params.departments) params.append("departments", id);
  for (const id of task.params.employees) params.append("employees", id);
  return params.toString();
}

/** The task a route parameter names, or a 404 page (an id that is not one is unknown too). */
async function taskOr404(user: PortalUser, taskId: string | undefined, page: { limit: number; skip: number }) {
  const task = taskId && UPSTREAM_ID_PATTERN.test(taskId) ? await getReportTask(user.upstream, taskId, page) : null;
  if (!task) throw new Response("Report not found", { status: 404 });
  return task;
}

/**
 * /reporting/{taskId}: the task's title and filters in words; once finished, its chart (plain geometry drawn on the
 * server, CHART_ROWS rows at most) and a page of its table (REPORT_PAGE_SIZE a page, ?page=); pending: the state,
 * refreshed; failed: the reason and Run again. Unknown, another user's or another customer's → 404.
 */
export async function reportPageData(user: PortalUser, taskId: string | undefined, url: URL) {
  const asked = parsePage(url.searchParams.get("page"));
  const first = await taskOr404(user, taskId, {
    limit: Math.max(CHART_ROWS, REPORT_PAGE_SIZE),
    skip: 0,
  });
  const choices = await reportChoices(user, [first]);
  const type = isReportType(first.type) ? first.type : null;
  const base = {
    taskId: first.taskId,
    title: reportLabel(first.type),
    filters: filtersInWords(first.type, first.params, choices),
    askedAt: formatDate(first.createdAt, "dd.MM.yy HH:mm"),
    state: reportTaskState(first),
    reason: first.reason,
    againSearch: againSearch(first),
  };
  if (base.state !== "success" || !type || !first.result) return { ...base, report: null };
  const total = first.result.total;
  const pages = pageCount(total, REPORT_PAGE_SIZE);
  const page = Math.min(asked, pages);
  const skip = (page - 1) * REPORT_PAGE_SIZE;
  const tableRows: ReportRow[] =
    Math.min(skip + REPORT_PAGE_SIZE, total) <= first.result.rows.length
      ? first.result.rows.slice(skip, skip + REPORT_PAGE_SIZE)
      : ((await taskOr404(user, taskId, { limit: REPORT_PAGE_SIZE, skip })).result?.rows ?? []);
  const definition = REPORT_DEFINITIONS[type];
  // d3 is loaded by the result page only, not by /reporting's list
  return {
    ...base,
    report: {
      chart: reportChart(type, first.result.rows.slice(0, CHART_ROWS)),
      charted: Math.min(total, CHART_ROWS),
      columns: definition.columns.map((c) => ({
        key: c.key,
        heading: c.heading,
        numeric: c.format !== "text" && c.format !== "month" && c.format !== "date",
      })),
      rows: tableRows.map((row) => definition.columns.map((c) => formatReportCell(row, c))),
      total,
      page,
      pages,
    },
  };
}
