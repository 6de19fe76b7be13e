import { TOO_MANY_REPORT_TASKS } from "~/domain/report-tasks";
import { REPORT_TYPES } from "~/domain/reports";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { setUpstreamCachingForTests } from "~/upstream/cache.server";
import { get, locationOf, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import {
  REPORT_DEPARTMENTS,
  REPORT_EMPLOYEES,
  REPORTER,
  reportChoiceHandlers,
  reportHandlers,
  reportingSetUp,
  reportTask,
} from "../../tests/mocks/upstream/reports";
import { action, loader } from "./_default.reporting._index";

// /reporting (issue 19 items 1 and 2, decision 124): the GET-able form, the task list from GET /api/report, the post
// that creates a task (POST /api/report) with its field errors, and Run again (PATCH retry).
const t = useRouteTest();

// the loader reads "today" from the clock; the form's default range is the 12 months ending today
const today = () => new Date().toISOString().slice(0, 10);

const setUp = reportingSetUp(t);

type Data = Awaited<ReturnType<typeof loader>>;
const load = (search = "") => t.run(loader, get(`/reporting${search}`, t.cookie()));

/** A post with repeated fields (departments, employees), as the form sends them. */
function postForm(entries: Array<[string, string]>): Request {
  return new Request("http://portal.test/reporting?index", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://portal.test", Cookie: t.cookie() },
    body: new URLSearchParams(entries),
  });
}
const send = (entries: Array<[string, string]>) =>
  settle(() => action({ request: postForm(entries), params: {}, context: testLoadContext() }));

type Refused = {
  init: ResponseInit;
  data: { ok: false; fieldErrors: Record<string, string>; formError: string | null; values: Record<string, unknown> };
};

const SPEND: Array<[string, string]> = [
  ["intent", "create"],
  ["type", "spend-by-month"],
  ["from", "2026-01-01"],
  ["to", "2026-06-30"],
];

describe("/reporting: who may open it", () => {
  it("a user without viewReporting is sent home, told why, and nothing is asked of the provider", async () => {
    const reports = setUp([], { permissions: ["canViewFullCatalogue"] });
    const result = await load();
    expect(locationOf(result)).toBe("/");
    expect(await toastOf(result)).toEqual({ kind: "error", message: "Your account cannot open reporting." });
    expect(reports.queries).toEqual([]);
  });

  it("a post without viewReporting is refused, nothing created", async () => {
    const reports = setUp([], { permissions: ["canViewFullCatalogue"] });
    const result = await send(SPEND);
    // SPEC §5's path row: sent home like a page load
    expect(locationOf(result)).toBe("/");
    expect(reports.bodies).toEqual([]);
  });
});

describe("/reporting: the form (issue 19 item 1)", () => {
  it("offers the seven report types with their descriptions, the departments and employees by name, the last 12 months", async () => {
    setUp();
    const data = (await load()) as Data;
    // the seven in the contract's order: domain/reports.test.ts pins REPORT_TYPES to the contract's list
    expect(data.types.map((t) => t.value)).toEqual([...REPORT_TYPES]);
    expect(data.types).toHaveLength(7);
    for (const t of data.types) expect(t.description.length).toBeGreaterThan(10);
    expect(data.departments).toEqual([
      { value: "301", label: "Estates" },
      { value: "302", label: "Maternity" },
    ]);
    expect(data.employees).toEqual([
      { value: "5102", label: "Ana Wearer (NW-0001)" },
      { value: "5103", label: "Ben Porter" },
    ]);
    expect(data.values).toMatchObject({ type: "", to: today(), departments: [], employees: [] });
    expect(data.values.from).toMatch(/^\d{4}-\d{2}-01$/);
    expect(data.errors).toEqual({});
  });

  it("is GET-able: a link with filters pre-fills the form", async () => {
    setUp();
    const data = (await load(
      "?type=top-products&from=2026-01-01&to=2026-03-31&departments=301&employees=5103&employees=5102",
    )) as Data;
    expect(data.values).toEqual({
      type: "top-products",
      from: "2026-01-01",
      to: "2026-03-31",
      departments: ["301"],
      employees: ["5103", "5102"],
    });
    expect(data.errors).toEqual({});
  });

  it("a link with a bad date shows what it says and its message", async () => {
    setUp();
    const data = (await load("?type=spend-by-month&from=2026-02-30&to=2026-03-31")) as Data;
    expect(data.values).toMatchObject({ type: "spend-by-month", from: "2026-02-30", to: "2026-03-31" });
    expect(data.errors).toEqual({ from: "Enter a date as YYYY-MM-DD" });
  });
});

