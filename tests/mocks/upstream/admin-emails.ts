import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/**
 * The e-mail calls as the provider answers them (issue 32, decision 147): GET /api/admin/e-mail (newest first,
 * status filter, paging) and PATCH /api/admin/e-mail/:id {sendAgain: true} (409 unless failed, 404 unknown).
 */
export function email(n: number, more: Record<string, unknown> = {}) {
  return {
    id: String(n),
    to: `person${n}@northwind.test`,
    kind: "reset",
    subject: "Reset your password",
    status: "sent",
    tries: 1,
    lastError: null,
    createdAt: "2026-11-23T10:00:00.000Z",
    nextAttemptAt: null,
    sentAt: "2026-11-23T10:00:02.000Z",
    failedAt: null,
    ...more,
  };
}

type Write = { method: string; path: string; body: unknown };

export function adminEmailHandlers(options: { emails?: Array<ReturnType<typeof email>> } = {}) {
  const emails = options.emails ?? [
    email(3, {
      kind: "approval",
      subject: "Order SO-1 awaits your approval",
      status: "pending",
      tries: 2,
      lastError: "451 4.3.0 Mailbox busy",
      sentAt: null,
      nextAttemptAt: "2026-11-23T10:03:00.000Z",
    }),
    email(2, {
      kind: "invitation",
      status: "failed",
      tries: 8,
      lastError: "550 5.1.1 No such mailbox",
      sentAt: null,
      failedAt: "2026-11-23T12:00:00.000Z",
    }),
    email(1),
  ];
  const queries: URLSearchParams[] = [];
  const writes: Write[] = [];
  const handlers = [
    http.get(`${UPSTREAM}/api/admin/e-mail`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      const limit = Number(params.get("$limit") ?? 20);
      const skip = Number(params.get("$skip") ?? 0);
      const found = emails.filter((e) => !params.get("status") || e.status === params.get("status"));
      return HttpResponse.json({ total: found.length, limit, skip, data: found.slice(skip, skip + limit) });
    }),
    http.patch(`${UPSTREAM}/api/admin/e-mail/:id`, async ({ params, request }) => {
      const body = await request.json();
      writes.push({ method: "PATCH", path: `/api/admin/e-mail/${String(params.id)}`, body });
      const found = emails.find((e) => e.id === String(params.id));
      if (!found)
        return HttpResponse.json(
          { name: "NotFound", code: 404, message: `E-mail '${String(params.id)}' not found` },
          { status: 404 },
        );
      if (found.status !== "failed")
        return HttpResponse.json(
          { name: "Conflict", code: 409, message: "Only a failed e-mail can be sent again" },
          { status: 409 },
        );
      Object.assign(found, { status: "pending", tries: 0, failedAt: null });
      return HttpResponse.json(found);
    }),
  ];
  return { handlers, queries, writes, emails };
}
