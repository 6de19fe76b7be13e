import { NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import type { ProviderParams } from "./base";
import { writeAudit } from "./admin-audit";
import {
  canExist,
  noQuery,
  listQuery,
  pageOf,
  parseBody,
  parseQuery,
  peopleById,
  requireAdmin,
  routeId,
  type AdminCtx,
} from "./admin-common";
import { FEED_FILE, type ErpSource } from "./erp-feed";
import type { ErpWorker } from "./erp-import";

// The ERP pull and its runs (issue 21 item 4, decision 131): POST queues an import job, the provider's worker runs it.

async function runsOut(db: Knex, rows: any[], withErrors: boolean) {
  const people = await peopleById(
    db,
    rows.map((r) => r.queued_by_user_id),
  );
  return rows.map((r) => {
    const out: Record<string, unknown> = {
      id: String(r.id),
      status: r.status,
      file: r.file,
      queuedBy: r.queued_by_user_id == null ? null : (people.get(Number(r.queued_by_user_id)) ?? null),
      queuedAt: r.queued_at,
      startedAt: r.started_at ?? null,
      finishedAt: r.finished_at ?? null,
      created: Number(r.created),
      updated: Number(r.updated),
      unchanged: Number(r.unchanged),
      errorCount: Number(r.error_count),
      failure: r.failure ?? null,
    };
    if (withErrors) {
      let errors: unknown = [];
      try {
        errors = r.errors_json ? JSON.parse(r.errors_json) : [];
      } catch {
        errors = [];
      }
      out.errors = errors;
    }
    return out;
  });
}

const runQuery = listQuery(
  {
    status: z
      .enum(["pending", "running", "succeeded", "failed"], {
        errorMap: () => ({ message: "must be pending, running, succeeded or failed" }),
      })
      .optional(),
  },
  16,
);
const runCreate = z.object({}).strict();

/**
 * GET/POST /api/admin/erp-import: the runs, and a new one queued. The worker is this process's own (roles `all`),
 * woken at once; without one (role `api`) a worker process finds the run within a second (decision 152).
 */
export class AdminErpImportService {
  constructor(
    private ctx: AdminCtx,
    private worker: Pick<ErpWorker, "wake"> | null = null,
  ) {}

  async find(params: ProviderParams) {
    requireAdmin(params);
    const q = parseQuery(runQuery, params.query) as z.infer<typeof runQuery>;
    const { db } = this.ctx;
    const filtered = db("erp_import_runs");
    if (q.status) filtered.where("status", q.status);
    const { total, rows } = await pageOf<any>(filtered, q, [{ column: "id", order: "desc" }], ["*"]);
    return { total, limit: q.$limit, skip: q.$skip, data: await runsOut(db, rows, false) };
  }

  async get(id: unknown, params: ProviderParams) {
    requireAdmin(params);
    noQuery(params);
    const runId = routeId(id, "Import run");
    const row = canExist(runId) ? await this.ctx.db("erp_import_runs").where("id", runId).first() : undefined;
    if (!row) throw new NotFound(`Import run '${runId}' not found`);
    return (await runsOut(this.ctx.db, [row], true))[0];
  }

  async create(data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    parseBody(runCreate, data);
    noQuery(params);
    const { db } = this.ctx;
    const now = this.ctx.now();
    let id = 0;
    await db.transaction(async (trx) => {
      const [row] = await trx("erp_import_runs")
        .insert({ status: "pending", file: FEED_FILE, queued_by_user_id: caller.userId, queued_at: now.toISOString() })
        .returning("id");
      id = Number(typeof row === "object" ? row.id : row);
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        service: "admin/erp-import",
        method: "create",
        recordId: id,
        summary: `ERP import ${id} queued (${FEED_FILE})`,
        before: null,
        after: { id: String(id), status: "pending", file: FEED_FILE },
      });
    });
    this.worker?.wake();
    const row = await db("erp_import_runs").where("id", id).first();
    return (await runsOut(db, [row], false))[0];
  }
}

/** GET /api/admin/erp-source: where the pull reads from. */
export class AdminErpSourceService {
  constructor(private source: () => ErpSource) {}
  async find(params: ProviderParams) {
    requireAdmin(params);
    noQuery(params);
    return this.source().describe();
  }
}
