import { http, HttpResponse } from "msw";
import { UPSTREAM } from "./fixtures";

/**
 * Issue 17's account calls as the provider answers them (common contract 1–5, decision 113): GET /api/site-user and
 * GET /api/invitation (paged, the customer's own), PATCH /api/invitation/:id {resend: true}, DELETE /api/invitation/:id
 * (an id not in the list → 404), POST /api/invitation (an e-mail already a user or invited → 400 `email`, a permission
 * outside `inviterHolds` → 400 `permissions`), POST /api/password-change (`currentPassword` other than CURRENT_PASSWORD
 * → 400, or 429 when `rateLimited`; a new password outside 10–200 → 400), POST /api/sign-out-everywhere. Every query,
 * body and write is recorded.
 */
export const CURRENT_PASSWORD = "old-password-1";

export function siteUser(n: number, more: Record<string, unknown> = {}) {
  return {
    id: 10 + n,
    firstName: `First${n}`,
    lastName: `Last${String(n).padStart(2, "0")}`,
    email: `user${n}@demo.test`,
    lastLoginAt: n % 2 === 0 ? "2026-11-20T09:15:00.000Z" : null,
    isActive: n % 5 !== 0,
    isApprover: false,
    needsApproval: false,
    permissions: ["canViewFullCatalogue"],
    ...more,
  };
}

export function invitation(id: number, more: Record<string, unknown> = {}) {
  return {
    id,
    email: `invitee${id}@demo.test`,
    firstName: "Ivy",
    lastName: `Invitee${id}`,
    permissions: ["canViewFullCatalogue", "viewOrderHistory"],
    isApprover: false,
    needsApproval: true,
    createdAt: "2026-11-21T10:00:00.000Z",
    expiresAt: "2026-11-28T10:00:00.000Z",
    status: "pending",
    invitedBy: { firstName: "Bea", lastName: "Buyer" },
    ...more,
  };
}

export function siteUserHandlers(
  options: {
    users?: number;
    invitations?: Array<ReturnType<typeof invitation>>;
    inviterHolds?: string[];
    rateLimited?: boolean;
    status?: number;
  } = {},
) {
  const users = Array.from({ length: options.users ?? 3 }, (_, i) => siteUser(i + 1));
  const invitations = options.invitations ?? [
    invitation(901),
    invitation(902, { status: "expired", expiresAt: "2026-11-01T10:00:00.000Z" }),
  ];
  const holds = new Set(options.inviterHolds ?? ["canViewFullCatalogue", "viewOrderHistory", "addSiteUser"]);
  const queries: Record<"users" | "invitations", URLSearchParams[]> = { users: [], invitations: [] };
  const writes: Array<{ method: string; path: string; body: unknown; headers: Headers }> = [];
  const invalid = (field: string, why: string) =>
    HttpResponse.json(
      { name: "BadRequest", message: `Invalid value at field "${field}": ${why}`, code: 400, data: { field } },
      { status: 400 },
    );
  const notFound = () =>
    HttpResponse.json({ name: "NotFound", message: "No record found", code: 404 }, { status: 404 });
  const forbidden = () =>
    HttpResponse.json({ name: "Forbidden", message: "You may not manage site users", code: 403 }, { status: 403 });
  const page = <T>(data: T[], params: URLSearchParams) => {
    const limit = Number(params.get("$limit") ?? 16);
    const skip = Number(params.get("$skip") ?? 0);
    return HttpResponse.json({ total: data.length, limit, skip, data: data.slice(skip, skip + limit) });
  };
  const record = async (request: Request) => {
    const text = await request.text();
    const body = text ? (JSON.parse(text) as unknown) : undefined;
    writes.push({ method: request.method, path: new URL(request.url).pathname, body, headers: request.headers });
    return body as Record<string, unknown> | undefined;
  };
  const handlers = [
    http.get(`${UPSTREAM}/api/site-user`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.users.push(params);
      return options.status ? forbidden() : page(users, params);
    }),
    http.get(`${UPSTREAM}/api/invitation`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.invitations.push(params);
      return options.status ? forbidden() : page(invitations, params);
    }),
    http.patch(`${UPSTREAM}/api/invitation/:id`, async ({ request, params }) => {
      const body = await record(request);
      const found = invitations.find((i) => String(i.id) === params.id);
      if (!found) return notFound();
      if (body?.resend !== true) return invalid("resend", "must be true");
      return HttpResponse.json({ ...found, status: "pending", expiresAt: "2026-11-30T12:00:00.000Z" });
    }),
    http.delete(`${UPSTREAM}/api/invitation/:id`, async ({ request, params }) => {
      await record(request);
      const found = invitations.find((i) => String(i.id) === params.id);
      return found ? HttpResponse.json({ id: found.id, revoked: true }) : notFound();
    }),
    http.post(`${UPSTREAM}/api/invitation`, async ({ request }) => {
      const body = (await record(request)) ?? {};
      if (options.status) return forbidden();
      const email = String(body.email ?? "").toLowerCase();
      if (users.some((u) => u.email === email) || invitations.some((i) => i.email === email))
        return invalid("email", "this address is already a user of this customer or has a pending invitation");
      const lacking = ((body.permissions as string[] | undefined) ?? []).find((p) => !holds.has(p));
      if (lacking) return invalid("permissions", `you cannot grant ${lacking}, which you do not hold`);
      return HttpResponse.json({ email, expiresAt: "2026-11-30T12:00:00.000Z" }, { status: 201 });
    }),
    http.post(`${UPSTREAM}/api/password-change`, async ({ request }) => {
      const body = (await record(request)) ?? {};
      if (options.rateLimited) {
        return HttpResponse.json(
          {
            name: "TooManyRequests",
            message: "Too many attempts. Try again in 15 minutes.",
            code: 429,
            data: { retryAfterSeconds: 900 },
          },
          { status: 429, headers: { "Retry-After": "900" } },
        );
      }
      if (body.currentPassword !== CURRENT_PASSWORD)
        return invalid("currentPassword", "The current password is not right");
      const next = body.newPassword;
      if (typeof next !== "string" || next.length < 10 || next.length > 200)
        return invalid("newPassword", "use 10 to 200 characters");
      return HttpResponse.json({ changed: true }, { status: 201 });
    }),
    http.post(`${UPSTREAM}/api/sign-out-everywhere`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ revoked: 3 }, { status: 201 });
    }),
  ];
  return { handlers, queries, writes };
}
