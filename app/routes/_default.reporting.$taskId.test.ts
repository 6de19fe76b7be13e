import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { get, locationOf, post, settle, toastOf } from "../../tests/mocks/requests";
import { useRouteTest } from "../../tests/mocks/route";
import { reportingSetUp, reportTask, spendByMonthRows } from "../../tests/mocks/upstream/reports";
import { action, loader } from "./_default.reporting.$taskId";
import { loader as csvLoader } from "./_default.reporting.$taskId_.export[.csv]";
import { loader as xlsxLoader } from "./_default.reporting.$taskId_.export[.xlsx]";

// /reporting/{taskId} and its two downloads (issue 19 items 2, 4 and 5; decision 124): the chart drawn on the server,
// the table 50 a page, still running, failed with Run again, unknown → 404; the CSV streamed over the provider's pages
// and the Excel file, named with their filters, 409 until the report has finished.
const t = useRouteTest();

const setUp = reportingSetUp(t);

type Data = Awaited<ReturnType<typeof loader>>;
const load = (taskId: string, search = "") =>
  t.run(loader, get(`/reporting/${taskId}${search}`, t.cookie()), { taskId });
const download = (kind: "csv" | "xlsx", taskId: string) =>
  settle(() =>
    (kind === "csv" ? csvLoader : xlsxLoader)({
      request: get(`/reporting/${taskId}/export.${kind}`, t.cookie()),
      params: { taskId },
      context: testLoadContext(),
    }),
  ) as Promise<Response>;

/** 130 products, so the table has three pages and the CSV more than one provider page of 1000 is not needed. */
const products = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    itemId: String(20000 + i),
    code: i === 0 ? '=HYPERLINK("x")' : `P-${i}`,
    name: `Product ${i}`,
    quantity: n - i,
    amount: (n - i) * 2.5,
  }));

describe("/reporting/{taskId}: a finished report", () => {
  it("title, filters in words, the chart as plain data with a title and description, the table's first 50 rows", async () => {
    const reports = setUp([
      reportTask({
        taskId: "12",
        params: { from: "2025-12-01", to: "2026-11-23", departments: ["302"], employees: ["5102"] },
      }),
    ]);
    const data = (await load("12")) as Data;
    expect(data.title).toBe("Spend by month");
    expect(data.filters).toEqual([
      "Orders placed 01.12.25 to 23.11.26",
      "Departments: Maternity",
      "Employees: Ana Wearer (NW-0001)",
    ]);
    expect(data.state).toBe("success");
    expect(data.againSearch).toBe("type=spend-by-month&from=2025-12-01&to=2026-11-23&departments=302&employees=5102");
    const report = data.report!;
    expect(report.chart).toMatchObject({ kind: "line" });
    expect(report.chart!.title.length).toBeGreaterThan(0);
    expect(report.chart!.description.length).toBeGreaterThan(0);
    expect(report.chart!.path).toMatch(/^M/);
    expect(report.columns.map((c) => c.key)).toEqual(["month", "orders", "subTotal"]);
    expect(report.rows).toHaveLength(12);
    expect(report.rows[1]).toEqual(["Jan 2026", "2", "£246.90"]);
    expect([report.total, report.page, report.pages]).toEqual([12, 1, 1]);
    // one call: the chart's rows and the first page together
    expect(reports.queries.map((q) => Object.fromEntries(q))).toEqual([{ $limit: "100", $skip: "0" }]);
  });

  it("pages the table 50 a page with ?page (the chart keeps the first 100 rows)", async () => {
    const reports = setUp([reportTask({ taskId: "15", type: "top-products", rows: products(130) })]);
    const data = (await load("15", "?page=3")) as Data;
    const report = data.report!;
    expect([report.total, report.page, report.pages, report.charted]).toEqual([130, 3, 3, 100]);
    expect(report.rows).toHaveLength(30);
    expect(report.rows[0][0]).toBe("P-100");
    expect(report.chart!.kind).toBe("bar");
    expect(reports.queries.map((q) => Object.fromEntries(q))).toEqual([
      { $limit: "100", $skip: "0" },
      { $limit: "50", $skip: "100" },
    ]);
  });

  it("a page past the end is the last page", async () => {
    setUp([reportTask({ taskId: "15", type: "top-products", rows: products(130) })]);
    const report = ((await load("15", "?page=99")) as Data).report!;
    expect([report.page, report.rows.length]).toEqual([3, 30]);
  });

  it("no rows: no chart, the table empty", async () => {
    setUp([reportTask({ taskId: "16", type: "orders-by-status", rows: [] })]);
    const report = ((await load("16")) as Data).report!;
    expect([report.chart, report.total, report.rows]).toEqual([null, 0, []]);
  });
});