describe("/reporting: the employee search (issue 34 item 7)", () => {
  // twelve wearers: past EMPLOYEE_SEARCH_FROM, so the form offers the search
  const MANY = Array.from({ length: 12 }, (_, i) => ({
    internalId: String(6001 + i),
    firstName: ["Ana", "Ben", "Cara", "Dev"][i % 4]!,
    lastName: `Smith${i}`,
    employeeRef: i === 7 ? "NW-0777" : null,
  }));

  it("ten employees or fewer: all listed, no search offered", async () => {
    setUp();
    const data = (await load()) as Data;
    expect(data.employees).toHaveLength(REPORT_EMPLOYEES.length);
    expect(data.employeeSearch).toBeNull();
  });

  it("more than ten: the search is offered, and a search with the form's fields narrows the list, keeping them", async () => {
    setUp([], { employees: MANY });
    const all = (await load()) as Data;
    expect(all.employees).toHaveLength(12);
    expect(all.employeeSearch).toEqual({ text: "", total: 12 });
    const found = (await load(
      "?intent=create&type=top-products&from=2026-01-01&to=2026-03-31&employees=6002&employeeSearch=+cara+",
    )) as Data;
    // Cara Smith2, Cara Smith6, Cara Smith10, and Ben Smith1 (6002) because it is ticked
    expect(found.employees.map((e) => e.label)).toEqual(["Ben Smith1", "Cara Smith10", "Cara Smith2", "Cara Smith6"]);
    expect(found.employeeSearch).toEqual({ text: "cara", total: 12 });
    expect(found.values).toMatchObject({
      type: "top-products",
      from: "2026-01-01",
      to: "2026-03-31",
      employees: ["6002"],
    });
    expect(found.errors).toEqual({});
  });

  it("finds by reference too, in any case; a search that finds none lists only the ticked ones", async () => {
    setUp([], { employees: MANY });
    const byRef = (await load("?from=2026-01-01&to=2026-03-31&employeeSearch=nw-0777")) as Data;
    expect(byRef.employees.map((e) => e.label)).toEqual(["Dev Smith7 (NW-0777)"]);
    const none = (await load("?from=2026-01-01&to=2026-03-31&employeeSearch=zzz")) as Data;
    expect(none.employees).toEqual([]);
  });

  it("a search longer than 100 characters is cut, not refused", async () => {
    setUp([], { employees: MANY });
    const data = (await load(`?from=2026-01-01&to=2026-03-31&employeeSearch=${"a".repeat(300)}`)) as Data;
    expect(data.employeeSearch?.text).toHaveLength(100);
    expect(data.employees).toEqual([]);
  });
});

describe("/reporting: the tasks (issue 19 item 2)", () => {
  it("lists the caller's tasks newest first: label, filters in words, asked at, state", async () => {
    setUp([
      reportTask({
        taskId: "12",
        status: "success",
        params: { from: "2025-12-01", to: "2026-11-23", departments: ["301"], employees: [] },
      }),
      reportTask({ taskId: "13", type: "top-products", status: "failed" }),
    ]);
    const data = (await load()) as Data;
    expect(data.tasks.map((t) => [t.taskId, t.label, t.state, t.reason])).toEqual([
      ["13", "Top products", "failed", "The report took longer than 60 seconds"],
      ["12", "Spend by month", "success", null],
    ]);
    expect(data.tasks[1].filters).toEqual(["Orders placed 01.12.25 to 23.11.26", "Departments: Estates"]);
    expect(data.tasks[1].askedAt).toMatch(/^23\.11\.26 \d\d:\d\d$/);
    expect(data.pending).toBe(false);
  });

  it.each(["pending", "running"] as const)(
    "a %s task is Running… and the page says it is waiting (Refresh, polling)",
    async (status) => {
      setUp([reportTask({ taskId: "14", status })]);
      const data = (await load()) as Data;
      expect(data.tasks[0].state).toBe("pending");
      expect(data.pending).toBe(true);
    },
  );

  it("no tasks: an empty list, nothing pending", async () => {
    setUp();
    const data = (await load()) as Data;
    expect([data.tasks, data.pending]).toEqual([[], false]);
  });
});

