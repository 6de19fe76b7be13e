import type { Server } from "node:http";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProviderApp } from "../app";
import { createDb, migrate } from "../db/knex";
import { seed } from "../db/seed";
import { UNSPSC_BY_CATEGORY } from "../db/seed/punchout";
import { unspscForItems } from "../services/punchout/items";

/** The demo punchout profiles (issue 16 item 10) work against the seeded data. */
let db: Knex;
let server: Server;
let url: string;

beforeAll(async () => {
  // SQLite in memory: the seed itself runs on PostgreSQL in server/db/seed/seed.test.ts, the punchout calls in the other punchout tests
  db = createDb({ sqliteFile: ":memory:" });
  await migrate(db);
  await seed(db, { scale: "demo" });
  server = await createProviderApp({ db, log: () => {} }).listen(0);
  const address = server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}, 120_000);
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await db?.destroy();
});

async function post(pathname: string, body: object, token?: string) {
  const res = await fetch(url + pathname, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: await res.json() };
}

async function startAndCheck(startToken: string) {
  const start = await post("/api/punchout/start", { token: startToken });
  expect(start.status).toBe(201);
  const session = await fetch(`${url}/api/session`, {
    headers: { authorization: `Bearer ${start.body.accessToken}` },
  }).then((r) => r.json());
  expect(session).toMatchObject({
    user: { email: "punchout@demo.test" },
    selectedCustomer: { name: "Apex Rail Services" },
    punchoutSession: start.body.punchoutSession.id,
    // Apex Rail has punchout profiles (decision 161: the portal then offers its punched-out baskets)
    hasPunchoutProfile: true,
  });
}

/** A cXML set-up with the demo's secret (answered 201), and its start token redeemed and checked. */
async function setUpAndStart(identity: string, buyerCookie: string) {
  const res = await post("/api/punchout/setup", {
    protocol: "cxml",
    fromIdentity: identity,
    senderIdentity: identity,
    sharedSecret: "apex-punchout-secret",
    toIdentity: "workwear-portal",
    operation: "create",
    buyerCookie,
    returnUrl: "http://localhost:4010/punchout/return",
  });
  expect(res.status).toBe(201);
  await startAndCheck(res.body.startToken);
}

describe("demo punchout profiles", () => {
  it("GET /api/session says whether the selected customer has a punchout profile: Northwind has none (decision 161)", async () => {
    const login = await post("/api/authentication", {
      strategy: "local",
      email: "requester@demo.test",
      password: "workwear-demo",
    });
    expect(login.status).toBe(201);
    const session = await fetch(`${url}/api/session`, {
      headers: { authorization: `Bearer ${login.body.accessToken}` },
    }).then((r) => r.json());
    expect(session).toMatchObject({ selectedCustomer: { name: "Northwind Facilities" }, hasPunchoutProfile: false });
  });

  it("Apex Rail's cXML profile accepts AN-APEX-RAIL / apex-punchout-secret / workwear-portal", async () => {
    await setUpAndStart("AN-APEX-RAIL", "DEMO-1");
  });

  it("Apex Rail's approval profile (AN-APEX-RAIL-APPROVAL, same secret) needs approval, for the same user and customer", async () => {
    await setUpAndStart("AN-APEX-RAIL-APPROVAL", "DEMO-2");
    const profile = await db("punchout_profiles")
      .whereRaw("lower(from_identity) = ?", ["an-apex-rail-approval"])
      .first();
    expect(!!profile.needs_approval).toBe(true);
  });

  it("Apex Rail's OCI profile accepts apex-rail / apex-punchout-secret", async () => {
    const res = await post("/api/punchout/oci-login", {
      username: "apex-rail",
      password: "apex-punchout-secret",
      hookUrl: "http://localhost:4010/oci/hook",
    });
    expect(res.status).toBe(201);
    await startAndCheck(res.body.startToken);
  });

  it("stores the demo secret hashed only", async () => {
    for (const row of await db("punchout_profiles").select("secret_hash")) {
      expect(row.secret_hash).toMatch(/^scrypt\$/);
      expect(row.secret_hash).not.toContain("apex-punchout-secret");
    }
  });

  it("gives every catalogue category a UNSPSC code", async () => {
    const rows = await db("categories").select("slug", "unspsc");
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.unspsc, r.slug).toBe(UNSPSC_BY_CATEGORY[r.slug]);
    for (const code of Object.values(UNSPSC_BY_CATEGORY)) expect(code).toMatch(/^\d{8}$/);
  });

  it("classifies every seeded item, variants included", async () => {
    const items = await db("items").select("id");
    const codes = await unspscForItems(
      db,
      items.map((i: { id: number }) => i.id),
    );
    expect(codes.size).toBe(items.length);
    for (const [id, code] of codes) expect(code, String(id)).toMatch(/^\d{8}$/);
    const boot = await db("items").where("item_code", "like", "SB100%").whereNotNull("parent_id").first("id");
    expect(codes.get(boot.id)).toBe("46181600");
  });
});
