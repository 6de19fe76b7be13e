import { getServiceOptions } from "@feathersjs/feathers";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProviderApp } from "../app";
import { ADMIN_SERVICES } from "../services/admin-register";
import { HARBOUR, NORTHWIND, startTestProvider, type TestProvider } from "./fixtures";

/**
 * Decision 127: every admin call, every method, needs an evolve user — checked by the provider. Without a token: 401;
 * a customer's user (with every permission they have), or an act-as session (whose caller is that user): 403. Nothing
 * is written by a refused call. A method registered under /api/admin without a row here fails the coverage test.
 */

interface Row {
  service: string;
  method: "find" | "get" | "create" | "patch" | "remove";
  http: string;
  path: string;
  body?: unknown;
}

const TABLE: Row[] = [
  { service: "admin/active-session", method: "find", http: "GET", path: "/api/admin/active-session" },
  { service: "admin/active-session", method: "remove", http: "DELETE", path: "/api/admin/active-session/1" },
  { service: "admin/login-attempt", method: "find", http: "GET", path: "/api/admin/login-attempt" },
  { service: "admin/user", method: "find", http: "GET", path: "/api/admin/user" },
  { service: "admin/user", method: "get", http: "GET", path: "/api/admin/user/2" },
  { service: "admin/user", method: "patch", http: "PATCH", path: "/api/admin/user/2", body: { isActive: false } },
  {
    service: "admin/user-unit",
    method: "patch",
    http: "PATCH",
    path: "/api/admin/user-unit/5002",
    body: { permissions: ["addSiteUser"] },
  },
  {
    service: "admin/password-reset",
    method: "create",
    http: "POST",
    path: "/api/admin/password-reset",
    body: { userId: 2 },
  },
  {
    service: "admin/invitation",
    method: "create",
    http: "POST",
    path: "/api/admin/invitation",
    body: { customerId: HARBOUR, email: "new@demo.test", firstName: "New", lastName: "Person" },
  },
  { service: "admin/admin-user", method: "find", http: "GET", path: "/api/admin/admin-user" },
  { service: "admin/admin-user", method: "create", http: "POST", path: "/api/admin/admin-user", body: { userId: 2 } },
  { service: "admin/admin-user", method: "remove", http: "DELETE", path: "/api/admin/admin-user/6" },
  { service: "admin/customer", method: "find", http: "GET", path: "/api/admin/customer" },
  { service: "admin/customer", method: "get", http: "GET", path: `/api/admin/customer/${NORTHWIND}` },
  { service: "admin/view-as", method: "find", http: "GET", path: "/api/admin/view-as" },
  {
    service: "admin/view-as",
    method: "create",
    http: "POST",
    path: "/api/admin/view-as",
    body: { customerId: NORTHWIND, userId: 2 },
  },
  { service: "admin/view-as", method: "remove", http: "DELETE", path: "/api/admin/view-as/1" },
  { service: "admin/order", method: "find", http: "GET", path: "/api/admin/order" },
  { service: "admin/order", method: "get", http: "GET", path: "/api/admin/order/1" },
  { service: "admin/audit", method: "find", http: "GET", path: "/api/admin/audit" },
  // issue 21 (decision 131)
  { service: "admin/product", method: "find", http: "GET", path: "/api/admin/product" },
  {
    service: "admin/my-catalogue",
    method: "find",
    http: "GET",
    path: `/api/admin/my-catalogue?customerId=${NORTHWIND}`,
  },
  {
    service: "admin/my-catalogue",
    method: "create",
    http: "POST",
    path: "/api/admin/my-catalogue",
    body: { customerId: NORTHWIND, itemId: 20030, categoryId: 20 },
  },
  {
    service: "admin/my-catalogue",
    method: "patch",
    http: "PATCH",
    path: `/api/admin/my-catalogue/20010?customerId=${NORTHWIND}`,
    body: { move: "down" },
  },
  {
    service: "admin/my-catalogue",
    method: "remove",
    http: "DELETE",
    path: `/api/admin/my-catalogue/20010?customerId=${NORTHWIND}`,
  },
  { service: "admin/category", method: "find", http: "GET", path: "/api/admin/category" },
  { service: "admin/category", method: "get", http: "GET", path: "/api/admin/category/10" },
  { service: "admin/category", method: "patch", http: "PATCH", path: "/api/admin/category/12", body: { move: "up" } },
  { service: "admin/promotion", method: "find", http: "GET", path: "/api/admin/promotion" },
  { service: "admin/promotion", method: "get", http: "GET", path: "/api/admin/promotion/1" },
  {
    service: "admin/promotion",
    method: "create",
    http: "POST",
    path: "/api/admin/promotion",
    body: { kind: "banner", title: "Sale", startsOn: "2026-11-01", endsOn: "2026-11-30" },
  },
  {
    service: "admin/promotion",
    method: "patch",
    http: "PATCH",
    path: "/api/admin/promotion/1",
    body: { title: "Sale!" },
  },
  { service: "admin/promotion", method: "remove", http: "DELETE", path: "/api/admin/promotion/1" },
  { service: "admin/sector", method: "find", http: "GET", path: "/api/admin/sector" },
  { service: "admin/erp-import", method: "find", http: "GET", path: "/api/admin/erp-import" },
  { service: "admin/erp-import", method: "get", http: "GET", path: "/api/admin/erp-import/1" },
  { service: "admin/erp-import", method: "create", http: "POST", path: "/api/admin/erp-import", body: {} },
  { service: "admin/erp-source", method: "find", http: "GET", path: "/api/admin/erp-source" },
  // issue 32 (decision 147): every customer's addresses, to provider staff only
  { service: "admin/e-mail", method: "find", http: "GET", path: "/api/admin/e-mail" },
  {
    service: "admin/e-mail",
    method: "patch",
    http: "PATCH",
    path: "/api/admin/e-mail/1",
    body: { sendAgain: true },
  },
];

