import { describe, expect, it } from "vitest";
import { sha256 } from "../auth/password";
import { unspscForItems } from "../services/punchout/items";
import { APEX, useProvider } from "./fixtures";
import { cxmlProfile, cxmlSetupBody, ociProfile, PUNCHOUT_SECRET, usePunchoutProfiles } from "./punchout-profiles";

/** Redeeming punchout start tokens and the session they open (issue 16, decision 107); SQLite and PostgreSQL. */

const { p } = useProvider();
usePunchoutProfiles(p, (hash) => [
  cxmlProfile(hash, 1, "Apex Ariba", "AN-APEX-RAIL", {
    form_encoding: "base64",
    needs_approval: true,
    default_address_id: 705,
    ordering_allowed: false,
  }),
  ociProfile(hash, 2),
]);

const ITEMS = [
  { supplierPartId: "HV-JKT-M", supplierPartAuxiliaryId: "line-1", quantity: 2, unitPrice: 24.5, currency: "GBP" },
];

async function setUp(operation = "create"): Promise<{ sessionId: string; startToken: string }> {
  const res = await p.api("POST", "/api/punchout/setup", {
    body: cxmlSetupBody("AN-APEX-RAIL", {
      operation,
      buyerCookie: "COOKIE-42",
      returnUrl: "https://procurement.example/return",
      ...(operation !== "create" && { items: ITEMS }),
    }),
  });
  expect(res.status).toBe(201);
  return res.body;
}

const counts = async () => ({
  auth: Number((await p.db("auth_sessions").count({ n: "*" }).first())?.n),
  used: Number((await p.db("punchout_sessions").whereNotNull("token_used_at").count({ n: "*" }).first())?.n),
});

/** Redeeming this token is refused as gone (410) with this message, and writes nothing. */
async function expectGone(token: string, message: string) {
  const before = await counts();
  const res = await p.api("POST", "/api/punchout/start", { body: { token } });
  expect(res.status).toBe(410);
  expect(res.body.message).toBe(message);
  expect(await counts()).toEqual(before);
}

