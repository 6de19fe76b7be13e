import { describe, expect, it } from "vitest";
import {
  defaultReportRange,
  parseReportDay,
  readReportFilters,
  reportFileName,
  reportFilterLines,
  reportFilterParams,
} from "./report-filters";

const TODAY = new Date(2026, 10, 23, 15, 30);

function read(query: string) {
  return readReportFilters(new URLSearchParams(query), TODAY);
}

describe("report filters", () => {
  it("the default range is the 12 months ending today", () => {
    expect(defaultReportRange(TODAY)).toEqual({ from: "2025-12-01", to: "2026-11-23" });
    expect(defaultReportRange(new Date(2026, 0, 31))).toEqual({ from: "2025-02-01", to: "2026-01-31" });
  });

  it("missing dates take the default range", () => {
    expect(read("type=spend-by-month")).toEqual({
      ok: true,
      filters: { type: "spend-by-month", from: "2025-12-01", to: "2026-11-23", departments: [], employees: [] },
    });
    expect(read("type=spend-by-month&from=2026-06-01&to=")).toMatchObject({
      ok: true,
      filters: { from: "2026-06-01", to: "2026-11-23" },
    });
  });

  it("reads repeated departments and employees, each once", () => {
    expect(
      read("type=top-products&from=2026-01-01&to=2026-01-31&departments=3&departments=5&departments=3&employees=12"),
    ).toEqual({
      ok: true,
      filters: {
        type: "top-products",
        from: "2026-01-01",
        to: "2026-01-31",
        departments: ["3", "5"],
        employees: ["12"],
      },
    });
  });

  it("reads a posted form too", () => {
    const form = new FormData();
    form.set("type", "allowance-usage");
    form.append("employees", "7");
    expect(readReportFilters(form, TODAY)).toMatchObject({
      ok: true,
      filters: { type: "allowance-usage", employees: ["7"] },
    });
  });

  it.each([
    ["", { type: "Choose a report type" }],
    ["type=sales", { type: "Choose a report type" }],
    ["type=spend-by-month&from=2026-02-30", { from: "Enter a date as YYYY-MM-DD" }],
    ["type=spend-by-month&from=01.02.26", { from: "Enter a date as YYYY-MM-DD" }],
    ["type=spend-by-month&to=2026-1-5", { to: "Enter a date as YYYY-MM-DD" }],
    [
      "type=spend-by-month&from=2026-13-01&to=soon",
      { from: "Enter a date as YYYY-MM-DD", to: "Enter a date as YYYY-MM-DD" },
    ],
    ["type=spend-by-month&from=2026-05-02&to=2026-05-01", { from: "The start date must be on or before the end date" }],
    ["type=spend-by-month&from=2024-11-23&to=2026-11-23", { to: "A report can cover at most 24 months" }],
    ["type=spend-by-month&departments=3&departments=abc", { departments: "Unknown department: abc" }],
    ["type=spend-by-month&employees=-1", { employees: "Unknown employee: -1" }],
  ])("%j → %o", (query, errors) => {
    const answer = read(query);
    expect(answer.ok).toBe(false);
    if (!answer.ok) expect(answer.errors).toEqual(errors);
  });

  it("24 months less a day is allowed; one day is allowed", () => {
    expect(read("type=spend-by-month&from=2024-11-24&to=2026-11-23").ok).toBe(true);
    expect(read("type=spend-by-month&from=2026-05-01&to=2026-05-01").ok).toBe(true);
    expect(read("type=spend-by-month&from=2024-02-29&to=2026-02-27").ok).toBe(true);
  });

  it("a refused form hands back what was typed", () => {
    const answer = read("type=spend-by-month&from=2026-05-02&to=2026-05-01&departments=3&departments=x");
    expect(answer).toMatchObject({
      ok: false,
      values: { type: "spend-by-month", from: "2026-05-02", to: "2026-05-01", departments: ["3", "x"], employees: [] },
    });
  });

  it("parses only real days written YYYY-MM-DD", () => {
    expect(parseReportDay("2024-02-29")).toEqual(new Date(2024, 1, 29));
    expect(parseReportDay("2025-02-29")).toBeNull();
    expect(parseReportDay("2025-2-9")).toBeNull();
    expect(parseReportDay("20250209")).toBeNull();
  });

  it("filters back to GET parameters", () => {
    const params = reportFilterParams({
      type: "top-products",
      from: "2026-01-01",
      to: "2026-01-31",
      departments: ["3", "5"],
      employees: [],
    });
    expect(params.toString()).toBe("type=top-products&from=2026-01-01&to=2026-01-31&departments=3&departments=5");
    expect(read(params.toString())).toMatchObject({ ok: true, filters: { departments: ["3", "5"] } });
  });

  it("filters in words", () => {
    const names = { departments: new Map([["3", "Estates"]]) };
    expect(
      reportFilterLines(
        "spend-by-month",
        { from: "2025-12-01", to: "2026-11-30", departments: ["3", "9"], employees: [] },
        names,
      ),
    ).toEqual(["Orders placed 01.12.25 to 30.11.26", "Departments: Estates, #9"]);
    expect(reportFilterLines("allowance-usage", { from: "2025-12-01", to: "2026-11-30" })).toEqual([
      "All departments and employees",
    ]);
  });
});

describe("report file names", () => {
  const params = { from: "2025-12-01", to: "2026-11-30", departments: [] as string[], employees: [] as string[] };

  it("carries the filters", () => {
    expect(reportFileName({ type: "spend-by-month", params: { ...params, departments: ["3", "5"] } }, "csv")).toBe(
      "spend-by-month_2025-12-01_to_2026-11-30_departments-3-5.csv",
    );
    expect(reportFileName({ type: "top-products", params: { ...params, employees: ["12"] } }, "xlsx")).toBe(
      "top-products_2025-12-01_to_2026-11-30_employees-12.xlsx",
    );
    expect(reportFileName({ type: "orders-by-status", params }, "csv")).toBe(
      "orders-by-status_2025-12-01_to_2026-11-30.csv",
    );
  });

  it("a report that ignores dates leaves them out", () => {
    expect(reportFileName({ type: "allowance-usage", params: { ...params, employees: ["7"] } }, "csv")).toBe(
      "allowance-usage_employees-7.csv",
    );
  });

  it("many ids are counted, not all listed", () => {
    const departments = ["1", "2", "3", "4", "5", "6", "7"];
    expect(reportFileName({ type: "spend-by-department", params: { ...params, departments } }, "csv")).toBe(
      "spend-by-department_2025-12-01_to_2026-11-30_departments-1-2-3-4-5-and-2-more.csv",
    );
  });

  it("only safe characters", () => {
    const name = reportFileName(
      {
        type: "../x y",
        params: { from: '2026"-01-01', to: "2026-02-01", departments: ["3/../4"], employees: ["a\r\nb"] },
      },
      "csv",
    );
    expect(name).toMatch(/^[A-Za-z0-9_.-]+$/);
    expect(name).toBe("x-y_departments-3-4_employees-a-b.csv");
  });
});
