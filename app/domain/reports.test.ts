import { describe, expect, it } from "vitest";
import {
  exportReportCell,
  exportReportValue,
  formatReportCell,
  reportCategoryLabel,
  reportLabel,
  REPORT_DEFINITIONS,
  REPORT_TYPES,
  type ReportColumn,
} from "./reports";

const col = (format: ReportColumn["format"], key = "v"): ReportColumn => ({ key, heading: "V", format });

describe("report definitions", () => {
  it("the seven types in the contract's order", () => {
    expect(REPORT_TYPES).toEqual([
      "orders-by-status",
      "spend-by-month",
      "top-products",
      "spend-by-department",
      "spend-by-cost-centre",
      "allowance-usage",
      "approval-turnaround",
    ]);
    expect(Object.keys(REPORT_DEFINITIONS)).toEqual([...REPORT_TYPES]);
  });

  it("spend by month is the one line chart", () => {
    expect(REPORT_TYPES.filter((t) => REPORT_DEFINITIONS[t].chart === "line")).toEqual(["spend-by-month"]);
  });

  it.each(REPORT_TYPES)("%s charts a column it lists, over a column it lists", (type) => {
    const { columns, category, value } = REPORT_DEFINITIONS[type];
    const keys = columns.map((c) => c.key);
    expect(keys).toContain(category);
    expect(keys).toContain(value);
    expect(["count", "money", "hours"]).toContain(columns.find((c) => c.key === value)?.format);
  });

  it("labels", () => {
    expect(REPORT_TYPES.map(reportLabel)).toEqual([
      "Orders by status",
      "Spend by month",
      "Top products",
      "Spend by department",
      "Spend by cost centre",
      "Wearer allowance usage",
      "Approval turnaround",
    ]);
    expect(reportLabel("something-new")).toBe("something-new");
  });

  it("an allowance row's category is the wearer and the allocation type", () => {
    expect(reportCategoryLabel("allowance-usage", { wearer: "Ann Lee", allocationTypeName: "Shirts" })).toBe(
      "Ann Lee · Shirts",
    );
    expect(reportCategoryLabel("spend-by-month", { month: "2026-01" })).toBe("Jan 2026");
  });
});

describe("report cells", () => {
  it.each([
    [col("money"), 1234.5, "£1,234.50"],
    [col("money"), -3, "-£3.00"],
    [col("money"), "12.345", "£12.35"],
    [col("count"), 12345, "12,345"],
    [col("hours"), 3.46, "3.5"],
    [col("hours"), 0, "0.0"],
    [col("month"), "2026-01", "Jan 2026"],
    [col("month"), "odd", "odd"],
    [col("month"), "2026-13", "2026-13"],
    [col("date"), "2026-12-01", "01.12.26"],
    [col("text"), "Pending Fulfillment", "Pending Fulfillment"],
    [col("text"), null, "—"],
    [col("money"), null, "—"],
    [col("count"), undefined, "—"],
    [col("hours"), "", "—"],
  ])("%o %j shows as %j", (column, v, shown) => expect(formatReportCell({ v }, column)).toBe(shown));

  it.each([
    [col("money"), 1234.5, "1234.50", 1234.5],
    [col("money"), -3, "-3.00", -3],
    [col("money"), 0.125, "0.13", 0.13],
    [col("count"), 7, "7", 7],
    [col("hours"), 3.46, "3.5", 3.5],
    [col("month"), "2026-01", "2026-01", "2026-01"],
    [col("date"), "2026-12-01", "2026-12-01", "2026-12-01"],
    [col("text"), "=1+1", "=1+1", "=1+1"],
    [col("text"), null, "", null],
    [col("money"), "not money", "", null],
  ])("%o %j exports as %j", (column, v, cell, value) => {
    expect(exportReportCell({ v }, column)).toBe(cell);
    expect(exportReportValue({ v }, column)).toBe(value);
  });
});