describe("POST /api/punchout/start", () => {
  it("opens a provider session for the profile's user, in the customer, carrying the punchout session", async () => {
    const { sessionId, startToken } = await setUp("edit");
    const res = await p.api("POST", "/api/punchout/start", { body: { token: startToken } });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      accessToken: expect.any(String),
      punchoutSession: {
        id: sessionId,
        protocol: "cxml",
        operation: "edit",
        buyerCookie: "COOKIE-42",
        returnUrl: "https://procurement.example/return",
        orderingAllowed: false,
        items: ITEMS,
        unknownItems: [],
      },
    });
    const session = await p.api("GET", "/api/session", { token: res.body.accessToken });
    expect(session.status).toBe(200);
    expect(session.body).toMatchObject({
      user: { email: "punchout@demo.test" },
      selectedCustomer: { internalId: String(APEX) },
      punchoutSession: sessionId,
    });
    const row = await p.db("punchout_sessions").where("id", Number(sessionId)).first();
    expect(row).toMatchObject({ state: "open", token_used_at: p.clock.now.toISOString() });
    const auth = await p.db("auth_sessions").where("id", row.auth_session_id).first();
    expect(auth).toMatchObject({ user_id: 5, customer_id: APEX, contact_id: 5201, punchout_session: sessionId });
    // punchoutOnly is ignored inside the punchout: the basket may be filled (SPEC §6)
    const basket = await p.api("GET", "/api/basket-session", { token: res.body.accessToken });
    expect(basket.status).toBe(200);
  });

  it("is single-use: a second redemption is a 410 and writes nothing", async () => {
    const { startToken } = await setUp();
    expect((await p.api("POST", "/api/punchout/start", { body: { token: startToken } })).status).toBe(201);
    await expectGone(startToken, "This punchout link has already been used");
  });

  it("lets only one of two simultaneous redemptions win", async () => {
    for (let round = 0; round < 3; round++) {
      const { sessionId, startToken } = await setUp();
      const results = await Promise.all(
        [1, 2, 3].map(() => p.api("POST", "/api/punchout/start", { body: { token: startToken } })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([201, 410, 410]);
      const opened = await p.db("auth_sessions").where("punchout_session", sessionId).count({ n: "*" }).first();
      expect(Number(opened?.n)).toBe(1);
    }
  });

  it("expires after five minutes: a 410 that writes nothing", async () => {
    const { startToken } = await setUp();
    const fresh = await setUp();
    p.clock.advance(5 * 60_000 - 1);
    expect((await p.api("POST", "/api/punchout/start", { body: { token: fresh.startToken } })).status).toBe(201);
    p.clock.advance(1);
    await expectGone(startToken, "This punchout link has expired");
  });

  it("answers 404 for an unknown token and 400 for a bad body", async () => {
    const before = await counts();
    const res = await p.api("POST", "/api/punchout/start", { body: { token: "made-up-token" } });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("This punchout link is not valid");
    for (const body of [{}, { token: "" }, { token: 42 }, { token: "x", more: 1 }]) {
      const bad = await p.api("POST", "/api/punchout/start", { body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it("refuses a token whose profile was switched off meanwhile, writing nothing", async () => {
    const { startToken } = await setUp();
    await p.db("punchout_profiles").where("id", 1).update({ is_active: false });
    try {
      const before = await counts();
      const res = await p.api("POST", "/api/punchout/start", { body: { token: startToken } });
      expect(res.status).toBe(403);
      expect(await counts()).toEqual(before);
    } finally {
      await p.db("punchout_profiles").where("id", 1).update({ is_active: true });
    }
  });
});

describe("GET /api/punchout/session", () => {
  it("answers the caller's punchout session with what the portal needs", async () => {
    const { sessionId, startToken } = await setUp("inspect");
    const { accessToken } = (await p.api("POST", "/api/punchout/start", { body: { token: startToken } })).body;
    const res = await p.api("GET", "/api/punchout/session", { token: accessToken });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: sessionId,
      protocol: "cxml",
      operation: "inspect",
      state: "open",
      returnUrl: "https://procurement.example/return",
      formEncoding: "base64",
      needsApproval: true,
      orderingAllowed: false,
      defaultAddressId: "705",
      buyerCookie: "COOKIE-42",
      oci: null,
      items: ITEMS,
      cxml: { fromIdentity: "AN-APEX-RAIL", senderIdentity: "AN-APEX-RAIL", toIdentity: "workwear-portal" },
    });
    expect(JSON.stringify(res.body)).not.toContain("scrypt");
  });

  it("carries the OCI hook URL and ~TARGET for an OCI session", async () => {
    const login = await p.api("POST", "/api/punchout/oci-login", {
      body: { username: "apex-rail", password: PUNCHOUT_SECRET, hookUrl: "http://srm.example/hook", target: "_top" },
    });
    expect(login.status).toBe(201);
    const { accessToken } = (await p.api("POST", "/api/punchout/start", { body: { token: login.body.startToken } }))
      .body;
    const res = await p.api("GET", "/api/punchout/session", { token: accessToken });
    expect(res.body).toMatchObject({
      protocol: "oci",
      operation: "create",
      returnUrl: "http://srm.example/hook",
      formEncoding: "urlencoded",
      buyerCookie: null,
      cxml: null,
      oci: { target: "_top", caller: null },
    });
  });

  it("is a 404 for a caller outside a punchout, or whose session names another one", async () => {
    const buyer = await p.login("buyer@demo.test");
    expect((await p.api("GET", "/api/punchout/session", { token: buyer })).status).toBe(404);
    const { sessionId } = await setUp();
    // a session merely marked with a punchout session's id (not the one its token opened) is not its caller
    await p.db("auth_sessions").where("token_hash", sha256(buyer)).update({ punchout_session: sessionId });
    expect((await p.api("GET", "/api/punchout/session", { token: buyer })).status).toBe(404);
    expect((await p.api("GET", "/api/punchout/session")).status).toBe(401);
  });
});

describe("unspscForItems", () => {
  it("answers an item's category code, else its nearest ancestor's, else null", async () => {
    // fixtures: Hi-Vis (10) > Jackets (11) holds the jacket and its variants; Trousers (12) the trousers
    await p.db("categories").where("id", 10).update({ unspsc: "46181500" });
    try {
      const codes = await unspscForItems(p.db, [20001, 20002, 20010, 999999]);
      expect(Object.fromEntries(codes)).toEqual({ 20001: "46181500", 20002: "46181500", 20010: null });
      await p.db("categories").where("id", 11).update({ unspsc: "53101800" });
      expect((await unspscForItems(p.db, [20003])).get(20003)).toBe("53101800");
      expect((await unspscForItems(p.db, [])).size).toBe(0);
    } finally {
      await p.db("categories").whereIn("id", [10, 11]).update({ unspsc: null });
    }
  });
});
