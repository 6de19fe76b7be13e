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

export function adminErpHandlers(
  options: { runs?: Array<ReturnType<typeof erpRun>>; forbid?: boolean; exists?: boolean } = {},
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
      const exists = options.exists ?? true;
      return HttpResponse.json({
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
      return HttpResponse.json(run, { status: 201 });
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
