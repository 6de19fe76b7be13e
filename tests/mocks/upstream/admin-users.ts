import { http, HttpResponse } from "msw";
import { PERMISSIONS } from "~/domain/permissions";
import { UPSTREAM } from "./fixtures";
import { orderAnswer } from "./orders";

/**
 * R20b's admin calls as C20 (the provider's admin API, issue 20) answers them: the log-in history
 * (GET /api/admin/login-attempt, filtered and paged), users (GET /api/admin/user list and one, PATCH one {isActive}),
 * PATCH /api/admin/user-unit/:contactId, POST /api/admin/password-reset, POST /api/admin/invitation,
 * GET /api/admin/customer, and orders across customers (GET /api/admin/order list and one). Unknown ids → 404 with
 * C20's messages, bad input → 400 with `errors`, the 409s of the contract. Every query and write is recorded.
 * `forbid`: every call answers 403 as it does for a caller who is not an evolve user.
 */
export const CALLER_ID = "1";

export const person = (n: number, more: Record<string, unknown> = {}) => ({
  id: String(n),
  email: `person${n}@demo.test`,
  firstName: `First${n}`,
  lastName: `Last${n}`,
  ...more,
});

export function loginAttempt(n: number, more: Record<string, unknown> = {}) {
  const success = n % 3 !== 0;
  return {
    id: String(n),
    email: n % 4 === 0 ? `nobody${n}@x.test` : `person${n % 4}@demo.test`,
    user: n % 4 === 0 ? null : person(n % 4),
    success,
    reason: success ? null : "wrong password",
    address: n === 1 ? null : "127.0.0.1",
    userAgent: n === 1 ? null : "Mozilla/5.0 (X11; Linux x86_64)",
    attemptedAt: new Date(Date.UTC(2026, 10, 23, 12, 0) - n * 60_000).toISOString(),
    ...more,
  };
}

export function adminUser(n = 2, more: Record<string, unknown> = {}) {
  return {
    id: String(n),
    email: `person${n}@demo.test`,
    firstName: `First${n}`,
    lastName: `Last${n}`,
    isEvolveUser: false,
    isActive: true,
    createdAt: "2026-01-05T09:00:00.000Z",
    lastLoginAt: "2026-11-22T08:30:00.000Z",
    units: [
      {
        customer: { id: "1002", name: "Harbour Health Trust" },
        contact: { id: "5101", firstName: `First${n}`, lastName: `Last${n}` },
        permissions: ["canViewFullCatalogue"],
        isApprover: false,
        needsApproval: true,
        wpContactOnly: false,
      },
      {
        customer: { id: "1001", name: "Northwind Facilities" },
        contact: { id: "5001", firstName: `First${n}`, lastName: `Last${n}` },
        permissions: ["canViewFullCatalogue", "viewOrderHistory"],
        isApprover: true,
        needsApproval: false,
        wpContactOnly: false,
      },
    ],
    recentLogins: [
      loginAttempt(2, { email: `person${n}@demo.test`, user: person(n) }),
      loginAttempt(3, { email: `person${n}@demo.test`, user: person(n) }),
    ],
    recentAudit: [
      {
        id: "5",
        at: "2026-11-23T10:00:00.000Z",
        admin: person(7, { firstName: "Ada", lastName: "Admin" }),
        asUser: null,
        subjectUser: person(n),
        customer: { id: "1001", name: "Northwind Facilities" },
        service: "admin/user-unit",
        method: "patch",
        recordId: "5001",
        summary: "Permissions changed in Northwind Facilities",
        before: { permissions: ["canViewFullCatalogue"], isApprover: false },
        after: { permissions: ["canViewFullCatalogue", "viewOrderHistory"], isApprover: true },
      },
      {
        id: "4",
        at: "2026-11-23T09:00:00.000Z",
        admin: person(7, { firstName: "Ada", lastName: "Admin" }),
        asUser: person(n),
        subjectUser: person(n),
        customer: { id: "1001", name: "Northwind Facilities" },
        service: "basket-session",
        method: "patch",
        recordId: null,
        summary: "patch basket-session",
        before: null,
        after: null,
      },
    ],
    activeSessions: 1,
    ...more,
  };
}

