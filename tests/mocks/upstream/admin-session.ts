import { http, HttpResponse } from "msw";
import { sessionAnswer, UPSTREAM } from "./fixtures";
import { expect } from "vitest";
import { locationOf } from "../requests";
import { useRouteTest } from "../route";

/**
 * C20's admin session calls as the provider answers them (issue 20 items 1, 5, 6; decision 129): customers and their
 * users for the view-as picker, POST/DELETE /api/admin/view-as, GET/DELETE /api/admin/active-session, GET/POST/DELETE
 * /api/admin/admin-user, and GET /api/session for the act-as token (ACT_AS_TOKEN: the viewed user, with actingAdmin).
 * The admin's own token is "token-1" (authHandlers answers its session). Every call is recorded with its token.
 */
export const ADMIN_TOKEN = "token-1";
export const ACT_AS_TOKEN = "act-as-40";

const person = (id: string, email: string, firstName: string, lastName: string) => ({ id, email, firstName, lastName });
export const ADA = person("7", "admin@demo.test", "Ada", "Admin");
export const RORY = person("2", "requester@demo.test", "Rory", "Requester");
const NORTHWIND = { id: "1001", name: "Northwind Facilities" };

const err = (status: number, name: string, message: string, errors?: Record<string, string>) =>
  HttpResponse.json({ name, code: status, message, ...(errors ? { errors } : {}) }, { status });

export type AdminCall = {
  method: string;
  path: string;
  token: string | null;
  query: Record<string, string>;
  body: unknown;
};

export function activeSession(n: number, more: Record<string, unknown> = {}) {
  return {
    sessionId: String(100 + n),
    user: person(String(20 + n), `user${n}@demo.test`, `First${n}`, `Last${n}`),
    customer: NORTHWIND,
    createdAt: "2026-11-23T09:00:00.000Z",
    lastSeenAt: "2026-11-23T09:58:00.000Z",
    punchout: false,
    actAs: false,
    actingAdmin: null,
    ...more,
  };
}

export function adminSessionHandlers(
  options: { sessions?: number; actAsStatus?: number; stopStatus?: number; lastAdmin?: boolean } = {},
) {
  const calls: AdminCall[] = [];
  const sessions = Array.from({ length: options.sessions ?? 2 }, (_, i) => activeSession(i + 1));
  const admins = [
    { ...ADA, isActive: true, lastLoginAt: "2026-11-23T08:00:00.000Z" },
    { ...person("8", "second.admin@demo.test", "Sam", "Second"), isActive: true, lastLoginAt: null },
  ];
  const users = [
    { ...RORY, isEvolveUser: false, isActive: true, customers: [NORTHWIND] },
    { ...person("3", "bea@demo.test", "Bea", "Buyer"), isEvolveUser: false, isActive: false, customers: [NORTHWIND] },
  ];
  const record = async (request: Request) => {
    const url = new URL(request.url);
    let body: unknown = undefined;
    if (request.method !== "GET" && request.method !== "DELETE") body = await request.json().catch(() => undefined);
    const auth = request.headers.get("authorization");
    calls.push({
      method: request.method,
      path: url.pathname,
      token: auth ? auth.replace(/^Bearer /, "") : null,
      query: Object.fromEntries(url.searchParams),
      body,
    });
  };
  const handlers = [
    http.get(`${UPSTREAM}/api/session`, ({ request }) => {
      if (request.headers.get("authorization") !== `Bearer ${ACT_AS_TOKEN}`) return undefined;
      if (options.actAsStatus === 401) return err(401, "NotAuthenticated", "Not authenticated");
      const base = sessionAnswer({ permissions: ["canViewFullCatalogue"] });
      return HttpResponse.json({
        ...base,
        user: { id: 2, email: RORY.email, firstName: "Rory", lastName: "Requester" },
        actingAdmin: ADA,
      });
    }),
    http.get(`${UPSTREAM}/api/admin/customer`, async ({ request }) => {
      await record(request);
      const q = new URL(request.url).searchParams.get("q")?.toLowerCase() ?? "";
      const all = [
        { ...NORTHWIND, userCount: 2 },
        { id: "1002", name: "Harbour Health Trust", userCount: 1 },
      ].filter((c) => c.name.toLowerCase().includes(q));
      return HttpResponse.json({ total: all.length, limit: 16, skip: 0, data: all });
    }),
    http.get(`${UPSTREAM}/api/admin/customer/:id`, async ({ request, params }) => {
      await record(request);
      if (params.id !== "1001") return err(404, "NotFound", `Customer '${params.id}' not found`);
      return HttpResponse.json({ ...NORTHWIND, userCount: 2 });
    }),
    http.get(`${UPSTREAM}/api/admin/user`, async ({ request }) => {
      await record(request);
      const url = new URL(request.url);
      const customerId = url.searchParams.get("customerId");
      if (customerId && customerId !== "1001") return err(404, "NotFound", `Customer '${customerId}' not found`);
      const q = url.searchParams.get("q")?.toLowerCase() ?? "";
      const found = users.filter((u) => `${u.firstName} ${u.lastName} ${u.email}`.toLowerCase().includes(q));
      return HttpResponse.json({
        total: found.length,
        limit: Number(url.searchParams.get("$limit") ?? 16),
        skip: 0,
        data: found,
      });
    }),
    http.post(`${UPSTREAM}/api/admin/view-as`, async ({ request }) => {
      await record(request);
      const body = calls.at(-1)!.body as { customerId?: string; userId?: string };
      if (body.customerId !== "1001") return err(404, "NotFound", `Customer '${body.customerId}' not found`);
      if (body.userId === "7") return err(409, "Conflict", "You cannot view as another admin");
      if (body.userId === "3") return err(409, "Conflict", "This user is inactive");
      if (body.userId === "9")
        return err(400, "BadRequest", 'Invalid value at field "userId"', {
          userId: "This user has no business unit at this customer",
        });
      if (body.userId !== "2") return err(404, "NotFound", `User '${body.userId}' not found`);
      return HttpResponse.json(
        {
          accessToken: ACT_AS_TOKEN,
          sessionId: "40",
          expiresAt: "2026-11-24T09:00:00.000Z",
          user: RORY,
          customer: NORTHWIND,
          actingAdmin: ADA,
        },
        { status: 201 },
      );
    }),
    http.delete(`${UPSTREAM}/api/admin/view-as/:id`, async ({ request, params }) => {
      await record(request);
      if (options.stopStatus === 404 || params.id !== "40")
        return err(404, "NotFound", `View-as session '${params.id}' not found`);
      return HttpResponse.json({ sessionId: params.id, ended: true });
    }),
    http.get(`${UPSTREAM}/api/admin/active-session`, async ({ request }) => {
      await record(request);
      const url = new URL(request.url);
      const limit = Number(url.searchParams.get("$limit") ?? 50);
      const skip = Number(url.searchParams.get("$skip") ?? 0);
      return HttpResponse.json({ total: sessions.length, limit, skip, data: sessions.slice(skip, skip + limit) });
    }),
    http.delete(`${UPSTREAM}/api/admin/active-session/:id`, async ({ request, params }) => {
      await record(request);
      const at = sessions.findIndex((s) => s.sessionId === params.id);
      if (at < 0) return err(404, "NotFound", `Session '${params.id}' not found`);
      sessions.splice(at, 1);
      return HttpResponse.json({ sessionId: params.id, revoked: true });
    }),
    http.get(`${UPSTREAM}/api/admin/admin-user`, async ({ request }) => {
      await record(request);
      return HttpResponse.json({ total: admins.length, limit: 50, skip: 0, data: admins });
    }),
    http.post(`${UPSTREAM}/api/admin/admin-user`, async ({ request }) => {
      await record(request);
      const { userId } = calls.at(-1)!.body as { userId: string };
      if (admins.some((a) => a.id === userId)) return err(409, "Conflict", "This user is already an admin");
      const user = users.find((u) => u.id === userId);
      if (!user) return err(404, "NotFound", `User '${userId}' not found`);
      if (!user.isActive) return err(409, "Conflict", "This user is inactive: reactivate them first");
      const added = {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        isActive: true,
        lastLoginAt: null,
      };
      admins.push(added);
      return HttpResponse.json(added, { status: 201 });
    }),
    http.delete(`${UPSTREAM}/api/admin/admin-user/:id`, async ({ request, params }) => {
      await record(request);
      if (params.id === ADA.id) return err(409, "Conflict", "You cannot revoke your own admin rights");
      const at = admins.findIndex((a) => a.id === params.id);
      if (at < 0) return err(404, "NotFound", `Admin user '${params.id}' not found`);
      if (options.lastAdmin) return err(409, "Conflict", "At least one active admin must remain");
      const [gone] = admins.splice(at, 1);
      return HttpResponse.json(gone);
    }),
  ];
  return { handlers, calls, sessions, admins };
}

