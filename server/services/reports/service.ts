/**
 * Reports (issue 19, decision 122): the report tasks' service (the seven reports are in their own files beside it).
 *
 * POST /api/report {type, from, to, departments?, employees?} (viewReporting) validates everything first (field errors,
 * nothing written), clears the caller's earlier successful tasks (SPEC §4) and adds a pending task, which the report
 * worker (report-worker.ts) claims and runs outside the request. GET /api/report lists the caller's own tasks at the
 * selected customer (newest first, at most 50); GET /api/report/:taskId answers one with its result, paged
 * ($limit ≤ 5000, $skip); PATCH /api/report/:taskId {retry: true} puts a failed task back in the queue.
 */
import { BadRequest, Conflict, Forbidden, NotFound, TooManyRequests } from "@feathersjs/errors";
import type { Knex } from "knex";
import { MAX_WAITING_REPORT_TASKS, TOO_MANY_REPORT_TASKS } from "../../../app/domain/report-tasks";
import { REPORT_TYPES, type ReportType } from "../../../app/domain/reports";
import { has, type Caller } from "../../auth/caller";
import { isPostgres } from "../../db/knex";
import { bodyOf, callerOf, idOf, json, requireCustomer, type Ctx, type ProviderParams } from "../base";
import {
  DEFAULT_RESULT_LIMIT,
  MAX_RESULT_LIMIT,
  MAX_TASKS_LISTED,
  MESSAGES,
  validateReportRequest,
  type ReportParams,
  type ReportScope,
  type TaskStatus,
} from "./params";
import { type ReportRow } from "./slices";

export { REPORT_TYPES, type ReportType };

// ---------------------------------------------------------------------------------------------------- the service

const bool3 = (v: unknown): boolean | null => (v == null ? null : v === true || v === 1 || v === "1");

export function taskOut(r: any) {
  const params = json<Partial<ReportParams>>(r.params_json, {});
  return {
    taskId: String(r.id),
    type: r.type as string,
    status: r.status as TaskStatus,
    success: r.status === "success" ? true : r.status === "failed" ? false : bool3(null),
    createdAt: r.created_at as string,
    startedAt: (r.started_at ?? null) as string | null,
    finishedAt: (r.finished_at ?? null) as string | null,
    params: {
      from: params.from ?? null,
      to: params.to ?? null,
      departments: params.departments ?? [],
      employees: params.employees ?? [],
    },
    reason: r.status === "failed" ? ((r.reason ?? "The report could not be finished") as string) : null,
    rowCount: r.row_count == null ? null : Number(r.row_count),
  };
}

function requireReporting(caller: Caller): void {
  if (!has(caller, "viewReporting") && !caller.isEvolveUser)
    throw new Forbidden("Reporting is not allowed for this account");
}

/** Whose orders a caller's reports cover (decision 122): all at the customer with viewAllOrders, else their own. */
export function scopeFor(
  caller: Pick<Caller, "userId" | "isEvolveUser" | "permissions">,
  customerId: number,
): ReportScope {
  const all = caller.isEvolveUser || caller.permissions.includes("viewAllOrders");
  return { customerId, placedByUserId: all ? null : caller.userId };
}

function pageParams(query: Record<string, unknown> | undefined): { limit: number; skip: number } {
  const q = query ?? {};
  for (const key of Object.keys(q))
    if (key !== "$limit" && key !== "$skip") throw new BadRequest(`Invalid query parameter '${key}'`, { field: key });
  const int = (key: string, fallback: number, max: number) => {
    const raw = q[key];
    if (raw === undefined) return fallback;
    const s = String(raw);
    if (!/^\d{1,9}$/.test(s) || Number(s) > max)
      throw new BadRequest(`Invalid query parameter '${key}': expected a whole number from 0 to ${max}`, {
        field: key,
      });
    return Number(s);
  };
  return { limit: int("$limit", DEFAULT_RESULT_LIMIT, MAX_RESULT_LIMIT), skip: int("$skip", 0, 1_000_000_000) };
}

/** The worker's side: woken when a task is added or put back (it starts and stops with the process's background work). */
export interface ReportQueue {
  wake(): void;
}

