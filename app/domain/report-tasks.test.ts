import { describe, expect, it } from "vitest";
import { hasPendingTask, reportTaskState, type ReportTask } from "./report-tasks";

const task = (taskId: string, success: boolean | null, extra: Partial<ReportTask> = {}): ReportTask => ({
  taskId,
  type: "spend-by-month",
  success,
  createdAt: "2026-01-01T00:00:00Z",
  ...extra,
});

describe("report tasks (SPEC §4, issue 19)", () => {
  it.each([
    [null, "pending"],
    [true, "success"],
    [false, "failed"],
  ] as const)("success %j is %s", (success, state) => expect(reportTaskState({ success })).toBe(state));

  it.each([
    ["pending", null, "pending"],
    ["running", null, "pending"],
    ["success", true, "success"],
    ["failed", false, "failed"],
  ] as const)("the provider's status %s is %s", (status, success, state) =>
    expect(reportTaskState({ status, success })).toBe(state),
  );

  it("a list waits while any task is pending or running", () => {
    expect(hasPendingTask([])).toBe(false);
    expect(hasPendingTask([task("1", true), task("2", false)])).toBe(false);
    expect(hasPendingTask([task("1", true), task("2", null, { status: "running" })])).toBe(true);
    expect(hasPendingTask([task("3", null)])).toBe(true);
  });
});
