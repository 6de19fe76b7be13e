import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HARBOUR, NORTHWIND, startTestProvider, type TestProvider } from "./fixtures";

let p: TestProvider;
beforeAll(async () => {
  p = await startTestProvider({ sessionIdleMinutes: 60, sessionMaxHours: 12 });
});
afterAll(async () => p?.close());

describe("POST /api/authentication", () => {
  it("answers an opaque token, an expiry and the user", async () => {
    const res = await p.api("POST", "/api/authentication", { body: { strategy: "local", email: "Buyer@Demo.test", password: "workwear-demo" } });
    expect(res.status).toBe(201);
    expect(res.body.accessToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(res.body.authentication).toEqual({ strategy: "local", expiresAt: "2026-11-21T21:00:00.000Z" });
    expect(res.body.user).toEqual({ id: 1, email: "buyer@demo.test", firstName: "Bea", lastName: "Buyer" });
    const stored = await p.db("auth_sessions").where("user_id", 1).first();
    expect(stored.token_hash).not.toContain(res.body.accessToken);
  });

  it.each([
    ["wrong password", { strategy: "local", email: "buyer@demo.test", password: "nope" }],
    ["unknown user", { strategy: "local", email: "nobody@demo.test", password: "workwear-demo" }],
  ])("401 on %s", async (_name, body) => {
    const res = await p.api("POST", "/api/authentication", { body });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ name: "NotAuthenticated", message: "Invalid email or password", code: 401 });
  });

  it("400 on a missing field or another strategy", async () => {
    expect((await p.api("POST", "/api/authentication", { body: { strategy: "jwt", accessToken: "x" } })).status).toBe(400);
    const res = await p.api("POST", "/api/authentication", { body: { strategy: "local", password: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("email");
    expect((await p.api("POST", "/api/authentication", { body: "{not json" })).status).toBe(400);
  });

  it("429 after repeated failures for one e-mail", async () => {
    for (let i = 0; i < 10; i++) {
      await p.api("POST", "/api/authentication", { body: { strategy: "local", email: "punchout@demo.test", password: "bad" } });
    }
    const res = await p.api("POST", "/api/authentication", { body: { strategy: "local", email: "punchout@demo.test", password: "workwear-demo" } });
    expect(res.status).toBe(429);
  });
});

describe("sessions", () => {
  it("401 without a token, with a made-up token, or a malformed header", async () => {
    expect((await p.api("GET", "/api/session")).status).toBe(401);
    expect((await p.api("GET", "/api/session", { token: "made-up" })).status).toBe(401);
    expect((await p.api("GET", "/api/session", { headers: { authorization: "Basic abc" } })).status).toBe(401);
  });

  it("DELETE /api/authentication revokes the session", async () => {
    const token = await p.login("approver@demo.test");
    expect((await p.api("GET", "/api/session", { token })).status).toBe(200);
    const res = await p.api("DELETE", "/api/authentication", { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ revoked: true });
    expect((await p.api("GET", "/api/session", { token })).status).toBe(401);
    expect((await p.api("GET", "/api/basket-session", { token })).status).toBe(401);
  });

  it("expires after the inactivity timeout, and activity keeps it alive", async () => {
    const token = await p.login("approver@demo.test");
    p.clock.advance(50 * 60_000);
    expect((await p.api("GET", "/api/session", { token })).status).toBe(200);
    p.clock.advance(50 * 60_000);
    expect((await p.api("GET", "/api/session", { token })).status).toBe(200);
    p.clock.advance(61 * 60_000);
    expect((await p.api("GET", "/api/session", { token })).status).toBe(401);
  });

  it("expires after the absolute lifetime even when active", async () => {
    const token = await p.login("approver@demo.test");
    for (let i = 0; i < 12; i++) {
      p.clock.advance(59 * 60_000);
      expect((await p.api("GET", "/api/session", { token })).status).toBe(200);
    }
    p.clock.advance(20 * 60_000);
    expect((await p.api("GET", "/api/session", { token })).status).toBe(401);
  });
});

describe("GET /api/session and POST /api/select-customer", () => {
  it("a user with one business unit has it selected at login", async () => {
    const token = await p.login("requester@demo.test");
    const { status, body } = await p.api("GET", "/api/session", { token });
    expect(status).toBe(200);
    expect(body.selectedCustomer).toEqual({ internalId: String(NORTHWIND), name: "Northwind Facilities", contactId: "5002" });
    expect(body.setting).toEqual({ isApprover: false, needsAproval: true, userId: 2, wp_contact_only: false });
    expect(body.account.payment_methods).toEqual([{ id: 0, name: "On account" }, { id: 1, name: "Visa" }]);
    expect(body.account.sector).toEqual({ internalId: "1", name: "Facilities", products: ["20001"] });
    expect(body.basket.selectedBasketType).toBe("stock-order-basket");
    expect(body.categories[0]).toMatchObject({ internalId: "10", name: "Hi-Vis", slug: "hi-vis", children: [expect.objectContaining({ internalId: "11" })] });
    expect(body.punchoutSession).toBeNull();
  });

  it("a user with several has none until one is selected", async () => {
    const token = await p.login("buyer@demo.test");
    const before = (await p.api("GET", "/api/session", { token })).body;
    expect(before.selectedCustomer).toBeNull();
    expect(before.account.permissions).toEqual([]);
    expect(before.customers.map((c: any) => c.name)).toEqual(["Harbour Health Trust", "Northwind Facilities"]);
    expect((await p.api("GET", "/api/basket-session", { token })).status).toBe(403);

    const selected = await p.api("POST", "/api/select-customer", { token, body: { contactId: "5101" } });
    expect(selected.status).toBe(201);
    expect(selected.body.selectedCustomer.internalId).toBe(String(HARBOUR));
    expect(selected.body.selectedUser).toMatchObject({ internalId: "5101", firstName: "Bea" });
    expect(selected.body.wishList.productIds).toEqual(["20030"]);
    const after = (await p.api("GET", "/api/session", { token })).body;
    expect(after.selectedCustomer.internalId).toBe(String(HARBOUR));
    expect(after.account.permissions).toContain("canViewManpack");
  });

  it("another user's contact is a 404, a malformed one a 400", async () => {
    const token = await p.login("buyer@demo.test");
    expect((await p.api("POST", "/api/select-customer", { token, body: { contactId: "5201" } })).status).toBe(404);
    expect((await p.api("POST", "/api/select-customer", { token, body: { contactId: "abc" } })).status).toBe(400);
  });

  it("punchoutSession is kept when given at login", async () => {
    const res = await p.api("POST", "/api/authentication", { body: { strategy: "local", email: "manpack@demo.test", password: "workwear-demo", punchoutSession: "PO-SESSION-1" } });
    const { body } = await p.api("GET", "/api/session", { token: res.body.accessToken });
    expect(body.punchoutSession).toBe("PO-SESSION-1");
  });
});

describe("GET /api/maintenance-status", () => {
  it("needs no token", async () => {
    const res = await p.api("GET", "/api/maintenance-status");
    expect(res.status).toBe(200);
    expect(res.body.isMaintenanceEnabled).toBe(false);
    expect(typeof res.body.bypassToken).toBe("string");
  });
});
