import { describe, expect, it } from "vitest";
import { addReportTask, reportTaskState, settleReportTask, type ReportTask } from "./report-tasks";

const task = (taskId: string, success: boolean | null): ReportTask => ({ taskId, type: "orders", success, createdAt: "2026-01-01T00:00:00Z" });

describe("report tasks (SPEC §4)", () => {
  it.each([
    [null, "pending"],
    [true, "success"],
    [false, "failed"],
  ] as const)("success %j is %s", (success, state) => expect(reportTaskState({ success })).toBe(state));

  it("a new task starts pending", () => {
    expect(addReportTask([], { taskId: "1", type: "orders", createdAt: "t" })).toEqual([{ taskId: "1", type: "orders", createdAt: "t", success: null }]);
  });

  it("adding a task clears earlier successes but keeps pending ones", () => {
    const tasks = [task("1", true), task("2", null), task("3", true)];
    expect(addReportTask(tasks, task("4", null)).map((t) => t.taskId)).toEqual(["2", "4"]);
  });

  it("success is kept in the list", () => {
    expect(settleReportTask([task("1", null), task("2", null)], "1", true)).toEqual([task("1", true), task("2", null)]);
  });

  it("a failed task leaves the list", () => {
    expect(settleReportTask([task("1", null), task("2", null)], "1", false)).toEqual([task("2", null)]);
  });

  it("settling an unknown task changes nothing", () => {
    expect(settleReportTask([task("1", null)], "9", true)).toEqual([task("1", null)]);
  });
});
