import { z } from "zod";
import { upstreamId as id } from "~/domain/upstream-id";
import { PersonSchema } from "./admin-schemas";
import type { UpstreamClient } from "./client.server";
import { ListSchema } from "./schemas";

// The ERP import: `api/admin/erp-source`, `api/admin/erp-import`, `api/admin/erp-feed` (docs/upstream-api.md
// "Admin part 2" §4).

// where the pull reads from (decision 156): the newest feed uploaded here (kept in the provider's database), else the
// feed file in the ERP_FEED_DIR directory of the machine that runs the import
const DirectorySourceSchema = z.object({
  kind: z.literal("directory"),
  directory: z.string(),
  file: z.string(),
  format: z.string(),
  exists: z.boolean(),
  size: z.number().nullable().default(null),
  modifiedAt: z.string().nullable().default(null),
  products: z.number().nullable().default(null),
});
const UploadSourceSchema = z.object({
  kind: z.literal("upload"),
  feedId: z.number(),
  file: z.string(),
  format: z.string(),
  size: z.number(),
  products: z.number(),
  rowProblems: z.number(),
  uploadedAt: z.string(),
  uploadedBy: PersonSchema.nullable().default(null),
});
const SourceSchema = z.discriminatedUnion("kind", [DirectorySourceSchema, UploadSourceSchema]);
export type ErpSource = z.infer<typeof SourceSchema>;
const UploadAnswerSchema = UploadSourceSchema.extend({
  problems: z
    .array(z.object({ row: z.number(), itemCode: z.string().nullable().default(null), reason: z.string() }))
    .default([]),
});

export const RUN_STATUSES = ["pending", "running", "succeeded", "failed"] as const;
const RunSchema = z.object({
  id,
  status: z.enum(RUN_STATUSES),
  file: z.string(),
  queuedBy: PersonSchema.nullable().default(null),
  queuedAt: z.string(),
  startedAt: z.string().nullable().default(null),
  finishedAt: z.string().nullable().default(null),
  created: z.number().default(0),
  updated: z.number().default(0),
  unchanged: z.number().default(0),
  errorCount: z.number().default(0),
  failure: z.string().nullable().default(null),
});
export type ErpRun = z.infer<typeof RunSchema>;
const RunDetailSchema = RunSchema.extend({
  errors: z
    .array(z.object({ row: z.number(), itemCode: z.string().nullable().default(null), reason: z.string() }))
    .default([]),
});

/** GET /api/admin/erp-source — the feed the pull would read. */
export function getErpSource(client: UpstreamClient) {
  return client.get("/api/admin/erp-source", SourceSchema);
}

/**
 * POST /api/admin/erp-import {} → 201 the run, pending (queued as a job); 200 with `alreadyQueued` when a run was
 * already waiting: that run (at most one waits, decision 155).
 */
export function queueErpImport(client: UpstreamClient) {
  return client.post("/api/admin/erp-import", RunSchema.extend({ alreadyQueued: z.boolean().default(false) }), {
    body: {},
  });
}

/** POST /api/admin/erp-feed {fileName, feed} → 201 the feed kept (the source from now on) and its first row problems. */
export function uploadErpFeed(client: UpstreamClient, fileName: string, feed: unknown) {
  return client.post("/api/admin/erp-feed", UploadAnswerSchema, { body: { fileName, feed } });
}

/** GET /api/admin/erp-import?status=&$limit=&$skip= — newest first. */
export function listErpRuns(client: UpstreamClient, status: ErpRun["status"] | undefined, limit: number, skip: number) {
  return client.get("/api/admin/erp-import", ListSchema(RunSchema), {
    query: { ...(status ? { status } : {}), $limit: limit, $skip: skip },
  });
}

/** GET /api/admin/erp-import/:id — the run with its row errors; unknown → 404. */
export function getErpRun(client: UpstreamClient, runId: string) {
  return client.get(`/api/admin/erp-import/${encodeURIComponent(runId)}`, RunDetailSchema);
}
