import { describe, expect, it } from "vitest";
import {
  addReportTask,
  canRetryReportTask,
  hasPendingTask,
  reportTaskState,
  retryReportTask,
  settleReportTask,
  type ReportTask,
} from "./report-tasks";

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

  it("a new task starts pending", () => {
    expect(addReportTask([], { taskId: "1", type: "orders", createdAt: "t" })).toEqual([
      { taskId: "1", type: "orders", createdAt: "t", success: null, status: "pending", reason: null },
    ]);
  });

  it("adding a task clears earlier successes but keeps pending and failed ones", () => {
    const tasks = [
      task("1", true),
      task("2", null),
      task("3", true),
      task("5", false, { reason: "The report took longer than 60 seconds" }),
    ];
    expect(addReportTask(tasks, task("4", null)).map((t) => t.taskId)).toEqual(["2", "5", "4"]);
  });

  it("success is kept in the list", () => {
    expect(settleReportTask([task("1", null), task("2", null)], "1", true)).toEqual([
      task("1", true, { status: "success", reason: null }),
      task("2", null),
    ]);
  });

  it("a failed task stays in the list with its reason", () => {
    const settled = settleReportTask(
      [task("1", null), task("2", null)],
      "1",
      false,
      "The report took longer than 60 seconds",
    );
    expect(settled).toEqual([
      task("1", false, { status: "failed", reason: "The report took longer than 60 seconds" }),
      task("2", null),
    ]);
    expect(reportTaskState(settled[0])).toBe("failed");
  });

  it("settling an unknown task changes nothing", () => {
    expect(settleReportTask([task("1", null)], "9", true)).toEqual([task("1", null)]);
  });

  it("a failed task is run again: pending, reason cleared", () => {
    const failed = task("1", false, { status: "failed", reason: "Boom" });
    expect(canRetryReportTask(failed)).toBe(true);
    expect(retryReportTask([failed], "1")).toEqual([task("1", null, { status: "pending", reason: null })]);
  });

  it.each([
    ["pending", task("1", null)],
    ["success", task("1", true)],
  ] as const)("a %s task is not run again", (_state, t) => {
    expect(canRetryReportTask(t)).toBe(false);
    expect(retryReportTask([t], "1")).toEqual([t]);
  });

  it("a list waits while any task is pending or running", () => {
    expect(hasPendingTask([])).toBe(false);
    expect(hasPendingTask([task("1", true), task("2", false)])).toBe(false);
    expect(hasPendingTask([task("1", true), task("2", null, { status: "running" })])).toBe(true);
    expect(hasPendingTask([task("3", null)])).toBe(true);
  });
});
