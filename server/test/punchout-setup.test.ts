import { describe, expect, it } from "vitest";
import { hashSecret } from "../services/punchout";
import { INVALID_PUNCHOUT_CREDENTIALS } from "../services/punchout/credentials";
import { APEX, HARBOUR, useProvider } from "./fixtures";
import { cxmlProfile, cxmlSetupBody, ociProfile, PUNCHOUT_SECRET, usePunchoutProfiles } from "./punchout-profiles";

/** Punchout profiles, set-up and OCI log-in (issue 16, decision 107); on SQLite, and PostgreSQL with TEST_DATABASE_URL. */

const { p } = useProvider();
// each test starts with fresh log-in limits (the last test of the set-up block checks them)
usePunchoutProfiles(p, (hash) => [
  cxmlProfile(hash, 1, "Apex Ariba", "AN-APEX-RAIL"),
  ociProfile(hash, 2, { form_encoding: "urlencoded" }),
  cxmlProfile(hash, 3, "Old Apex", "AN-OLD", { to_identity: null, is_active: false }),
  // user 5 is not a user of Harbour: a profile naming them there cannot be used
  cxmlProfile(hash, 4, "Misconfigured", "AN-HARBOUR", { customer_id: HARBOUR, to_identity: null }),
]);

const setup = (over: Record<string, unknown> = {}) =>
  cxmlSetupBody("AN-APEX-RAIL", {
    operation: "create",
    buyerCookie: "1CX3L4843PPZO",
    returnUrl: "https://procurement.example/punchout/return?id=7",
    ...over,
  });

