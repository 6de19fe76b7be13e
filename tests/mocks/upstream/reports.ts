import { http, HttpResponse } from "msw";
import { MAX_WAITING_REPORT_TASKS, TOO_MANY_REPORT_TASKS } from "~/domain/report-tasks";
import type { useRouteTest } from "../route";
import { UPSTREAM } from "./fixtures";

/**
 * The provider's report tasks (issue 19, the contract of docs/upstream-api.md): GET /api/report (the caller's tasks,
 * newest first), POST /api/report (validated as the provider does, 400 with `errors` per field, else 201 a pending
 * task, clearing earlier successes), GET /api/report/:taskId?$limit=&$skip= (a page of a finished task's rows; 404
 * for an unknown task) and PATCH /api/report/:taskId {retry: true} (409 unless failed); both writes are a 429 while five
 * tasks wait or run (decision 151). Every body and query is kept.
 */

export type MockTask = {
  taskId: string;
  type: string;
  status: "pending" | "running" | "success" | "failed";
  success: boolean | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  params: { from: string; to: string; departments: string[]; employees: string[] };
  reason: string | null;
  rowCount: number | null;
  rows?: Array<Record<string, unknown>>;
};

/** A task as the provider answers it; a finished one holds `rows` for its result. */
export function reportTask(overrides: Partial<MockTask> = {}): MockTask {
  const status = overrides.status ?? "success";
  const rows = overrides.rows ?? (status === "success" ? spendByMonthRows() : undefined);
  return {
    taskId: "12",
    type: "spend-by-month",
    status,
    success: status === "success" ? true : status === "failed" ? false : null,
    createdAt: "2026-11-23T09:15:00.000Z",
    startedAt: status === "pending" ? null : "2026-11-23T09:15:01.000Z",
    finishedAt: status === "success" || status === "failed" ? "2026-11-23T09:15:02.000Z" : null,
    params: { from: "2025-12-01", to: "2026-11-23", departments: [], employees: [] },
    reason: status === "failed" ? "The report took longer than 60 seconds" : null,
    rowCount: rows ? rows.length : null,
    ...overrides,
    rows,
  };
}

/** Twelve months of spend, December 2025 to November 2026 (zero months included, as the provider answers). */
export function spendByMonthRows() {
  return Array.from({ length: 12 }, (_, i) => {
    const month = new Date(Date.UTC(2025, 11 + i, 1)).toISOString().slice(0, 7);
    return {
      month,
      orders: i % 3 === 0 ? 0 : i + 1,
      subTotal: i % 3 === 0 ? 0 : Math.round((i + 1) * 123.45 * 100) / 100,
    };
  });
}

export const REPORT_DEPARTMENTS = [
  { internalId: "301", name: "Estates" },
  { internalId: "302", name: "Maternity" },
];
export const REPORT_EMPLOYEES = [
  { internalId: "5102", firstName: "Ana", lastName: "Wearer", employeeRef: "NW-0001" },
  { internalId: "5103", firstName: "Ben", lastName: "Porter", employeeRef: null },
];

const TYPES = [
  "orders-by-status",
  "spend-by-month",
  "top-products",
  "spend-by-department",
  "spend-by-cost-centre",
  "allowance-usage",
  "approval-turnaround",
];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function validate(body: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!TYPES.includes(String(body.type))) errors.type = "Choose a report type";
  const from = String(body.from ?? "");
  const to = String(body.to ?? "");
  if (!DAY.test(from)) errors.from = "Enter a date as YYYY-MM-DD";
  if (!DAY.test(to)) errors.to = "Enter a date as YYYY-MM-DD";
  if (!errors.from && !errors.to) {
    if (from > to) errors.from = "The start date must be on or before the end date";
    else {
      const [y, m, d] = from.split("-").map(Number);
      const limit = new Date(Date.UTC(y + 2, m - 1, d)).toISOString().slice(0, 10);
      if (to >= limit) errors.to = "A report can cover at most 24 months";
    }
  }
  const departments = Array.isArray(body.departments) ? body.departments.map(String) : [];
  const unknownDepartment = departments.find((id) => !REPORT_DEPARTMENTS.some((d) => d.internalId === id));
  if (unknownDepartment) errors.departments = `Unknown department: ${unknownDepartment}`;
  const employees = Array.isArray(body.employees) ? body.employees.map(String) : [];
  const unknownEmployee = employees.find((id) => !REPORT_EMPLOYEES.some((e) => e.internalId === id));
  if (unknownEmployee) errors.employees = `Unknown employee: ${unknownEmployee}`;
  return errors;
}

const answer = (task: MockTask) => {
  const { rows: _rows, ...shown } = task;
  return shown;
};

