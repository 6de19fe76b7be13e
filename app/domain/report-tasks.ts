// SPEC §3/§4 report tasks with issue 19's change (decision 123, superseding decision 055's point): pending (pending or
// running upstream), then success (kept in the list) or failed (kept, with its reason, until it is run again).
// Adding a task clears earlier successes.

export type ReportTaskStatus = "pending" | "running" | "success" | "failed";

export interface ReportTask {
  taskId: string;
  type: string;
  /** The provider's own state; when absent the state is read from `success`. */
  status?: ReportTaskStatus;
  /** null while pending or running. */
  success: boolean | null;
  createdAt: string;
  /** Why a failed task failed, in words; null otherwise. */
  reason?: string | null;
}

export type ReportTaskState = "pending" | "success" | "failed";

export function reportTaskState(task: Pick<ReportTask, "success" | "status">): ReportTaskState {
  if (task.status === "failed") return "failed";
  if (task.status === "success") return "success";
  if (task.status === "pending" || task.status === "running") return "pending";
  if (task.success === null) return "pending";
  return task.success ? "success" : "failed";
}

/** Whether the list still waits for a task (the page polls, or offers Refresh, while it does). */
export function hasPendingTask(tasks: readonly Pick<ReportTask, "success" | "status">[]): boolean {
  return tasks.some((task) => reportTaskState(task) === "pending");
}

/** Issue 32 item 8(c), decision 151: a user has at most this many report tasks waiting or running at once. */
export const MAX_WAITING_REPORT_TASKS = 5;

/** The provider's refusal (429) of one more, which the reporting screen shows as it is. */
export const TOO_MANY_REPORT_TASKS = `You already have ${MAX_WAITING_REPORT_TASKS} reports waiting or running. Please wait for one to finish before asking for another.`;