/**
 * Inside the transaction that adds a waiting task: refuses (429) when the user already has MAX_WAITING_REPORT_TASKS
 * waiting or running, whatever the customer. The user's row is locked first on PostgreSQL, so two posts at once are
 * counted one after the other; SQLite writes one transaction at a time (decision 151).
 */
async function requireTaskSlot(trx: Knex.Transaction, userId: number): Promise<void> {
  if (isPostgres(trx)) await trx("users").where("id", userId).forUpdate().first("id");
  const waiting = await trx("report_tasks")
    .where("user_id", userId)
    .whereIn("status", ["pending", "running"])
    .count({ n: "*" })
    .first();
  if (Number(waiting?.n ?? 0) >= MAX_WAITING_REPORT_TASKS) throw new TooManyRequests(TOO_MANY_REPORT_TASKS);
}

export class ReportService {
  constructor(
    private ctx: Ctx,
    private queue: ReportQueue = { wake() {} },
  ) {}

  private own(caller: Caller) {
    requireReporting(caller);
    const customerId = requireCustomer(caller);
    return {
      customerId,
      rows: () => this.ctx.db("report_tasks").where({ customer_id: customerId, user_id: caller.userId }),
    };
  }

  async find(params: ProviderParams) {
    const caller = callerOf(params);
    const { rows } = this.own(caller);
    const q = params.query ?? {};
    for (const key of Object.keys(q)) throw new BadRequest(`Invalid query parameter '${key}'`, { field: key });
    const [count, list] = await Promise.all([
      rows().count({ n: "*" }).first(),
      rows()
        .orderBy([
          { column: "created_at", order: "desc" },
          { column: "id", order: "desc" },
        ])
        .limit(MAX_TASKS_LISTED)
        .select("*"),
    ]);
    return { success: true, total: Number(count?.n ?? 0), data: list.map(taskOut) };
  }

  async get(id: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { rows } = this.own(caller);
    const key = idOf(id, "Report task");
    const { limit, skip } = pageParams(params.query);
    const row = await rows().where("id", key).first();
    if (!row) throw new NotFound(`Report task '${key}' not found`);
    const all = row.status === "success" ? json<ReportRow[]>(row.result_json, []) : null;
    return { ...taskOut(row), result: all && { total: all.length, limit, skip, rows: all.slice(skip, skip + limit) } };
  }

  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { customerId } = this.own(caller);
    const { db } = this.ctx;
    const { type, params: reportParams } = await validateReportRequest(db, customerId, data);
    const now = this.ctx.now().toISOString();
    const row = await db.transaction(async (trx) => {
      await requireTaskSlot(trx, caller.userId);
      // SPEC §4: a new task clears the caller's earlier successes; pending and failed ones stay
      await trx("report_tasks").where({ customer_id: customerId, user_id: caller.userId, status: "success" }).delete();
      const [inserted] = await trx("report_tasks")
        .insert({
          customer_id: customerId,
          user_id: caller.userId,
          type,
          params_json: JSON.stringify(reportParams),
          status: "pending",
          success: null,
          created_at: now,
        })
        .returning("*");
      return inserted;
    });
    this.queue.wake();
    return { success: true, task: taskOut(row) };
  }

  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { rows } = this.own(caller);
    const key = idOf(id, "Report task");
    const body = bodyOf(data);
    if (body.retry !== true || Object.keys(body).length !== 1)
      throw new BadRequest('Invalid value at field "retry": send {"retry": true}', {
        errors: { retry: "Send retry: true" },
      });
    const changed = await this.ctx.db.transaction(async (trx) => {
      const failed = await rows().transacting(trx).where({ id: key, status: "failed" }).first("id");
      if (!failed) return 0;
      await requireTaskSlot(trx, caller.userId);
      return rows().transacting(trx).where({ id: key, status: "failed" }).update({
        status: "pending",
        success: null,
        reason: null,
        started_at: null,
        finished_at: null,
        claimed_by: null,
        lease_until: null,
        attempts: 0,
        result_json: null,
        row_count: null,
      });
    });
    if (!changed) {
      if (!(await rows().where("id", key).first("id"))) throw new NotFound(`Report task '${key}' not found`);
      throw new Conflict(MESSAGES.retry);
    }
    this.queue.wake();
    return taskOut(await rows().where("id", key).first());
  }
}
