import { describe, expect, it } from "vitest";
import { budgetAfterReset, dayOf, nextResetDate } from "./budget-reset";

describe("budgetAfterReset", () => {
  const budget = { usedQty: 3, resetDays: 30, resetDate: "2026-11-20" };
  it.each([
    ["the day before the reset date: unchanged", "2026-11-19", { usedQty: 3, resetDate: "2026-11-20", reset: false }],
    [
      "exactly on the reset date: reset, next date one period on",
      "2026-11-20",
      { usedQty: 0, resetDate: "2026-12-20", reset: true },
    ],
    ["one day late", "2026-11-21", { usedQty: 0, resetDate: "2026-12-20", reset: true }],
    ["the last day of the first period late", "2026-12-19", { usedQty: 0, resetDate: "2026-12-20", reset: true }],
    ["exactly one period late: two periods on", "2026-12-20", { usedQty: 0, resetDate: "2027-01-19", reset: true }],
    ["several periods late (across a year end)", "2027-03-01", { usedQty: 0, resetDate: "2027-03-20", reset: true }],
  ])("%s", (_label, today, expected) => {
    expect(budgetAfterReset(budget, today)).toEqual(expected);
  });

  it.each([
    ["no reset date", { usedQty: 2, resetDays: 30, resetDate: null }],
    ["no reset days", { usedQty: 2, resetDays: null, resetDate: "2026-01-01" }],
    ["zero reset days", { usedQty: 2, resetDays: 0, resetDate: "2026-01-01" }],
    ["negative reset days", { usedQty: 2, resetDays: -5, resetDate: "2026-01-01" }],
    ["an unreadable reset date", { usedQty: 2, resetDays: 30, resetDate: "01.01.26" }],
  ])("never resets with %s", (_label, b) => {
    expect(budgetAfterReset(b, "2026-11-23")).toEqual({ usedQty: 2, resetDate: b.resetDate, reset: false });
  });

  it("a year-long period across a leap day", () => {
    expect(budgetAfterReset({ usedQty: 1, resetDays: 365, resetDate: "2027-03-01" }, "2028-03-01")).toEqual({
      usedQty: 0,
      resetDate: "2029-02-28",
      reset: true,
    });
  });
});

describe("dayOf and nextResetDate", () => {
  it("the UK calendar day of an instant (GMT in winter, BST in summer)", () => {
    expect(dayOf(new Date("2026-11-23T23:59:59.000Z"))).toBe("2026-11-23");
    expect(dayOf(new Date("2026-07-01T23:30:00.000Z"))).toBe("2026-07-02");
  });
  it("the earliest reset date of the budgets that renew, or null", () => {
    expect(
      nextResetDate([
        { resetDate: "2027-02-01", resetDays: 365 },
        { resetDate: null, resetDays: 30 },
        { resetDate: "2026-12-20", resetDays: 30 },
      ]),
    ).toBe("2026-12-20");
    // a reset date without reset days never comes round
    expect(
      nextResetDate([
        { resetDate: "2026-12-01", resetDays: null },
        { resetDate: "2027-01-01", resetDays: 0 },
        { resetDate: "2027-03-01", resetDays: 90 },
      ]),
    ).toBe("2027-03-01");
    expect(nextResetDate([{ resetDate: null, resetDays: 30 }])).toBeNull();
    expect(nextResetDate([])).toBeNull();
  });
});
