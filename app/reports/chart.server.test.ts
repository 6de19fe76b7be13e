import { describe, expect, it } from "vitest";
import { BAR_ROW_HEIGHT, reportChart, shortenLabel } from "./chart.server";

const inside = (chart: NonNullable<ReturnType<typeof reportChart>>) => {
  for (const bar of chart.bars ?? []) {
    expect(bar.x).toBeGreaterThanOrEqual(chart.plot.left);
    expect(bar.x + bar.width).toBeLessThanOrEqual(chart.plot.right + 0.1);
    expect(bar.y).toBeGreaterThanOrEqual(chart.plot.top);
    expect(bar.y + bar.height).toBeLessThanOrEqual(chart.plot.bottom + 0.1);
  }
  for (const point of chart.points ?? []) {
    expect(point.x).toBeGreaterThanOrEqual(chart.plot.left);
    expect(point.x).toBeLessThanOrEqual(chart.plot.right);
    expect(point.y).toBeGreaterThanOrEqual(chart.plot.top);
    expect(point.y).toBeLessThanOrEqual(chart.plot.bottom);
  }
  expect(chart.plot.right).toBeLessThanOrEqual(chart.width);
  expect(chart.plot.bottom).toBeLessThan(chart.height);
};

describe("report charts", () => {
  it("no rows, no chart", () => {
    expect(reportChart("spend-by-department", [])).toBeNull();
  });

  it("bars: one per row, lengths proportional to the value, inside the box", () => {
    const chart = reportChart("spend-by-department", [
      { departmentId: "3", department: "Estates", orders: 4, subTotal: 1000 },
      { departmentId: "4", department: "Catering", orders: 2, subTotal: 500 },
      { departmentId: null, department: "No department", orders: 0, subTotal: 0 },
    ])!;
    expect(chart.kind).toBe("bar");
    expect(chart.bars).toHaveLength(3);
    inside(chart);
    const [estates, catering, none] = chart.bars!;
    expect(catering.width / estates.width).toBeCloseTo(0.5, 2);
    expect(none.width).toBe(0);
    expect(estates.x).toBe(chart.zero);
    expect(estates).toMatchObject({ label: "Estates", valueText: "£1,000.00" });
    expect(chart.yTicks.map((t) => t.label)).toEqual(["Estates", "Catering", "No department"]);
    expect(chart.xTicks[0]).toMatchObject({ label: "£0" });
    expect(chart.xTicks.every((t) => t.label.startsWith("£"))).toBe(true);
    expect(chart.height).toBeGreaterThanOrEqual(3 * BAR_ROW_HEIGHT);
  });

  it("title, description and axis labels say what is drawn", () => {
    const chart = reportChart("top-products", [
      { itemId: "1", code: "P1", name: "Hi-vis vest", quantity: 40, amount: 200 },
      { itemId: "2", code: "P2", name: "Fleece", quantity: 10, amount: 300 },
    ])!;
    expect(chart.title).toBe("Top products: quantity by product");
    expect(chart.xLabel).toBe("Quantity");
    expect(chart.yLabel).toBe("Product");
    expect(chart.description).toBe(
      "Bar chart, 2 bars, quantity for each product. Highest: Hi-vis vest, 40. Lowest: Fleece, 10.",
    );
    expect(chart.xTicks.every((t) => /^\d[\d,]*$/.test(t.label))).toBe(true);
  });

  it("a long category is shortened, the whole kept for its <title>", () => {
    const name = "Extra-long reflective waterproof parka with detachable fleece lining";
    const chart = reportChart("top-products", [{ itemId: "1", code: "P1", name, quantity: 1, amount: 1 }])!;
    expect(chart.yTicks[0]).toEqual({ y: expect.any(Number), label: shortenLabel(name), full: name });
    expect(chart.yTicks[0].label.length).toBeLessThanOrEqual(28);
    expect(chart.bars![0].label).toBe(name);
  });

  it("a hundred products still get a readable row each", () => {
    const rows = Array.from({ length: 100 }, (_, i) => ({
      itemId: String(i),
      code: `P${i}`,
      name: `Item ${i}`,
      quantity: 100 - i,
      amount: i,
    }));
    const chart = reportChart("top-products", rows)!;
    expect(chart.bars).toHaveLength(100);
    inside(chart);
    expect(chart.bars![0].height).toBeGreaterThanOrEqual(BAR_ROW_HEIGHT * 0.7);
  });

  it("a negative value draws left of zero", () => {
    const chart = reportChart("spend-by-cost-centre", [
      { costCentreId: "1", costCentre: "A", orders: 1, subTotal: 100 },
      { costCentreId: "2", costCentre: "B", orders: 1, subTotal: -50 },
    ])!;
    inside(chart);
    const [a, b] = chart.bars!;
    expect(b.x + b.width).toBeCloseTo(chart.zero, 1);
    expect(a.x).toBeCloseTo(chart.zero, 1);
    expect(chart.xTicks.some((t) => t.label.startsWith("-£"))).toBe(true);
  });

  it("allowance bars are a wearer × allocation type, charting what was used", () => {
    const chart = reportChart("allowance-usage", [
      { contactId: "7", wearer: "Ann Lee", allocationTypeName: "Shirts", used: 3, left: 2 },
      { contactId: "7", wearer: "Ann Lee", allocationTypeName: "Boots", used: 1, left: 0 },
    ])!;
    expect(chart.bars!.map((b) => [b.label, b.valueText])).toEqual([
      ["Ann Lee · Shirts", "3"],
      ["Ann Lee · Boots", "1"],
    ]);
    expect(chart.yLabel).toBe("Wearer and allocation type");
  });

  it("approval hours tick with a decimal", () => {
    const chart = reportChart("approval-turnaround", [
      { approverId: "1", approver: "Sam", averageHours: 0.4, longestHours: 1 },
    ])!;
    expect(chart.bars![0].valueText).toBe("0.4");
    expect(chart.xTicks.map((t) => t.label)).toContain("0.1");
  });

  it("months: a line through a point per month, starting with M, inside the box", () => {
    const months = ["2025-12", "2026-01", "2026-02", "2026-03"];
    const chart = reportChart(
      "spend-by-month",
      months.map((month, i) => ({ month, orders: i, subTotal: [100, 0, 300, 200][i] })),
    )!;
    expect(chart.kind).toBe("line");
    expect(chart.path).toMatch(/^M[\d.]+,[\d.]+(L[\d.]+,[\d.]+){3}$/);
    expect(chart.points).toHaveLength(4);
    inside(chart);
    const [dec, jan, feb] = chart.points!;
    expect(jan.y).toBeCloseTo(chart.zero, 1);
    expect((chart.zero - dec.y) / (chart.zero - feb.y)).toBeCloseTo(1 / 3, 2);
    expect(dec.x).toBeLessThan(jan.x);
    expect(chart.xTicks.map((t) => t.label)).toEqual(["Dec 2025", "Jan 2026", "Feb 2026", "Mar 2026"]);
    expect(chart.points![2]).toMatchObject({ label: "Feb 2026", valueText: "£300.00" });
    expect(chart.description).toBe(
      "Line chart of spend for each month, Dec 2025 to Mar 2026 (4 points). Highest: Feb 2026, £300.00. Lowest: Jan 2026, £0.00.",
    );
    expect(chart.yLabel).toBe("Spend");
    expect(chart.xLabel).toBe("Month");
  });

  it("25 months label every other month or fewer, so the labels do not collide", () => {
    const rows = Array.from({ length: 25 }, (_, i) => ({
      month: `${2024 + Math.floor((i + 10) / 12)}-${String(((i + 10) % 12) + 1).padStart(2, "0")}`,
      orders: 0,
      subTotal: 0,
    }));
    const chart = reportChart("spend-by-month", rows)!;
    expect(chart.points).toHaveLength(25);
    expect(chart.xTicks.length).toBeLessThanOrEqual(13);
    const gaps = chart.xTicks.slice(1).map((t, i) => t.x - chart.xTicks[i].x);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(56);
    expect(chart.yTicks.map((t) => t.label)).toEqual(["£0.00", "£0.20", "£0.40", "£0.60", "£0.80", "£1.00"]);
  });

  it("a chart of the given size", () => {
    const chart = reportChart("spend-by-month", [{ month: "2026-01", orders: 1, subTotal: 5 }], {
      width: 400,
      height: 200,
    })!;
    expect([chart.width, chart.height]).toEqual([400, 200]);
    inside(chart);
  });
});