describe("/reporting: asking for a report", () => {
  it("sends exactly the POST /api/report body, then 303 back to /reporting with the filters in the address and a toast", async () => {
    const reports = setUp([reportTask({ taskId: "12", status: "success" })]);
    const result = await send([...SPEND, ["departments", "302"], ["departments", "301"], ["employees", "5102"]]);
    expect(reports.bodies).toEqual([
      {
        type: "spend-by-month",
        from: "2026-01-01",
        to: "2026-06-30",
        departments: ["302", "301"],
        employees: ["5102"],
      },
    ]);
    expect((result as Response).status).toBe(303);
    expect(locationOf(result)).toBe(
      "/reporting?type=spend-by-month&from=2026-01-01&to=2026-06-30&departments=302&departments=301&employees=5102",
    );
    expect(await toastOf(result)).toEqual({ kind: "success", message: "Report requested: it is being prepared" });
    // the provider cleared the earlier success; the new task is pending
    expect(reports.tasks.map((t) => [t.taskId, t.status])).toEqual([["100", "pending"]]);
  });

  it("dates left out: the last 12 months", async () => {
    const reports = setUp();
    await send([
      ["intent", "create"],
      ["type", "orders-by-status"],
    ]);
    expect(reports.bodies[0]).toMatchObject({ type: "orders-by-status", to: today() });
  });

  it.each([
    ["an unknown report type", [["type", "profit-and-loss"]], { type: "Choose a report type" }],
    ["no report type", [["type", ""]], { type: "Choose a report type" }],
    ["a malformed start date", [["from", "01/02/2026"]], { from: "Enter a date as YYYY-MM-DD" }],
    ["a day that does not exist", [["to", "2026-02-29"]], { to: "Enter a date as YYYY-MM-DD" }],
    ["reversed dates", [["from", "2026-07-01"]], { from: "The start date must be on or before the end date" }],
    ["more than 24 months", [["from", "2024-06-30"]], { to: "A report can cover at most 24 months" }],
    ["a department that is not an id", [["departments", "Estates"]], { departments: "Unknown department: Estates" }],
  ] as Array<[string, Array<[string, string]>, Record<string, string>]>)(
    "%s: 400, its message under the field, nothing sent",
    async (_label, change, errors) => {
      const reports = setUp();
      const form = new Map(SPEND);
      for (const [k, v] of change) form.set(k, v);
      const result = (await send([...form])) as Refused;
      expect(result.init.status).toBe(400);
      expect(result.data.fieldErrors).toEqual(errors);
      expect(result.data.values).toMatchObject(
        Object.fromEntries(change.map(([k, v]) => [k, k === "departments" ? [v] : v])),
      );
      expect(reports.bodies).toEqual([]);
    },
  );

  it("the provider refuses several fields at once: each message under its field", async () => {
    const reports = setUp();
    const result = (await send([...SPEND, ["departments", "999"], ["employees", "7777"]])) as Refused;
    expect(reports.bodies).toHaveLength(1);
    expect(result.init.status).toBe(400);
    expect(result.data.fieldErrors).toEqual({
      departments: "Unknown department: 999",
      employees: "Unknown employee: 7777",
    });
    expect(result.data.formError).toBeNull();
  });

  it.each([
    ["another customer's department", ["departments", "999"], { departments: "Unknown department: 999" }],
    ["another customer's employee", ["employees", "7777"], { employees: "Unknown employee: 7777" }],
  ] as Array<[string, [string, string], Record<string, string>]>)(
    "the provider refuses %s: 400, its message under the field, values kept",
    async (_label, extra, errors) => {
      const reports = setUp();
      const result = (await send([...SPEND, extra])) as Refused;
      expect(reports.bodies).toHaveLength(1);
      expect(result.init.status).toBe(400);
      expect(result.data.fieldErrors).toEqual(errors);
      expect(result.data.formError).toBeNull();
      expect(result.data.values).toMatchObject({ type: "spend-by-month", from: "2026-01-01", to: "2026-06-30" });
      expect(reports.tasks).toEqual([]);
    },
  );

  it("a refusal naming no field: its message above the form, with its status", async () => {
    setUp([], { createStatus: 403 });
    const result = (await send(SPEND)) as Refused;
    expect(result.init.status).toBe(403);
    expect(result.data).toMatchObject({ fieldErrors: {}, formError: "You do not have permission to run reports" });
  });
});