type BoundRoute = Parameters<ReturnType<typeof useRouteTest>["route"]>[1];

/**
 * The set-up of an admin screen's route test that answers from this mock alone (evolve users only): signed in with the
 * admin's token; `setUp` signs in an evolve user (or not, with `evolve: false`) with the mock's handlers and gives the
 * mock back; `load(query)` GETs the page as its loader's data, `send(form, query)` POSTs to it.
 */
export function useAdminSessionRoute<Loader extends NonNullable<BoundRoute["loader"]>>(
  path: string,
  module: { loader: Loader; action: NonNullable<BoundRoute["action"]> },
) {
  const t = useRouteTest({ token: ADMIN_TOKEN });
  const route = t.route(path, module);
  function setUp(options: Parameters<typeof adminSessionHandlers>[0] & { evolve?: boolean } = {}) {
    const mock = adminSessionHandlers(options);
    t.signIn({ isEvolveUser: options.evolve ?? true }, ...mock.handlers);
    return mock;
  }
  const load = (query = "") => route.load(query) as Promise<Awaited<ReturnType<Loader>>>;
  const send = (form: Record<string, string>, query = "") => route.send(form, query);
  /** A user who is not an evolve user is sent to / from the page and from each of `posts`; the provider is asked nothing. */
  async function expectNonEvolveUserRefused(posts: Array<Record<string, string>>) {
    const { calls } = setUp({ evolve: false });
    expect(locationOf(await load())).toBe("/");
    for (const form of posts) expect(locationOf(await send(form))).toBe("/");
    expect(calls).toEqual([]);
  }
  /** Bad input posted by an evolve user: 400, and the provider is asked nothing. */
  async function expectBadInputRefused(form: Record<string, string>) {
    const { calls } = setUp();
    const result = (await send(form)) as { init: ResponseInit };
    expect(result.init.status).toBe(400);
    expect(calls).toEqual([]);
  }
  return { setUp, load, send, expectNonEvolveUserRefused, expectBadInputRefused };
}
