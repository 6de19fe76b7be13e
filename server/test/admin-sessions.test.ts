import { describe, expect, it } from "vitest";
import { HARBOUR, NORTHWIND, useProvider } from "./fixtures";

/** Decision 127: active sessions, log-in history, view-as (act-as) sessions and the audit of writes made under them. */

const { p, tokens } = useProvider({
  admin: "admin@demo.test",
});

const auditCount = async () => Number((await p.db("audit_log").count({ n: "*" }).first())?.n ?? 0);

describe("active users", () => {
  it("lists sessions seen in the last 15 minutes with user, customer, punchout and act-as; ending one makes its next call 401", async () => {
    const buyer = await p.login("buyer@demo.test");
    await p.api("POST", "/api/select-customer", { token: buyer, body: { contactId: "5001" } });
    const list = await p.api("GET", "/api/admin/active-session?userId=1", { token: tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const [session] = list.body.data;
    expect(session).toMatchObject({
      user: { id: "1", email: "buyer@demo.test", firstName: "Bea", lastName: "Buyer" },
      customer: { id: String(NORTHWIND), name: "Northwind Facilities" },
      punchout: false,
      actAs: false,
      actingAdmin: null,
    });
    expect(
      (await p.api("GET", `/api/admin/active-session?customerId=${NORTHWIND}`, { token: tokens.admin })).body.data.map(
        (s: any) => s.sessionId,
      ),
    ).toContain(session.sessionId);

    const ended = await p.api("DELETE", `/api/admin/active-session/${session.sessionId}`, { token: tokens.admin });
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ sessionId: session.sessionId, revoked: true });
    expect((await p.api("GET", "/api/session", { token: buyer })).status).toBe(401);
    expect(
      (await p.api("DELETE", `/api/admin/active-session/${session.sessionId}`, { token: tokens.admin })).status,
    ).toBe(404);
    expect((await p.api("DELETE", "/api/admin/active-session/99999999999999", { token: tokens.admin })).status).toBe(
      404,
    );
    expect((await p.api("DELETE", "/api/admin/active-session/abc", { token: tokens.admin })).status).toBe(404);

    const audit = await p.api("GET", "/api/admin/audit?userId=1", { token: tokens.admin });
    expect(audit.body.data[0]).toMatchObject({
      admin: { id: "6" },
      subjectUser: { id: "1" },
      service: "admin/active-session",
      method: "remove",
      summary: "Ended a session of Bea Buyer",
    });
  });

  it("leaves out sessions not seen for 15 minutes", async () => {
    const approver = await p.login("approver@demo.test");
    const listed = async () =>
      (await p.api("GET", "/api/admin/active-session?userId=3", { token: tokens.admin })).body.total;
    expect(await listed()).toBe(1);
    p.clock.advance(16 * 60_000);
    tokens.admin = await p.login("admin@demo.test");
    expect(await listed()).toBe(0);
    expect((await p.api("GET", "/api/session", { token: approver })).status).toBe(200); // still a live session, just not active
  });
});

