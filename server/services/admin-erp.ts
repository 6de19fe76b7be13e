import { NotFound } from "@feathersjs/errors";
import type { HookContext } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { z } from "zod";
import type { ProviderParams } from "./base";
import { writeAudit } from "./admin-audit";
import {
  canExist,
  fieldErrors,
  noQuery,
  listQuery,
  pageOf,
  parseBody,
  peopleById,
  requireAdmin,
  routeId,
  type AdminCtx,
  adminQuery,
} from "./admin-common";
import { FeedUnreadable, rowsOf, sourceLabel, uploadedInfo, type ErpSource, type ErpSourceInfo } from "./erp-feed";
import { isUniqueViolation, type ErpWorker } from "./erp-import";
import { ERP_FEED_UPLOAD_LIMIT } from "../../app/domain/body-limits";

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
    private source: () => ErpSource,
    private worker: Pick<ErpWorker, "wake"> | null = null,
  ) {}

  async find(params: ProviderParams) {
    const q = adminQuery(params, runQuery);
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

  /**
   * Queues a run (201), or answers the run already waiting (200, `alreadyQueued`): at most one run waits and one runs
   * (decision 155; the database's partial unique index on status holds it whichever process is asked). A pull asked
   * for while one runs waits behind it and reads the feed as it is when it starts.
   */
  async create(data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    parseBody(runCreate, data);
    noQuery(params);
    const { db } = this.ctx;
    const file = sourceLabel(await this.source().describe()).slice(0, 300);
    for (let attempt = 1; ; attempt++) {
      const waiting = await db("erp_import_runs").where("status", "pending").first();
      if (waiting) return { ...(await runsOut(db, [waiting], false))[0], alreadyQueued: true };
      const now = this.ctx.now();
      let id = 0;
      try {
        await db.transaction(async (trx) => {
          const [row] = await trx("erp_import_runs")
            .insert({ status: "pending", file, queued_by_user_id: caller.userId, queued_at: now.toISOString() })
            .returning("id");
          id = Number(typeof row === "object" ? row.id : row);
          await writeAudit(trx, now, {
            adminUserId: caller.userId,
            service: "admin/erp-import",
            method: "create",
            recordId: id,
            summary: `ERP import ${id} queued (${file})`,
            before: null,
            after: { id: String(id), status: "pending", file },
          });
        });
      } catch (error) {
        // another admin's pull was queued meanwhile: that one is the answer (looked up again above)
        if (isUniqueViolation(error) && attempt < 5) continue;
        throw error;
      }
      this.worker?.wake();
      const row = await db("erp_import_runs").where("id", id).first();
      return { ...(await runsOut(db, [row], false))[0], alreadyQueued: false };
    }
  }
}

/** After hook: a pull answered with the run already waiting is 200, a new run 201. */
export function alreadyQueuedIs200(context: HookContext): void {
  if ((context.result as { alreadyQueued?: boolean } | undefined)?.alreadyQueued)
    context.http = { ...context.http, status: 200 };
}

/** An uploaded feed as answered: who uploaded it, not their id. */
async function sourceOut(db: Knex, info: ErpSourceInfo) {
  if (info.kind === "directory") return info;
  const { uploadedByUserId, ...rest } = info;
  const people = await peopleById(db, [uploadedByUserId]);
  return { ...rest, uploadedBy: uploadedByUserId == null ? null : (people.get(uploadedByUserId) ?? null) };
}

/** GET /api/admin/erp-source: where the pull reads from — the newest uploaded feed, else the directory. */
export class AdminErpSourceService {
  constructor(
    private ctx: AdminCtx,
    private source: () => ErpSource,
  ) {}
  async find(params: ProviderParams) {
    requireAdmin(params);
    noQuery(params);
    return sourceOut(this.ctx.db, await this.source().describe());
  }
}

const feedUpload = z
  .object({
    fileName: z
      .string({ required_error: "is required", invalid_type_error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(200, "must be at most 200 characters")
      // the name as the admin's machine had it, without any folder
      .transform((name) => name.split(/[\\/]/).pop() || name),
    feed: z.unknown().refine((feed) => feed !== undefined, "is required"),
  })
  .strict();

/** How many uploaded feeds are kept (the newest is the one read; older ones only explain older runs). */
const FEEDS_KEPT = 10;

/**
 * POST /api/admin/erp-feed {fileName, feed}: an ERP feed (the feed file's JSON) kept in the database, so whichever
 * process runs the next import reads it (issue 33 item 4, decision 156). Read and checked here: a feed that is too
 * large, has no list of items or no row that can be read is refused with why; rows that cannot be read are counted
 * (the import lists them). Answers the source as GET /api/admin/erp-source now does, and the first row problems.
 */
export class AdminErpFeedService {
  constructor(private ctx: AdminCtx) {}

  async create(data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const { fileName, feed } = parseBody(feedUpload, data);
    noQuery(params);
    const content = JSON.stringify(feed);
    const size = Buffer.byteLength(content);
    if (size > ERP_FEED_UPLOAD_LIMIT)
      throw fieldErrors({
        feed: `The feed can be at most ${ERP_FEED_UPLOAD_LIMIT / 1024} KB (this one is ${Math.ceil(size / 1024)} KB); a larger one goes in the ERP_FEED_DIR directory`,
      });
    let rows;
    try {
      rows = rowsOf(feed);
    } catch (error) {
      if (error instanceof FeedUnreadable) throw fieldErrors({ feed: error.message });
      throw error;
    }
    const problems = rows.filter((r) => r.error !== undefined);
    if (!rows.length) throw fieldErrors({ feed: "The feed has no rows" });
    if (problems.length === rows.length)
      throw fieldErrors({
        feed: `None of the feed's ${rows.length} rows can be read: row ${problems[0].row} ${problems[0].error}`,
      });
    const { db } = this.ctx;
    const now = this.ctx.now();
    let id = 0;
    await db.transaction(async (trx) => {
      const [row] = await trx("erp_feeds")
        .insert({
          file_name: fileName,
          content,
          size,
          products: rows.length,
          row_problems: problems.length,
          uploaded_by_user_id: caller.userId,
          uploaded_at: now.toISOString(),
        })
        .returning("id");
      id = Number(typeof row === "object" ? row.id : row);
      await trx("erp_feeds")
        .whereNotIn("id", trx("erp_feeds").orderBy("id", "desc").limit(FEEDS_KEPT).select("id"))
        .delete();
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        service: "admin/erp-feed",
        method: "create",
        recordId: id,
        summary: `ERP feed ${id} uploaded (${fileName}, ${rows.length} rows)`,
        before: null,
        after: { id: String(id), file: fileName, size, products: rows.length, rowProblems: problems.length },
      });
    });
    const row = await db("erp_feeds").where("id", id).first();
    return {
      ...(await sourceOut(db, uploadedInfo(row))),
      problems: problems.slice(0, 5).map((r) => ({ row: r.row, itemCode: r.itemCode, reason: r.error })),
    };
  }
}
