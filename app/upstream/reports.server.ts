import { z } from "zod";
import { FETCH_ALL_LIMIT } from "~/domain/constants";
import { upstreamId as id } from "~/domain/upstream-id";
import type { UpstreamClient } from "./client.server";
import { isRefusal } from "./errors.server";
import { ListSchema, orBlank, orNull } from "./schemas";

// Reporting (issue 19, decision 124): the report tasks of GET/POST/PATCH /api/report (docs/upstream-api.md, the
// provider's queue of decision 122) and the choices the form offers (departments, the customer's contacts).

const day = orNull(z.string());

export const ReportTaskSchema = z.object({
  taskId: id,
  type: z.string(),
  status: z.enum(["pending", "running", "success", "failed"]),
  success: z.boolean().nullable().default(null),
  createdAt: z.string(),
  startedAt: day,
  finishedAt: day,
  params: z
    .object({
      from: day,
      to: day,
      departments: z
        .array(id)
        .nullish()
        .transform((v) => v ?? []),
      employees: z
        .array(id)
        .nullish()
        .transform((v) => v ?? []),
    })
    .nullish()
    .transform((v) => v ?? { from: null, to: null, departments: [], employees: [] }),
  reason: orNull(z.string()),
  rowCount: orNull(z.number()),
});
export type UpstreamReportTask = z.infer<typeof ReportTaskSchema>;

const ReportRowSchema = z.record(z.unknown());
export type ReportRow = z.infer<typeof ReportRowSchema>;

const ReportTaskWithResultSchema = ReportTaskSchema.extend({
  result: orNull(z.object({ total: z.number(), limit: z.number(), skip: z.number(), rows: z.array(ReportRowSchema) })),
});
export type UpstreamReportTaskWithResult = z.infer<typeof ReportTaskWithResultSchema>;

const TaskListSchema = z.object({ total: z.number(), data: z.array(ReportTaskSchema) });

/** GET /api/report — the caller's own report tasks at the selected customer, newest first, at most 50. */
export async function listReportTasks(client: UpstreamClient): Promise<UpstreamReportTask[]> {
  return (await client.get("/api/report", TaskListSchema)).data;
}

/** What a report asks for: POST /api/report's body. */
export interface ReportRequest {
  type: string;
  from: string;
  to: string;
  departments: readonly string[];
  employees: readonly string[];
}

/**
 * POST /api/report {type, from, to, departments, employees} → 201 {success: true, task}. The provider checks every
 * field again (400 naming it) and clears the caller's earlier finished reports.
 */
export async function createReportTask(client: UpstreamClient, request: ReportRequest): Promise<UpstreamReportTask> {
  const { type, from, to, departments, employees } = request;
  const answer = await client.post("/api/report", z.object({ task: ReportTaskSchema }), {
    body: { type, from, to, departments: [...departments], employees: [...employees] },
  });
  return answer.task;
}

/**
 * GET /api/report/:taskId?$limit=&$skip= — one of the caller's tasks with a page of its rows once finished; null when
 * the provider answers 404 (unknown, another user's or another customer's).
 */
export async function getReportTask(
  client: UpstreamClient,
  taskId: string,
  page: { limit: number; skip: number },
): Promise<UpstreamReportTaskWithResult | null> {
  try {
    return await client.get(`/api/report/${encodeURIComponent(taskId)}`, ReportTaskWithResultSchema, {
      query: { $limit: page.limit, $skip: page.skip },
    });
  } catch (error) {
    if (isRefusal(error, 404)) return null;
    throw error;
  }
}

/** PATCH /api/report/:taskId {retry: true} — a failed task back to pending; 409 when it has not failed. */
export async function retryReportTask(client: UpstreamClient, taskId: string): Promise<UpstreamReportTask> {
  return client.patch(`/api/report/${encodeURIComponent(taskId)}`, ReportTaskSchema, { body: { retry: true } });
}

const NamedSchema = z.object({ internalId: id, name: z.string() });
const ContactNameSchema = z.object({
  internalId: id,
  firstName: orBlank,
  lastName: orBlank,
  employeeRef: orNull(z.string()),
});
export type ReportContact = z.infer<typeof ContactNameSchema>;

/** GET /api/department?isInactive=false&$limit=10000 — the departments a report can be limited to. */
export async function listReportDepartments(
  client: UpstreamClient,
): Promise<Array<{ internalId: string; name: string }>> {
  return (
    await client.get("/api/department", ListSchema(NamedSchema), {
      query: { isInactive: false, $limit: FETCH_ALL_LIMIT },
    })
  ).data;
}

/** GET /api/contact?$limit=10000 — the customer's contacts (employees), inactive ones too: old orders name them. */
export async function listReportEmployees(client: UpstreamClient): Promise<ReportContact[]> {
  return (await client.get("/api/contact", ListSchema(ContactNameSchema), { query: { $limit: FETCH_ALL_LIMIT } })).data;
}