describe("POST /api/punchout/setup", () => {
  it("answers a single-use start token for the right credentials and records the session", async () => {
    const res = await p.api("POST", "/api/punchout/setup", {
      body: setup({
        contact: { name: "Tom Whitaker", email: "tom@apex.example" },
        extrinsics: { UserEmail: "tom@apex.example", CostCenter: "R-410" },
        shipTo: {
          addressId: "A-7",
          name: "Apex Sheds",
          street: ["1 Rail Way"],
          city: "Derby",
          postalCode: "DE1 1AA",
          country: "GB",
          countryName: "United Kingdom",
        },
      }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      sessionId: expect.stringMatching(/^\d+$/),
      startToken: expect.any(String),
      expiresAt: new Date(p.clock.now.getTime() + 5 * 60_000).toISOString(),
    });
    // at least 128 random bits
    expect(Buffer.from(res.body.startToken, "base64url").length).toBeGreaterThanOrEqual(16);
    const row = await p.db("punchout_sessions").where("id", Number(res.body.sessionId)).first();
    expect(row).toMatchObject({
      profile_id: 1,
      customer_id: APEX,
      protocol: "cxml",
      operation: "create",
      buyer_cookie: "1CX3L4843PPZO",
      state: "pending",
      contact_name: "Tom Whitaker",
      token_used_at: null,
      auth_session_id: null,
    });
    expect(JSON.parse(row.extrinsics_json)).toEqual({ UserEmail: "tom@apex.example", CostCenter: "R-410" });
    expect(JSON.parse(row.ship_to_json)).toMatchObject({ addressId: "A-7", city: "Derby" });
    // the token is stored hashed only
    expect(row.start_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(res.body.startToken);
  });

  it("matches identities without regard to case, and without a To identity", async () => {
    const res = await p.api("POST", "/api/punchout/setup", {
      body: setup({ fromIdentity: "an-apex-rail", senderIdentity: "An-Apex-Rail", toIdentity: undefined }),
    });
    expect(res.status).toBe(201);
  });

  it("refuses every bad credential with one 401 message and records nothing", async () => {
    const before = await p.db("punchout_sessions").count({ n: "*" }).first();
    const bad = [
      setup({ sharedSecret: "wrong-secret" }),
      setup({ senderIdentity: "AN-NOBODY", fromIdentity: "AN-NOBODY" }),
      setup({ fromIdentity: "AN-OTHER" }),
      setup({ toIdentity: "someone-else" }),
      setup({ fromIdentity: "AN-OLD", senderIdentity: "AN-OLD" }), // inactive profile
      setup({ fromIdentity: "AN-HARBOUR", senderIdentity: "AN-HARBOUR" }), // its user is not the customer's
    ];
    for (const body of bad) {
      const res = await p.api("POST", "/api/punchout/setup", { body });
      expect(res.status, JSON.stringify(body)).toBe(401);
      expect(res.body.message).toBe(INVALID_PUNCHOUT_CREDENTIALS);
    }
    expect(await p.db("punchout_sessions").count({ n: "*" }).first()).toEqual(before);
  });

  it("takes as long for an unknown identity as for a wrong secret (one scrypt each)", async () => {
    const time = async (body: object) => {
      const started = performance.now();
      for (let i = 0; i < 3; i++) expect((await p.api("POST", "/api/punchout/setup", { body })).status).toBe(401);
      return performance.now() - started;
    };
    const wrongSecret = await time(
      setup({ fromIdentity: "AN-TIMING", senderIdentity: "AN-APEX-RAIL", sharedSecret: "x" }),
    );
    const unknown = await time(setup({ fromIdentity: "AN-TIMING-2", senderIdentity: "AN-TIMING-2" }));
    // generous bounds: a missing scrypt would make the unknown identity several times faster
    expect(unknown).toBeGreaterThan(wrongSecret / 3);
  });

  it("stores the shared secret hashed with scrypt, never plain", async () => {
    const rows = await p.db("punchout_profiles").select("secret_hash");
    for (const r of rows) {
      expect(r.secret_hash).toMatch(/^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
      expect(r.secret_hash).not.toContain(PUNCHOUT_SECRET);
    }
    const again = await hashSecret(PUNCHOUT_SECRET);
    expect(again).not.toBe(rows[0].secret_hash); // salted
  });

  it("refuses a bad body with a 400 naming the field", async () => {
    const cases: Array<[object, string]> = [
      [setup({ returnUrl: "javascript:alert(1)" }), "returnUrl"],
      [setup({ returnUrl: "ftp://procurement.example/x" }), "returnUrl"],
      [setup({ returnUrl: "not a url" }), "returnUrl"],
      [setup({ operation: "delete" }), "operation"],
      [setup({ buyerCookie: "" }), "buyerCookie"],
      [setup({ buyerCookie: undefined }), "buyerCookie"],
      [setup({ fromIdentity: 7 }), "fromIdentity"],
      [setup({ sharedSecret: "" }), "sharedSecret"],
      [setup({ protocol: "oci" }), "protocol"],
      [setup({ contact: { email: "not-an-email" } }), "contact.email"],
      [setup({ items: [{ supplierPartId: "HV200-YEL-M", quantity: 0 }] }), "items.0.quantity"],
      [setup({ extra: true }), "body"],
    ];
    for (const [body, field] of cases) {
      const res = await p.api("POST", "/api/punchout/setup", { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.field, JSON.stringify(body)).toBe(field);
    }
    expect((await p.api("POST", "/api/punchout/setup", { body: "[1,2]" })).status).toBe(400);
    expect((await p.api("POST", "/api/punchout/setup", { body: "{not json" })).status).toBe(400);
  });

  it("keeps the edit lines for edit and inspect only", async () => {
    const items = [
      {
        supplierPartId: "HV200-YEL-M",
        supplierPartAuxiliaryId: "basket-line-1",
        quantity: 2,
        unitPrice: 24.95,
        currency: "GBP",
      },
    ];
    const edit = await p.api("POST", "/api/punchout/setup", { body: setup({ operation: "edit", items }) });
    const create = await p.api("POST", "/api/punchout/setup", { body: setup({ items }) });
    expect(
      JSON.parse((await p.db("punchout_sessions").where("id", Number(edit.body.sessionId)).first()).items_json),
    ).toEqual(items);
    expect((await p.db("punchout_sessions").where("id", Number(create.body.sessionId)).first()).items_json).toBeNull();
  });

  it("blocks an identity after repeated failures from one address (log-in limits)", async () => {
    const body = setup({ fromIdentity: "AN-GUESSED", senderIdentity: "AN-GUESSED", sharedSecret: "guess" });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await p.api("POST", "/api/punchout/setup", { body })).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // another identity is not blocked by it
    expect((await p.api("POST", "/api/punchout/setup", { body: setup() })).status).toBe(201);
  });
});

describe("POST /api/punchout/oci-login", () => {
  const oci = (over: Record<string, unknown> = {}) => ({
    username: "apex-rail",
    password: PUNCHOUT_SECRET,
    hookUrl: "https://srm.example/sap/bc/gui/sap/its/bbpsc02?~OkCode=ADDI",
    target: "_top",
    caller: "CTLG",
    okCode: "ADDI",
    ...over,
  });

  it("answers a start token for the OCI profile and records the hook URL and ~TARGET", async () => {
    const res = await p.api("POST", "/api/punchout/oci-login", { body: oci() });
    expect(res.status).toBe(201);
    const row = await p.db("punchout_sessions").where("id", Number(res.body.sessionId)).first();
    expect(row).toMatchObject({
      profile_id: 2,
      protocol: "oci",
      operation: "create",
      buyer_cookie: null,
      return_url: oci().hookUrl,
      oci_target: "_top",
      oci_caller: "CTLG",
      oci_ok_code: "ADDI",
    });
  });

  it("refuses a wrong password or an unknown user name with the same 401, and a bad hook URL with a 400", async () => {
    for (const body of [oci({ password: "nope" }), oci({ username: "nobody" })]) {
      const res = await p.api("POST", "/api/punchout/oci-login", { body });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe(INVALID_PUNCHOUT_CREDENTIALS);
    }
    // a cXML identity is no OCI user name
    expect((await p.api("POST", "/api/punchout/oci-login", { body: oci({ username: "AN-APEX-RAIL" }) })).status).toBe(
      401,
    );
    const res = await p.api("POST", "/api/punchout/oci-login", { body: oci({ hookUrl: "data:text/html,hi" }) });
    expect(res.status).toBe(400);
    expect(res.body.data.field).toBe("hookUrl");
    expect(
      (await p.api("POST", "/api/punchout/oci-login", { body: oci({ username: undefined }) })).body.data.field,
    ).toBe("username");
  });
});