describe("/reporting: at most five reports waiting (decision 151)", () => {
  const five = () => Array.from({ length: 5 }, (_, i) => reportTask({ taskId: String(20 + i), status: "pending" }));

  it("a sixth report: the provider's 429 and its message above the form, the filters kept", async () => {
    const reports = setUp(five());
    const result = (await send(SPEND)) as Refused;
    expect(reports.bodies).toHaveLength(1);
    expect(result.init.status).toBe(429);
    expect(result.data).toMatchObject({ fieldErrors: {}, formError: TOO_MANY_REPORT_TASKS });
    expect(result.data.formError).toBe(
      "You already have 5 reports waiting or running. Please wait for one to finish before asking for another.",
    );
    expect(result.data.values).toMatchObject({ type: "spend-by-month", from: "2026-01-01", to: "2026-06-30" });
    expect(reports.tasks).toHaveLength(5);
  });

  it("Run again while five wait: the provider's message as an error toast, the task still failed", async () => {
    const reports = setUp([...five(), reportTask({ taskId: "13", status: "failed" })]);
    const result = await send([
      ["intent", "retry"],
      ["taskId", "13"],
    ]);
    expect(locationOf(result)).toBe("/reporting");
    expect(await toastOf(result)).toEqual({ kind: "error", message: TOO_MANY_REPORT_TASKS });
    expect(reports.tasks.find((t) => t.taskId === "13")?.status).toBe("failed");
  });
});

describe("/reporting: Run again", () => {
  it("a failed task: PATCH {retry: true}, back to /reporting with a toast; the task is pending again", async () => {
    const reports = setUp([reportTask({ taskId: "13", status: "failed" })]);
    const result = await send([
      ["intent", "retry"],
      ["taskId", "13"],
    ]);
    expect(reports.patches).toEqual([{ taskId: "13", body: { retry: true } }]);
    expect(locationOf(result)).toBe("/reporting");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "The report is being run again" });
    expect(reports.tasks[0]).toMatchObject({ status: "pending", reason: null });
  });

  it("a task that has not failed: the provider's 409 reason as an error toast", async () => {
    setUp([reportTask({ taskId: "12", status: "success" })]);
    const result = await send([
      ["intent", "retry"],
      ["taskId", "12"],
    ]);
    expect(locationOf(result)).toBe("/reporting");
    expect(await toastOf(result)).toEqual({ kind: "error", message: "Only a failed report can be run again" });
  });

  it.each([
    ["an unknown task", "404", "That report no longer exists."],
    ["an id that is not one", "abc", "Choose a report to run again."],
  ])("%s: an error toast", async (_label, taskId, message) => {
    const reports = setUp();
    const result = await send([
      ["intent", "retry"],
      ["taskId", taskId],
    ]);
    expect(await toastOf(result)).toEqual({ kind: "error", message });
    expect(reports.patches.length).toBe(taskId === "abc" ? 0 : 1);
  });

  it("an unknown intent: 400, nothing sent", async () => {
    const reports = setUp();
    const result = (await send([["intent", "bogus"]])) as Refused;
    expect(result.init.status).toBe(400);
    expect(result.data.formError).toBe("The form could not be read.");
    expect([reports.bodies, reports.patches]).toEqual([[], []]);
  });
});

describe("/reporting: the departments and employees are kept for a minute (decision 044), so a poll asks for the tasks only", () => {
  beforeEach(() => setUpstreamCachingForTests(true));
  afterEach(() => setUpstreamCachingForTests(false));

  it("the page asks for both lists once; its polls while a report runs ask only for the tasks", async () => {
    const calls: string[] = [];
    const reports = reportHandlers([reportTask({ status: "pending" })]);
    t.signIn({ permissions: REPORTER }, ...reports.handlers, ...reportChoiceHandlers(calls));
    expect(((await load()) as Data).pending).toBe(true);
    expect(((await load("?index")) as Data).pending).toBe(true);
    expect(((await load("?index")) as Data).departments).toEqual([
      { value: "301", label: "Estates" },
      { value: "302", label: "Maternity" },
    ]);
    expect(calls.sort()).toEqual(["contact", "department"]);
  });

  it("a task naming a department the kept lists lack reads them afresh, so its filters are named", async () => {
    const calls: string[] = [];
    const reports = reportHandlers([reportTask()]);
    t.signIn({ permissions: REPORTER }, ...reports.handlers, ...reportChoiceHandlers(calls));
    await load();
    expect(calls).toHaveLength(2);
    // a department added since, and a task limited to it
    const added = [...REPORT_DEPARTMENTS, { internalId: "303", name: "Theatres" }];
    const later = reportHandlers([
      reportTask({ params: { from: "2025-12-01", to: "2026-11-23", departments: ["303"], employees: [] } }),
    ]);
    t.server.use(...later.handlers, ...reportChoiceHandlers(calls, added));
    const data = (await load()) as Data;
    expect(calls).toHaveLength(4);
    expect(data.tasks[0].filters.join(" ")).toContain("Theatres");
  });
});