export const CUSTOMERS = [
  { id: "1002", name: "Harbour Health Trust", userCount: 2 },
  { id: "1001", name: "Northwind Facilities", userCount: 3 },
];

export function adminOrder(n: number, more: Record<string, unknown> = {}) {
  const customer = n % 2 === 0 ? CUSTOMERS[1] : CUSTOMERS[0];
  return {
    ...orderAnswer({ internalId: String(800 + n), tranId: `SO${1000 + n}`, otherRefNum: `PO-${n}`, ...more }),
    customer: { id: customer.id, name: customer.name },
  };
}

type Write = { method: string; path: string; body: unknown };

export function adminUserHandlers(
  options: { attempts?: number; orders?: number; forbid?: boolean; lastAdmin?: boolean } = {},
) {
  const attempts = Array.from({ length: options.attempts ?? 3 }, (_, i) => loginAttempt(i + 1));
  const orders = Array.from({ length: options.orders ?? 3 }, (_, i) => adminOrder(i + 1));
  const users = new Map([
    ["2", adminUser(2)],
    ["3", adminUser(3, { isActive: false })],
    [CALLER_ID, adminUser(1, { isEvolveUser: true, email: "buyer@demo.test" })],
  ]);
  const queries: Record<"attempts" | "users" | "customers" | "orders", URLSearchParams[]> = {
    attempts: [],
    users: [],
    customers: [],
    orders: [],
  };
  const writes: Write[] = [];
  const bad = (errors: Record<string, string>) => {
    const [field, message] = Object.entries(errors)[0];
    return HttpResponse.json(
      {
        name: "BadRequest",
        code: 400,
        className: "bad-request",
        message: `Invalid value at field "${field}": ${message}`,
        errors,
      },
      { status: 400 },
    );
  };
  const notFound = (message: string) => HttpResponse.json({ name: "NotFound", code: 404, message }, { status: 404 });
  const conflict = (message: string) => HttpResponse.json({ name: "Conflict", code: 409, message }, { status: 409 });
  const forbidden = () =>
    HttpResponse.json(
      { name: "Forbidden", message: "Only provider staff may use the admin area", code: 403 },
      { status: 403 },
    );
  const page = <T>(data: T[], params: URLSearchParams) => {
    const limit = Number(params.get("$limit") ?? 16);
    const skip = Number(params.get("$skip") ?? 0);
    if (!(limit >= 1 && limit <= 100)) return bad({ $limit: "must be between 1 and 100" });
    return HttpResponse.json({ total: data.length, limit, skip, data: data.slice(skip, skip + limit) });
  };
  const record = async (request: Request) => {
    const text = await request.text();
    const body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    writes.push({ method: request.method, path: new URL(request.url).pathname, body });
    return body;
  };
  const known = new Set<string>(PERMISSIONS);
  const handlers = [
    http.get(`${UPSTREAM}/api/admin/login-attempt`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.attempts.push(params);
      if (options.forbid) return forbidden();
      if ((params.get("from") ?? "") > (params.get("to") ?? "9999") && params.get("to"))
        return bad({ from: "must be on or before the 'to' date" });
      const email = params.get("email")?.toLowerCase();
      const outcome = params.get("outcome");
      const found = attempts.filter(
        (a) => (!email || a.email.includes(email)) && (!outcome || a.success === (outcome === "success")),
      );
      return page(found, params);
    }),
    http.get(`${UPSTREAM}/api/admin/user`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.users.push(params);
      if (options.forbid) return forbidden();
      const q = params.get("q")?.toLowerCase() ?? "";
      const found = [...users.values()]
        .filter((u) => !q || `${u.firstName} ${u.lastName} ${u.email}`.toLowerCase().includes(q))
        .map((u) => ({
          id: u.id,
          email: u.email,
          firstName: u.firstName,
          lastName: u.lastName,
          isEvolveUser: u.isEvolveUser,
          isActive: u.isActive,
          customers: u.units.map((x) => x.customer),
        }));
      return page(found, params);
    }),
    http.get(`${UPSTREAM}/api/admin/user/:userId`, ({ params }) => {
      if (options.forbid) return forbidden();
      const user = users.get(String(params.userId));
      return user ? HttpResponse.json(user) : notFound(`User '${String(params.userId)}' not found`);
    }),
    http.patch(`${UPSTREAM}/api/admin/user/:userId`, async ({ request, params }) => {
      if (options.forbid) return forbidden();
      const body = await record(request);
      const user = users.get(String(params.userId));
      if (!user) return notFound(`User '${String(params.userId)}' not found`);
      if (typeof body.isActive !== "boolean") return bad({ isActive: "must be true or false" });
      if (!body.isActive && user.id === CALLER_ID) return conflict("You cannot deactivate yourself");
      if (!body.isActive && options.lastAdmin) return conflict("At least one active admin must remain");
      user.isActive = body.isActive;
      return HttpResponse.json(user);
    }),
    http.patch(`${UPSTREAM}/api/admin/user-unit/:contactId`, async ({ request, params }) => {
      if (options.forbid) return forbidden();
      const body = await record(request);
      const user = [...users.values()].find((u) => u.units.some((x) => x.contact.id === String(params.contactId)));
      if (!user) return notFound(`Business unit '${String(params.contactId)}' not found`);
      const permissions = body.permissions as string[] | undefined;
      const unknown = permissions?.find((p) => !known.has(p));
      if (unknown) return bad({ permissions: `'${unknown}' is not a known permission` });
      const unit = user.units.find((x) => x.contact.id === String(params.contactId))!;
      Object.assign(unit, body);
      return HttpResponse.json(user);
    }),
    http.post(`${UPSTREAM}/api/admin/password-reset`, async ({ request }) => {
      if (options.forbid) return forbidden();
      const body = await record(request);
      const user = users.get(String(body.userId));
      if (!user) return notFound(`User '${String(body.userId)}' not found`);
      if (!user.isActive) return conflict("This user is inactive: reactivate them first");
      return HttpResponse.json({ sent: true, email: user.email }, { status: 201 });
    }),
    http.post(`${UPSTREAM}/api/admin/invitation`, async ({ request }) => {
      if (options.forbid) return forbidden();
      const body = await record(request);
      const customer = CUSTOMERS.find((c) => c.id === String(body.customerId));
      if (!customer) return notFound(`Customer '${String(body.customerId)}' not found`);
      const unknown = (body.permissions as string[] | undefined)?.find((p) => !known.has(p));
      if (unknown) return bad({ permissions: `'${unknown}' is not a known permission` });
      if (
        [...users.values()].some((u) => u.email === body.email && u.units.some((x) => x.customer.id === customer.id)) ||
        body.email === "invited@demo.test"
      ) {
        return bad({ email: "this address is already a user of this customer or has a pending invitation" });
      }
      return HttpResponse.json(
        {
          email: body.email,
          expiresAt: "2026-11-30T20:00:00.000Z",
          customer: { id: customer.id, name: customer.name },
        },
        { status: 201 },
      );
    }),
    http.get(`${UPSTREAM}/api/admin/customer`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.customers.push(params);
      if (options.forbid) return forbidden();
      const q = params.get("q")?.toLowerCase() ?? "";
      return page(
        CUSTOMERS.filter((c) => c.name.toLowerCase().includes(q)),
        params,
      );
    }),
    http.get(`${UPSTREAM}/api/admin/order`, ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.orders.push(params);
      if (options.forbid) return forbidden();
      const customerId = params.get("customerId");
      if (customerId && !CUSTOMERS.some((c) => c.id === customerId))
        return notFound(`Customer '${customerId}' not found`);
      if ((params.get("from") ?? "") > (params.get("to") ?? "9999") && params.get("to"))
        return bad({ from: "must be on or before the 'to' date" });
      const tranId = params.get("tranId")?.toLowerCase();
      const found = orders.filter(
        (o) =>
          (!tranId || String(o.tranId).toLowerCase().includes(tranId)) && (!customerId || o.customer.id === customerId),
      );
      return page(found, params);
    }),
    http.get(`${UPSTREAM}/api/admin/order/:orderId`, ({ params }) => {
      if (options.forbid) return forbidden();
      const order = orders.find((o) => o.internalId === String(params.orderId));
      if (!order) return notFound(`Order '${String(params.orderId)}' not found`);
      return HttpResponse.json({ ...order, placedBy: person(2, { firstName: "Rory", lastName: "Requester" }) });
    }),
  ];
  return { handlers, queries, writes, users };
}