let p: TestProvider;
let buyer: string;
let actAs: string;

/** Every row of the tables a refused admin call could write. */
async function snapshot(db: Knex) {
  const out: Record<string, unknown[]> = {};
  for (const table of [
    "users",
    "user_customers",
    "auth_sessions",
    "audit_log",
    "password_tokens",
    "outbox",
    "contacts",
    "login_attempts",
    "categories",
    "item_categories",
    "my_catalogue_positions",
    "promotions",
    "erp_import_runs",
    "items",
  ]) {
    out[table] = await db(table)
      .select("*")
      .then((rows) => rows.map((r) => JSON.stringify(r)).sort());
  }
  return out;
}

beforeAll(async () => {
  p = await startTestProvider();
  // promotion 1, import run 1 and failed e-mail 1, for the rows that name them
  await p.db("outbox").insert({
    to_email: "buyer@demo.test",
    kind: "reset",
    subject: "Reset your password",
    body: "…",
    created_at: "2026-11-01T00:00:00.000Z",
    status: "failed",
    attempts: 8,
    last_error: "550 No such mailbox",
  });
  await p
    .db("erp_import_runs")
    .insert({ status: "failed", file: "erp-feed.json", queued_at: "2026-11-01T00:00:00.000Z", failure: "test" });
  await p.db("promotions").insert({
    kind: "banner",
    title: "Sale",
    starts_on: "2026-11-01",
    ends_on: "2026-11-30",
    audience: "all",
    position: 1,
    created_at: "2026-11-01T00:00:00.000Z",
    updated_at: "2026-11-01T00:00:00.000Z",
  });
  buyer = await p.login("buyer@demo.test");
  await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
  const admin = await p.login("admin@demo.test");
  const viewing = await p.api("POST", "/api/admin/view-as", {
    token: admin,
    body: { customerId: NORTHWIND, userId: 1 },
  });
  expect(viewing.status).toBe(201);
  actAs = viewing.body.accessToken;
});
afterAll(() => p?.close());

describe("every admin call needs an evolve user (decision 127)", () => {
  for (const row of TABLE) {
    it(`${row.http} ${row.path}: 401 without a token, 403 for a customer's user and for an act-as session, nothing written`, async () => {
      const before = await snapshot(p.db);
      const anonymous = await p.api(row.http, row.path, { body: row.body });
      expect(anonymous.status, "no token").toBe(401);
      const user = await p.api(row.http, row.path, { token: buyer, body: row.body });
      expect(user.status, "customer's user").toBe(403);
      expect(user.body.message).toBe("Only provider staff may use the admin area");
      const viewing = await p.api(row.http, row.path, { token: actAs, body: row.body });
      expect(viewing.status, "act-as session").toBe(403);
      expect(await snapshot(p.db)).toEqual(before);
    });
  }

  it("every method registered under /api/admin has a row, and every row names one", () => {
    const app = createProviderApp({ db: p.db, log: () => {} });
    const registered = new Set<string>();
    for (const [path, service] of Object.entries(app.services)) {
      if (!path.startsWith("api/admin/")) continue;
      for (const method of getServiceOptions(service).methods ?? []) registered.add(`${method} ${path.slice(4)}`);
    }
    const adminPaths = Object.keys(app.services)
      .filter((path) => path.startsWith("api/admin/"))
      .map((path) => path.slice(4))
      .sort();
    expect(adminPaths).toEqual(Object.keys(ADMIN_SERVICES).sort());
    const rows = new Set(TABLE.map((r) => `${r.method} ${r.service}`));
    expect(
      [...registered].filter((w) => !rows.has(w)),
      "admin methods without a row",
    ).toEqual([]);
    expect(
      [...rows].filter((w) => !registered.has(w)),
      "rows naming no admin method",
    ).toEqual([]);
  });

  it("odd input from an evolve user is never a 500 (every row, odd queries and bodies)", async () => {
    const admin = await p.login("admin@demo.test");
    const queries = [
      "?$limit[$gt]=1",
      "?email[]=a&email[]=b",
      "?userId=1e5",
      "?from=2026-02-30",
      "?$skip=1.5",
      "?q=%25_%5C",
      "?customerId=99999999999999999999",
      "?to=%00",
      "?status=%00",
    ];
    const bodies: unknown[] = [
      null,
      [],
      "text",
      12,
      { customerId: {}, userId: -1 },
      { userId: 1.5 },
      { userId: 99999999999999999999 },
      { permissions: "x", isActive: null },
      { email: "x".repeat(5000) },
      { isApprover: true, permissions: [1, 2] },
    ];
    for (const row of TABLE) {
      for (const q of row.http === "GET" ? queries : []) {
        const res = await p.api(row.http, row.path + q, { token: admin });
        expect(res.status, `${row.http} ${row.path}${q}`).toBeLessThan(500);
      }
      for (const body of row.http === "POST" || row.http === "PATCH" ? bodies : []) {
        const res = await p.api(row.http, row.path, { token: admin, body: body === null ? "null" : body });
        expect(res.status, `${row.http} ${row.path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${row.http} ${row.path} ${JSON.stringify(body)}`).toBeLessThan(500);
      }
    }
  });

  it("an evolve user gets through each read (the same table, 2xx)", async () => {
    const admin = await p.login("admin@demo.test");
    for (const row of TABLE.filter((r) => r.http === "GET")) {
      const res = await p.api(row.http, row.path, { token: admin });
      expect(res.status, row.path).toBe(200);
    }
  });
});
