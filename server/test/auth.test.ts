import { describe, expect, it } from "vitest";
import { HARBOUR, NORTHWIND, useProvider } from "./fixtures";

const { p } = useProvider({}, { sessionIdleMinutes: 60, sessionMaxHours: 12 });

describe("POST /api/authentication", () => {
  it("answers an opaque token, an expiry and the user", async () => {
    const res = await p.api("POST", "/api/authentication", {
      body: { strategy: "local", email: "Buyer@Demo.test", password: "workwear-demo" },
    });
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
    expect((await p.api("POST", "/api/authentication", { body: { strategy: "jwt", accessToken: "x" } })).status).toBe(
      400,
    );
    const res = await p.api("POST", "/api/authentication", { body: { strategy: "local", password: "x" } });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain("email");
    expect((await p.api("POST", "/api/authentication", { body: "{not json" })).status).toBe(400);
  });
});

/** A log-in as the provider sees it from behind the portal: the browser's address in X-Forwarded-For. */
const logInFrom = (address: string, email: string, password: string) =>
  p.api("POST", "/api/authentication", {
    body: { strategy: "local", email, password },
    headers: { "x-forwarded-for": address },
  });

// each log-in runs scrypt (tens of ms of CPU); these tests make dozens, so their ceiling is a minute, not 20 s
describe("log-in limits (decision 027)", { timeout: 60_000 }, () => {
  it("40 concurrent bad log-ins: at most the limit of 5 reach the password check, the rest are 429 with Retry-After", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, () => logInFrom("203.0.113.40", "requester@demo.test", "guess")),
    );
    const checked = answers.filter((a) => a.status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(40 - checked);
    expect(Number(refused[0].headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused[0].body).toMatchObject({ name: "TooManyRequests", code: 429 });
    expect(refused[0].body.message).toMatch(
      /^Too many failed log-in attempts\. Please try again in \d+ (minutes?|seconds?)\.$/,
    );
    expect(refused[0].body.data).toMatchObject({ retryAfterSeconds: expect.any(Number) });
  });

  it("the owner's right password from their own address is not refused while another address is limited for that e-mail", async () => {
    for (let i = 0; i < 8; i++) await logInFrom("198.51.100.66", "approver@demo.test", "guess");
    expect((await logInFrom("198.51.100.66", "approver@demo.test", "workwear-demo")).status).toBe(429);
    expect((await logInFrom("192.0.2.10", "approver@demo.test", "workwear-demo")).status).toBe(201);
    // without a trusted proxy's header the socket address (loopback here) is the client
    expect(
      (
        await p.api("POST", "/api/authentication", {
          body: { strategy: "local", email: "approver@demo.test", password: "workwear-demo" },
        })
      ).status,
    ).toBe(201);
  });

  it("backs off: after 5 failures a 1-minute wait, then every further failure doubles it", async () => {
    const from = "198.51.100.77";
    for (let i = 0; i < 5; i++) expect((await logInFrom(from, "manpack@demo.test", "guess")).status).toBe(401);
    const first = await logInFrom(from, "manpack@demo.test", "workwear-demo");
    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("60");
    expect(first.body.message).toBe("Too many failed log-in attempts. Please try again in 1 minute.");
    p.clock.advance(60_000);
    expect((await logInFrom(from, "manpack@demo.test", "guess")).status).toBe(401);
    const second = await logInFrom(from, "manpack@demo.test", "guess");
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBe("120");
    p.clock.advance(120_000);
    // the right password after the wait logs in, and clears the count for this address and e-mail
    expect((await logInFrom(from, "manpack@demo.test", "workwear-demo")).status).toBe(201);
    for (let i = 0; i < 5; i++) expect((await logInFrom(from, "manpack@demo.test", "guess")).status).toBe(401);
  });

  it("limits one address across e-mails, but never counts successful log-ins", async () => {
    const from = "203.0.113.99";
    for (let i = 0; i < 52; i++) expect((await logInFrom(from, "buyer@demo.test", "workwear-demo")).status).toBe(201);
    for (let i = 0; i < 50; i++) expect((await logInFrom(from, `nobody${i}@demo.test`, "guess")).status).toBe(401);
    const refused = await logInFrom(from, "buyer@demo.test", "workwear-demo");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("300");
    expect((await logInFrom("203.0.113.98", "buyer@demo.test", "workwear-demo")).status).toBe(201);
  });

  it("counts in the provider's database, shared by every process; keys quiet for a day are swept", async () => {
    const count = async () => Number((await p.db("auth_limits").count({ n: "*" }).first())?.n);
    expect(await count()).toBeGreaterThan(0);
    await logInFrom("203.0.113.77", "nobody@demo.test", "guess");
    const before = await count();
    p.clock.advance(25 * 3_600_000);
    await logInFrom("203.0.113.78", "requester@demo.test", "workwear-demo");
    // only the key of the address that just logged in is left (its e-mail key was cleared by the success)
    expect(before).toBeGreaterThan(1);
    expect(await count()).toBe(1);
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
    expect(body.selectedCustomer).toEqual({
      internalId: String(NORTHWIND),
      name: "Northwind Facilities",
      contactId: "5002",
    });
    expect(body.setting).toEqual({ isApprover: false, needsAproval: true, userId: 2, wp_contact_only: false });
    expect(body.account.payment_methods).toEqual([
      { id: 0, name: "On account" },
      { id: 1, name: "Visa" },
    ]);
    expect(body.account.sector).toEqual({ internalId: "1", name: "Facilities", products: ["20001"] });
    expect(body.basket.selectedBasketType).toBe("stock-order-basket");
    expect(body.categories[0]).toMatchObject({
      internalId: "10",
      name: "Hi-Vis",
      slug: "hi-vis",
      children: [expect.objectContaining({ internalId: "11" })],
    });
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

  it("punchoutSession in the log-in body is ignored: browse-only and punchout-only users still may not order", async () => {
    const [browser] = await p
      .db("users")
      .insert({
        email: "looker@demo.test",
        password_hash: (await p.db("users").where("id", 1).first()).password_hash,
        first_name: "Lou",
        last_name: "Looker",
        created_at: "2026-01-01T00:00:00.000Z",
      })
      .returning("id");
    await p.db("user_customers").insert({
      user_id: typeof browser === "object" ? browser.id : browser,
      customer_id: NORTHWIND,
      contact_id: 5004,
      permissions_json: JSON.stringify(["browseOnly", "canViewFullCatalogue"]),
    });
    const cases = [
      { email: "looker@demo.test", addressId: "701" },
      { email: "punchout@demo.test", addressId: "705" },
    ];
    for (const { email, addressId } of cases) {
      const res = await p.api("POST", "/api/authentication", {
        body: { strategy: "local", email, password: "workwear-demo", punchoutSession: "PO-SESSION-1" },
      });
      expect(res.status).toBe(201);
      const token = res.body.accessToken;
      expect((await p.api("GET", "/api/session", { token })).body.punchoutSession).toBeNull();
      const order = await p.api("POST", "/api/order", {
        token,
        body: { orderType: "standard", items: [{ internalId: "20002", qty: 1 }], addressId, shippingMethod: "1" },
      });
      expect(order.status).toBe(403);
    }
    expect(await p.db("auth_sessions").whereNotNull("punchout_session")).toEqual([]);
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