export function reportHandlers(initial: MockTask[] = [], options: { createStatus?: number } = {}) {
  const tasks = initial.map((t) => ({ ...t }));
  const bodies: Array<Record<string, unknown>> = [];
  const patches: Array<{ taskId: string; body: unknown }> = [];
  const queries: URLSearchParams[] = [];
  let nextId = 100;
  // the provider's limit (decision 151): the sixth task waiting or running is a 429
  const waitingTasks = () => tasks.filter((t) => t.status === "pending" || t.status === "running").length;
  const tooMany = () =>
    HttpResponse.json({ name: "TooManyRequests", message: TOO_MANY_REPORT_TASKS, code: 429 }, { status: 429 });
  const handlers = [
    http.get(`${UPSTREAM}/api/report`, () => {
      const data = [...tasks].sort((a, b) => Number(b.taskId) - Number(a.taskId)).map(answer);
      return HttpResponse.json({ success: true, total: data.length, data });
    }),
    http.post(`${UPSTREAM}/api/report`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (options.createStatus) {
        return HttpResponse.json(
          { name: "Forbidden", message: "You do not have permission to run reports", code: options.createStatus },
          { status: options.createStatus },
        );
      }
      if (waitingTasks() >= MAX_WAITING_REPORT_TASKS) return tooMany();
      const errors = validate(body);
      const [first] = Object.entries(errors);
      // as the provider answers: the first field in the message, every field in `errors`, no data.field
      if (first)
        return HttpResponse.json(
          {
            name: "BadRequest",
            message: `Invalid value at field "${first[0]}": ${first[1]}`,
            code: 400,
            className: "bad-request",
            errors,
          },
          { status: 400 },
        );
      for (let i = tasks.length - 1; i >= 0; i--) if (tasks[i].status === "success") tasks.splice(i, 1);
      const task = reportTask({
        taskId: String(nextId++),
        type: String(body.type),
        status: "pending",
        params: {
          from: String(body.from),
          to: String(body.to),
          departments: body.departments as string[],
          employees: body.employees as string[],
        },
      });
      tasks.push(task);
      return HttpResponse.json({ success: true, task: answer(task) }, { status: 201 });
    }),
    http.get(`${UPSTREAM}/api/report/:taskId`, ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      queries.push(query);
      const task = tasks.find((t) => t.taskId === params.taskId);
      if (!task)
        return HttpResponse.json(
          { name: "NotFound", message: "No report task " + String(params.taskId), code: 404 },
          { status: 404 },
        );
      const limit = Math.min(Number(query.get("$limit") ?? 100), 5000);
      const skip = Number(query.get("$skip") ?? 0);
      const result =
        task.status === "success" && task.rows
          ? { total: task.rows.length, limit, skip, rows: task.rows.slice(skip, skip + limit) }
          : null;
      return HttpResponse.json({ ...answer(task), result });
    }),
    http.patch(`${UPSTREAM}/api/report/:taskId`, async ({ request, params }) => {
      const body = await request.json();
      patches.push({ taskId: String(params.taskId), body });
      const task = tasks.find((t) => t.taskId === params.taskId);
      if (!task) return HttpResponse.json({ name: "NotFound", message: "No report task", code: 404 }, { status: 404 });
      if (task.status !== "failed")
        return HttpResponse.json(
          { name: "Conflict", message: "Only a failed report can be run again", code: 409 },
          { status: 409 },
        );
      if (waitingTasks() >= MAX_WAITING_REPORT_TASKS) return tooMany();
      Object.assign(task, { status: "pending", success: null, reason: null, startedAt: null, finishedAt: null });
      return HttpResponse.json(answer(task));
    }),
  ];
  return { handlers, tasks, bodies, patches, queries };
}

/** The form's choices: GET /api/department (active) and GET /api/contact (the customer's contacts). */
export function reportChoiceHandlers(
  calls: string[] = [],
  departments = REPORT_DEPARTMENTS,
  employees: ReadonlyArray<(typeof REPORT_EMPLOYEES)[number]> = REPORT_EMPLOYEES,
) {
  const list = <T>(data: T[]) => HttpResponse.json({ total: data.length, limit: 10000, skip: 0, data });
  return [
    http.get(`${UPSTREAM}/api/department`, () => {
      calls.push("department");
      return list(departments.map((d) => ({ ...d, isInactive: false })));
    }),
    http.get(`${UPSTREAM}/api/contact`, () => {
      calls.push("contact");
      return list([...employees]);
    }),
  ];
}

/** A user who may run reports. */
export const REPORTER = ["canViewFullCatalogue", "viewOrderHistory", "viewReporting"];

/**
 * The reporting routes' set-up: `setUp(tasks, options)` signs in (a reporter unless `permissions` say otherwise) with
 * the provider's report tasks (creating with `createStatus` if given) and the report choices (its `employees` if
 * given), and gives the report mock back.
 */
export function reportingSetUp(t: Pick<ReturnType<typeof useRouteTest>, "signIn">) {
  return (
    tasks: MockTask[] = [],
    options: { permissions?: string[]; createStatus?: number; employees?: typeof REPORT_EMPLOYEES } = {},
  ) => {
    const reports = reportHandlers(tasks, { createStatus: options.createStatus });
    t.signIn(
      { permissions: options.permissions ?? REPORTER },
      ...reports.handlers,
      ...reportChoiceHandlers([], undefined, options.employees),
    );
    return reports;
  };
}
