// SPEC §3/§4 report tasks: pending, then success (kept) or failed.

export interface ReportTask {
  taskId: string;
  type: string;
  /** null while pending. */
  success: boolean | null;
  createdAt: string;
}

export type ReportTaskState = "pending" | "success" | "failed";

export function reportTaskState(task: Pick<ReportTask, "success">): ReportTaskState {
  if (task.success === null) return "pending";
  return task.success ? "success" : "failed";
}

/** A new task clears earlier successes: the user has moved on, only unfinished work stays. */
export function addReportTask(tasks: readonly ReportTask[], task: Omit<ReportTask, "success">): ReportTask[] {
  return [...tasks.filter((t) => t.success !== true), { ...task, success: null }];
}

/**
 * A success stays listed for download; a failure leaves the list (decision 055), since nothing
 * else would ever clear it and the failure is reported to the user when it happens.
 */
export function settleReportTask(tasks: readonly ReportTask[], taskId: string, success: boolean): ReportTask[] {
  if (!success) return tasks.filter((t) => t.taskId !== taskId);
  return tasks.map((t) => (t.taskId === taskId ? { ...t, success: true } : t));
}
