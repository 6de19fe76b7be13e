import type { PortalUser } from "~/auth/require-user.server";
import { reportFilterLines } from "~/domain/report-filters";
import { FILTER_OPTIONS_CACHE_MS, TtlCache, tokenKey } from "~/upstream/cache.server";
import { listReportDepartments, listReportEmployees, type UpstreamReportTask } from "~/upstream/reports.server";

// The departments and employees a report can be limited to (issue 19): the report form's choices (searchable when
// there are many), and the names a task's filters are said in on /reporting, a report's page and its Excel file.

export type Choices = {
  departments: Map<string, string>;
  employees: Map<string, string>;
};
type Option = { value: string; label: string };

type ReportChoices = Choices & { departmentOptions: Option[]; employeeOptions: Option[] };
type TaskFilters = ReadonlyArray<Pick<UpstreamReportTask, "params">>;
type TasksToName = TaskFilters | Promise<TaskFilters>;

// the form's lists and the tasks' filters in words: every report page, and each 2 s poll while a report runs, reads them
const choicesCache = new TtlCache<ReportChoices>({ ttlMs: FILTER_OPTIONS_CACHE_MS, max: 1_000 });

/** The departments and employees a report can be limited to, as choices and as names by id, asked afresh. */
async function fetchReportChoices(user: PortalUser): Promise<ReportChoices> {
  const [departments, employees] = await Promise.all([
    listReportDepartments(user.upstream),
    listReportEmployees(user.upstream),
  ]);
  const departmentOptions = departments
    .map((d) => ({ value: d.internalId, label: d.name }))
    .sort((a, b) => a.label.localeCompare(b.label, "en-GB"));
  const employeeOptions = employees
    .map((c) => {
      const name = `${c.firstName} ${c.lastName}`.trim() || `Contact ${c.internalId}`;
      return {
        value: c.internalId,
        label: c.employeeRef ? `${name} (${c.employeeRef})` : name,
      };
    })
    .sort((a, b) => a.label.localeCompare(b.label, "en-GB"));
  return {
    departments: new Map(departmentOptions.map((o) => [o.value, o.label])),
    employees: new Map(employeeOptions.map((o) => [o.value, o.label])),
    departmentOptions,
    employeeOptions,
  };
}

/**
 * The departments and employees a report can be limited to, kept per token and business unit for
 * FILTER_OPTIONS_CACHE_MS (decision 044), so the pages' polls while a report runs ask only for the tasks. The provider
 * lists them per caller (without viewAllOrders, only the wearers they ordered for). A new department or wearer shows in
 * the form within the minute. `tasks` whose filters name an id the kept lists lack are read afresh, so a task's filters
 * are always named.
 */
export async function reportChoices(user: PortalUser, tasksToName: TasksToName = []): Promise<ReportChoices> {
  const token = user.upstream.token;
  if (!token) return fetchReportChoices(user);
  const key = `${tokenKey(token)}:${user.session.selectedCustomer?.internalId ?? ""}`;
  // the tasks (usually asked for alongside) are awaited together with the kept lists
  const [kept, tasks] = await Promise.all([choicesCache.get(key, () => fetchReportChoices(user)), tasksToName]);
  const unnamed = tasks.some(
    (t) =>
      t.params.departments.some((d) => !kept.departments.has(d)) ||
      t.params.employees.some((e) => !kept.employees.has(e)),
  );
  return unnamed ? choicesCache.put(key, fetchReportChoices(user)) : kept;
}

/** A task's filters in words (dates as SPEC §5 shows them, departments and employees by name). */
export const filtersInWords = (type: string, params: UpstreamReportTask["params"], choices: Choices) =>
  reportFilterLines(type, params, choices);

/** More employees than this to choose from: the form offers a search among them (issue 34 item 7). */
export const EMPLOYEE_SEARCH_FROM = 10;
/** The query field the employee search sends (with the form's other fields, so nothing typed is lost). */
export const EMPLOYEE_SEARCH_FIELD = "employeeSearch";
const EMPLOYEE_SEARCH_MAX = 100;

/**
 * The employees the form lists: every one, or when there are more than EMPLOYEE_SEARCH_FROM and a search was typed,
 * those whose name or reference holds it (any case) and those already ticked, so a ticked employee is never dropped.
 */
export function employeesListed(options: readonly Option[], searched: string, ticked: readonly string[]) {
  if (options.length <= EMPLOYEE_SEARCH_FROM) return { options: [...options], search: null };
  const text = searched.trim().slice(0, EMPLOYEE_SEARCH_MAX);
  const needle = text.toLocaleLowerCase("en-GB");
  const shown = needle
    ? options.filter((o) => o.label.toLocaleLowerCase("en-GB").includes(needle) || ticked.includes(o.value))
    : [...options];
  return { options: shown, search: { text, total: options.length } };
}