describe("log-in history", () => {
  it("records every attempt with the reason in words, address and user agent; filters and pages newest first", async () => {
    p.clock.advance(60_000);
    const ua = { "user-agent": "TestBrowser/1.0" };
    const login = (email: string, password: string) =>
      p.api("POST", "/api/authentication", { body: { strategy: "local", email, password }, headers: ua });
    expect((await login("Requester@demo.test", "wrong-password")).status).toBe(401);
    expect((await login("nobody@demo.test", "whatever-pass")).status).toBe(401);
    expect((await login("requester@demo.test", "workwear-demo")).status).toBe(201);
    await p.db("users").where("id", 4).update({ is_inactive: true });
    const inactive = await login("manpack@demo.test", "workwear-demo");
    expect(inactive.status).toBe(401);
    expect(inactive.body.message).toBe("Invalid email or password"); // the reason is never told to the person logging in
    expect(JSON.stringify(inactive.body)).not.toMatch(/inactive/);
    await p.db("users").where("id", 4).update({ is_inactive: false });

    const list = await p.api("GET", "/api/admin/login-attempt?$limit=4", { token: tokens.admin });
    expect(list.status).toBe(200);
    expect(list.body.data.map((a: any) => [a.email, a.success, a.reason, a.user?.id ?? null])).toEqual([
      ["manpack@demo.test", false, "inactive user", "4"],
      ["requester@demo.test", true, null, "2"],
      ["nobody@demo.test", false, "unknown e-mail", null],
      ["requester@demo.test", false, "wrong password", "2"],
    ]);
    expect(list.body.data[0]).toMatchObject({ address: "127.0.0.1", userAgent: "TestBrowser/1.0" });
    expect(list.body.data[0].attemptedAt).toBe(p.clock.now.toISOString());

    const failures = await p.api("GET", "/api/admin/login-attempt?email=REQUESTER&outcome=failure", {
      token: tokens.admin,
    });
    expect(failures.body.total).toBe(1);
    expect((await p.api("GET", "/api/admin/login-attempt?userId=2", { token: tokens.admin })).body.total).toBe(2);
    const today = p.clock.now.toISOString().slice(0, 10);
    expect(
      (
        await p.api("GET", `/api/admin/login-attempt?from=${today}&to=${today}&email=demo.test&$limit=2&$skip=1`, {
          token: tokens.admin,
        })
      ).body,
    ).toMatchObject({ limit: 2, skip: 1 });
    expect((await p.api("GET", "/api/admin/login-attempt?to=2020-01-01", { token: tokens.admin })).body.total).toBe(0);
  });

  it("records a rate-limited attempt", async () => {
    const login = () =>
      p.api("POST", "/api/authentication", {
        body: { strategy: "local", email: "approver@demo.test", password: "not-the-password" },
        headers: { "x-forwarded-for": "203.0.113.9" },
      });
    let last = 0;
    for (let i = 0; i < 6; i++) last = (await login()).status;
    expect(last).toBe(429);
    const limited = await p.api("GET", "/api/admin/login-attempt?email=approver&$limit=1", { token: tokens.admin });
    expect(limited.body.data[0]).toMatchObject({ success: false, reason: "rate-limited", user: { id: "3" } });
  });

  it("refuses bad filters with field errors", async () => {
    const bad = await p.api("GET", "/api/admin/login-attempt?outcome=maybe&$limit=101&from=2026-13-01&colour=red", {
      token: tokens.admin,
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(["$limit", "colour", "from", "outcome"]);
    expect(bad.body.errors.colour).toBe("Unknown parameter");
    const reversed = await p.api("GET", "/api/admin/login-attempt?from=2026-11-20&to=2026-11-01", {
      token: tokens.admin,
    });
    expect(reversed.status).toBe(400);
    expect(reversed.body.errors).toEqual({ from: "must be on or before the 'to' date" });
    expect(
      (await p.api("GET", "/api/admin/login-attempt?$skip=-1", { token: tokens.admin })).body.errors,
    ).toHaveProperty("$skip");
  });
});

describe("view as", () => {
  it("opens an act-as session as the user in that customer; the session says so; writes under it are audited with the admin", async () => {
    const before = await auditCount();
    const opened = await p.api("POST", "/api/admin/view-as", {
      token: tokens.admin,
      body: { customerId: String(NORTHWIND), userId: "2" },
    });
    expect(opened.status).toBe(201);
    expect(opened.body).toMatchObject({
      user: { id: "2", firstName: "Rory", lastName: "Requester" },
      customer: { id: String(NORTHWIND), name: "Northwind Facilities" },
      actingAdmin: { id: "6" },
    });
    const token = opened.body.accessToken;
    const session = await p.api("GET", "/api/session", { token });
    expect(session.status).toBe(200);
    expect(session.body.user).toMatchObject({ id: 2, firstName: "Rory" });
    expect(session.body.selectedCustomer).toMatchObject({ name: "Northwind Facilities" });
    expect(session.body.actingAdmin).toEqual({ id: 6, email: "admin@demo.test", firstName: "Ada", lastName: "Admin" });
    expect(session.body.account.permissions).not.toContain("orderApproval"); // the requester's own permissions
    expect(session.body.account.isEvolveUser).toBe(false);
    expect((await p.api("GET", "/api/session", { token: tokens.admin })).body.actingAdmin).toBeNull();

    const add = await p.api("PATCH", "/api/basket-session", {
      token,
      body: { stock: [{ productId: "20002", parentId: "20001", qty: 1, name: "Hi-Vis Jacket M", price: 24.5 }] },
    });
    expect(add.status).toBe(200);
    const audit = await p.api("GET", "/api/admin/audit?userId=2&$limit=1", { token: tokens.admin });
    expect(audit.body.data[0]).toMatchObject({
      admin: { id: "6" },
      asUser: { id: "2" },
      subjectUser: { id: "2" },
      customer: { id: String(NORTHWIND) },
      service: "basket-session",
      method: "patch",
    });
    expect(audit.body.data[0].after.stock[0]).toMatchObject({ productId: "20002", qty: 1 });
    expect(await auditCount()).toBe(before + 2); // the view-as itself and the basket write

    const active = await p.api("GET", "/api/admin/active-session?userId=2", { token: tokens.admin });
    expect(active.body.data.find((s: any) => s.sessionId === opened.body.sessionId)).toMatchObject({
      actAs: true,
      actingAdmin: { id: "6" },
    });
    expect(
      (await p.api("GET", "/api/admin/view-as", { token: tokens.admin })).body.data.map((s: any) => s.sessionId),
    ).toContain(opened.body.sessionId);

    // Stop, with the admin's own token: the act-as token is dead, the admin's lives on
    const stop = await p.api("DELETE", `/api/admin/view-as/${opened.body.sessionId}`, { token: tokens.admin });
    expect(stop.status).toBe(200);
    expect(stop.body).toEqual({ sessionId: opened.body.sessionId, ended: true });
    expect((await p.api("GET", "/api/session", { token })).status).toBe(401);
    expect((await p.api("GET", "/api/session", { token: tokens.admin })).status).toBe(200);
    expect((await p.api("DELETE", `/api/admin/view-as/${opened.body.sessionId}`, { token: tokens.admin })).status).toBe(
      404,
    );
    const stopped = await p.api("GET", "/api/admin/audit?adminId=6&$limit=1", { token: tokens.admin });
    expect(stopped.body.data[0]).toMatchObject({
      service: "admin/view-as",
      method: "remove",
      summary: "Stopped viewing as Rory Requester of Northwind Facilities",
    });
  });

  it("writes no audit entry for a plain user's own writes", async () => {
    const before = await auditCount();
    const requester = await p.login("requester@demo.test");
    const add = await p.api("PATCH", "/api/basket-session", {
      token: requester,
      body: { stock: [{ productId: "20002", parentId: "20001", qty: 3, name: "Hi-Vis Jacket M", price: 24.5 }] },
    });
    expect(add.status).toBe(200);
    expect(await auditCount()).toBe(before);
  });

  it("refuses another admin, an inactive user, a user without a unit there, unknown ids and bad bodies; nothing written", async () => {
    const before = await auditCount();
    const sessions = Number((await p.db("auth_sessions").count({ n: "*" }).first())?.n);
    const view = (body: unknown) => p.api("POST", "/api/admin/view-as", { token: tokens.admin, body });
    const other = await view({ customerId: NORTHWIND, userId: 6 });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe("You cannot view as another admin");
    const noUnit = await view({ customerId: HARBOUR, userId: 2 });
    expect(noUnit.status).toBe(400);
    expect(noUnit.body.errors).toEqual({ userId: "This user has no business unit at this customer" });
    expect((await view({ customerId: 9999, userId: 2 })).status).toBe(404);
    expect((await view({ customerId: NORTHWIND, userId: 9999 })).status).toBe(404);
    expect((await view({ customerId: NORTHWIND, userId: "99999999999999" })).status).toBe(404);
    const bad = await view({ customerId: "x", userId: 2, extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ customerId: "must be an id (digits)", extra: "Unknown field" });
    expect((await p.api("POST", "/api/admin/view-as", { token: tokens.admin, body: "[1]" })).status).toBe(400);
    await p.db("users").where("id", 2).update({ is_inactive: true });
    expect((await view({ customerId: NORTHWIND, userId: 2 })).body.message).toBe("This user is inactive");
    await p.db("users").where("id", 2).update({ is_inactive: false });
    expect(await auditCount()).toBe(before);
    expect(Number((await p.db("auth_sessions").count({ n: "*" }).first())?.n)).toBe(sessions);
  });

  it("ends when the admin stops being an admin, and the act-as token cannot reach the admin area", async () => {
    const opened = await p.api("POST", "/api/admin/view-as", {
      token: tokens.admin,
      body: { customerId: NORTHWIND, userId: 1 },
    });
    const token = opened.body.accessToken;
    expect((await p.api("GET", "/api/admin/user", { token })).status).toBe(403);
    await p.db("users").where("id", 6).update({ is_evolve_user: false });
    expect((await p.api("GET", "/api/session", { token })).status).toBe(401);
    await p.db("users").where("id", 6).update({ is_evolve_user: true });
  });
});