describe("/reporting/{taskId}: not finished", () => {
  it.each(["pending", "running"] as const)("%s: still running (the page refreshes), no report", async (status) => {
    setUp([reportTask({ taskId: "14", status })]);
    const data = (await load("14")) as Data;
    expect([data.state, data.report]).toEqual(["pending", null]);
  });

  it("failed: its reason; Run again posts PATCH retry and comes back with a toast", async () => {
    const reports = setUp([reportTask({ taskId: "13", type: "top-products", status: "failed" })]);
    const data = (await load("13")) as Data;
    expect([data.state, data.reason, data.report]).toEqual(["failed", "The report took longer than 60 seconds", null]);
    const result = await t.run(action, post("/reporting/13", { intent: "retry", taskId: "13" }, t.cookie()), {
      taskId: "13",
    });
    expect(reports.patches).toEqual([{ taskId: "13", body: { retry: true } }]);
    expect(locationOf(result)).toBe("/reporting/13");
    expect(await toastOf(result)).toEqual({ kind: "success", message: "The report is being run again" });
  });

  it.each([
    ["an unknown task", "404"],
    ["another user's task (the provider answers 404)", "77"],
    ["an id that is not one", "abc"],
  ])("%s: the 404 page", async (_label, taskId) => {
    setUp([reportTask({ taskId: "12" })]);
    const result = await load(taskId);
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).status).toBe(404);
  });

  it("without viewReporting: sent home", async () => {
    setUp([reportTask({ taskId: "12" })], { permissions: ["canViewFullCatalogue"] });
    expect(locationOf(await load("12"))).toBe("/");
    expect(locationOf(await download("csv", "12"))).toBe("/");
  });
});

describe("/reporting/{taskId}/export.csv and export.xlsx (issue 19 item 5)", () => {
  it("CSV: an attachment named with the filters, the header and every row, streamed over the provider's pages of 1000", async () => {
    const rows = products(2300);
    const reports = setUp([
      reportTask({
        taskId: "15",
        type: "top-products",
        rows,
        params: { from: "2026-01-01", to: "2026-06-30", departments: ["301", "302"], employees: [] },
      }),
    ]);
    const response = await download("csv", "15");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="top-products_2026-01-01_to_2026-06-30_departments-301-302.csv"',
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = (await response.text()).replace(/^\uFEFF/, "");
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2301);
    // the formula-looking code is neutralised (D19's one neutralising function)
    expect(lines[1]).not.toMatch(/^"?=/);
    expect(lines[1]).toContain("HYPERLINK");
    expect(lines[2300]).toContain("P-2299");
    expect(reports.queries.map((q) => Object.fromEntries(q))).toEqual([
      { $limit: "1000", $skip: "0" },
      { $limit: "1000", $skip: "1000" },
      { $limit: "1000", $skip: "2000" },
    ]);
  });

  it("Excel: an attachment named with the filters that exceljs reads back, the title and rows in it", async () => {
    setUp([reportTask({ taskId: "12", rows: spendByMonthRows() })]);
    const response = await download("xlsx", "12");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(response.headers.get("Content-Disposition")).toBe(
      'attachment; filename="spend-by-month_2025-12-01_to_2026-11-23.xlsx"',
    );
    const bytes = await response.arrayBuffer();
    expect(Number(response.headers.get("Content-Length"))).toBe(bytes.byteLength);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes);
    const sheet = book.worksheets[0];
    const values: unknown[] = [];
    sheet.eachRow((row) => values.push(...(row.values as unknown[])));
    expect(values).toContain("Spend by month");
    expect(values).toContain(246.9);
  });

  it.each(["csv", "xlsx"] as const)("%s of a report not finished: 409 in words; unknown: 404", async (kind) => {
    setUp([reportTask({ taskId: "14", status: "pending" }), reportTask({ taskId: "13", status: "failed" })]);
    for (const id of ["14", "13"]) {
      const response = await download(kind, id);
      expect(response.status).toBe(409);
      expect(await response.text()).toBe("The report has not finished, so it cannot be downloaded yet.");
    }
    expect((await download(kind, "999")).status).toBe(404);
    expect((await download(kind, "x1")).status).toBe(404);
  });
});
