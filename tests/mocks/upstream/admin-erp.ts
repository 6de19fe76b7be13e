import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/**
 * R21b's ERP calls as C21 §4 answers them: GET /api/admin/erp-source, POST /api/admin/erp-import (a pending run),
 * GET /api/admin/erp-import (newest first, status filter) and GET /api/admin/erp-import/:id (with its row errors).
 * Unknown runs → 404 "Import run '99' not found". `forbid`: every call answers 403 as for a non-evolve user.
 */
export function erpRun(n: number, more: Record<string, unknown> = {}) {
  return {
    id: String(n),
    status: "succeeded",
    file: "erp-feed.json",
    queuedBy: { id: "7", email: "admin@demo.test", firstName: "Ada", lastName: "Admin" },
    queuedAt: "2026-11-23T10:00:00.000Z",
    startedAt: "2026-11-23T10:00:01.000Z",
    finishedAt: "2026-11-23T10:00:03.000Z",
    created: 1,
    updated: 5,
    unchanged: 700,
    errorCount: 2,
    failure: null,
    ...more,
  };
}

export const RUN_ERRORS = [
  { row: 7, itemCode: "XX1", reason: "price must be a number, 0 or more" },
  { row: 9, itemCode: null, reason: "itemCode is required" },
];

type Write = { method: string; path: string; body: unknown };

/** An uploaded feed as GET /api/admin/erp-source answers it (issue 33 item 4, decision 156). */
export const UPLOADED_SOURCE = {
  kind: "upload",
  feedId: 4,
  file: "june.json",
  format: "json",
  size: 20480,
  products: 40,
  rowProblems: 1,
  uploadedAt: "2026-11-23T09:30:00.000Z",
  uploadedBy: { id: "7", email: "admin@demo.test", firstName: "Ada", lastName: "Admin" },
};

export function adminErpHandlers(
  options: {
    runs?: Array<ReturnType<typeof erpRun>>;
    forbid?: boolean;
    exists?: boolean;
    /** the source is an uploaded feed */
    uploaded?: boolean;
    /** a run already waits: POST /api/admin/erp-import answers it, 200 */
    waiting?: boolean;
  } = {},
) {
  const runs = options.runs ?? [
    erpRun(2),
    erpRun(1, {
      status: "failed",
      created: 0,
      updated: 0,
      unchanged: 0,
      errorCount: 0,
      failure: "The feed file could not be read: not JSON",
    }),
  ];
  const queries: URLSearchParams[] = [];
  const writes: Write[] = [];
  const forbidden = () =>
    HttpResponse.json(
      { name: "Forbidden", message: "Only provider staff may use the admin area", code: 403 },
      { status: 403 },
    );
  const handlers = [
    http.get(`${UPSTREAM}/api/admin/erp-source`, () => {
      if (options.forbid) return forbidden();
      if (options.uploaded) return HttpResponse.json(UPLOADED_SOURCE);
      const exists = options.exists ?? true;
      return HttpResponse.json({
        kind: "directory",
        directory: "server/db/seed/erp-feed",
        file: "erp-feed.json",
        format: "json",
        exists,
        size: exists ? 12345 : null,
        modifiedAt: exists ? "2026-11-23T09:00:00.000Z" : null,
        products: exists ? 12 : null,
      });
    }),
    http.post(`${UPSTREAM}/api/admin/erp-import`, async ({ request }) => {
      if (options.forbid) return forbidden();
      const text = await request.text();
      writes.push({ method: "POST", path: "/api/admin/erp-import", body: text ? JSON.parse(text) : null });
      if (options.waiting) return HttpResponse.json({ ...runs[0], status: "pending", alreadyQueued: true });
      const run = erpRun(runs.length + 1, {
        status: "pending",
        startedAt: null,
        finishedAt: null,
        created: 0,
        updated: 0,
        unchanged: 0,
        errorCount: 0,
      });
      runs.unshift(run);
      return HttpResponse.json({ ...run, alreadyQueued: false }, { status: 201 });
    }),
    // the provider reads and checks the feed: no list of items is a 400 naming the field
    http.post(`${UPSTREAM}/api/admin/erp-feed`, async ({ request }) => {
      if (options.forbid) return forbidden();
      const body = (await request.json()) as { fileName: string; feed: { items?: unknown[] } };
      writes.push({ method: "POST", path: "/api/admin/erp-feed", body });
      if (!Array.isArray(body.feed?.items))
        return HttpResponse.json(
          {
            name: "BadRequest",
            code: 400,
            message: 'Invalid value at field "feed": The feed has no list of items',
            errors: { feed: "The feed has no list of items" },
          },
          { status: 400 },
        );
      return HttpResponse.json(
        { ...UPLOADED_SOURCE, file: body.fileName, products: body.feed.items.length, rowProblems: 0, problems: [] },
        { status: 201 },
      );
    }),
    http.get(`${UPSTREAM}/api/admin/erp-import`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      if (options.forbid) return forbidden();
      const limit = Number(params.get("$limit") ?? 16);
      const skip = Number(params.get("$skip") ?? 0);
      const found = runs.filter((r) => !params.get("status") || r.status === params.get("status"));
      return HttpResponse.json({ total: found.length, limit, skip, data: found.slice(skip, skip + limit) });
    }),
    http.get(`${UPSTREAM}/api/admin/erp-import/:id`, ({ params }) => {
      if (options.forbid) return forbidden();
      const run = runs.find((r) => r.id === String(params.id));
      if (!run)
        return HttpResponse.json(
          { name: "NotFound", code: 404, message: `Import run '${String(params.id)}' not found` },
          { status: 404 },
        );
      return HttpResponse.json({ ...run, errors: run.errorCount > 0 ? RUN_ERRORS : [] });
    }),
  ];
  return { handlers, queries, writes, runs };
}
