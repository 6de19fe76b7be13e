import { getServiceOptions } from "@feathersjs/feathers";
import { beforeAll, describe, expect, it } from "vitest";
import { createProviderApp } from "../app";
import { ADMIN_SERVICES } from "../services/admin-register";
import { ADMIN_TABLE as TABLE, adminSnapshot as snapshot, insertNamedRows } from "./admin-table";
import { expectRowsMatchMethods } from "./method-coverage";
import { NORTHWIND, useProvider } from "./fixtures";

/**
 * Decision 127: every admin call, every method, needs an evolve user — checked by the provider. Without a token: 401;
 * a customer's user (with every permission they have), or an act-as session (whose caller is that user): 403. Nothing
 * is written by a refused call. A method registered under /api/admin without a row here fails the coverage test.
 */

let buyer: string;
let actAs: string;

const { p } = useProvider();
beforeAll(async () => {
  await insertNamedRows(p.db);
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
    expectRowsMatchMethods(registered, rows, {
      unlisted: "admin methods without a row",
      unregistered: "rows naming no admin method",
    });
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
