import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { startProvider } from "../main";
import { useProvider } from "./fixtures";

const { p, tokens } = useProvider({
  token: "requester@demo.test",
});

const key = fc.constantFrom(
  "tranId",
  "createdDate",
  "orderStatus",
  "internalId",
  "$limit",
  "$skip",
  "$sort",
  "$or",
  "orderedBy",
  "depot",
  "class.internalId",
  "q",
  "scope",
  "bogus",
  "details.custrecord4.value",
  "employees",
);
const op = fc.constantFrom(
  "",
  "[$in]",
  "[$nin]",
  "[$ne]",
  "[$gte]",
  "[$lte]",
  "[$match]",
  "[$bogus]",
  "[0]",
  "[]",
  "[$in][]",
  "[createdDate]",
  "[0][tranId]",
  "[a][b][c]",
);
const value = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.integer().map(String),
  fc.constantFrom("true", "null", "2026-10-01", "%", "_", "'", "\\", "1,2,x", "-1", "1e9", "9".repeat(30)),
);

describe("bad input never answers 500", () => {
  it.each(["order", "item", "contact", "customer-address", "saved-basket", "carriage"])(
    "GET /api/%s with random query strings → 200 or 400",
    async (service) => {
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(key, op, value), { maxLength: 4 }), async (parts) => {
          const qs = parts.map(([k, o, v]) => `${encodeURIComponent(k)}${o}=${encodeURIComponent(v)}`).join("&");
          const res = await p.api("GET", `/api/${service}?${qs}`, { token: tokens.token });
          expect([200, 400, 404], `${qs} → ${res.status} ${JSON.stringify(res.body)}`).toContain(res.status);
        }),
        { numRuns: 60 },
      );
    },
  );

  it("random order bodies → 201 or 4xx, and a 4xx writes nothing", async () => {
    const line = fc.record(
      {
        internalId: fc.oneof(fc.constantFrom("20002", "20010", "20001", "x"), fc.integer()),
        qty: fc.oneof(fc.integer({ min: -5, max: 120 }), fc.constant(1.5)),
      },
      { requiredKeys: [] },
    );
    const body = fc.record(
      {
        orderType: fc.constantFrom("standard", "manpack", "x"),
        items: fc.array(line, { maxLength: 3 }),
        addressId: fc.constantFrom("701", "702", "abc", null),
        shippingMethod: fc.constantFrom("1", "3", undefined),
      },
      { requiredKeys: ["orderType"] },
    );
    await fc.assert(
      fc.asyncProperty(body, async (b) => {
        const before = Number((await p.db("orders").count({ n: "*" }).first())!.n);
        const res = await p.api("POST", "/api/order", { token: tokens.token, body: b });
        expect([201, 400, 403], JSON.stringify(res.body)).toContain(res.status);
        const after = Number((await p.db("orders").count({ n: "*" }).first())!.n);
        expect(after).toBe(res.status === 201 ? before + 1 : before);
      }),
      { numRuns: 60 },
    );
  });

  it("malformed bodies are 400s", async () => {
    for (const body of ["{", "[]", "null", "42", '"text"']) {
      const res = await p.api("POST", "/api/order", { token: tokens.token, body });
      expect(res.status, body).toBe(400);
    }
    expect((await p.api("POST", "/api/saved-basket", { token: tokens.token, body: "{" })).status).toBe(400);
    expect((await p.api("GET", "/api/no-such-thing", { token: tokens.token })).status).toBe(404);
    expect((await p.api("DELETE", "/api/order/1", { token: tokens.token })).status).toBe(405);
  });
});

describe("startProvider", () => {
  it("creates and migrates a new SQLite file, listens, and closes", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-start-"));
    const started = await startProvider({
      port: 0,
      sqliteFile: path.join(dir, "p.sqlite"),
      seedWhenEmpty: false,
      log: () => {},
    });
    try {
      const res = await fetch(`${started.url}/api/maintenance-status`);
      expect(res.status).toBe(200);
      expect(fs.existsSync(path.join(dir, "p.sqlite"))).toBe(true);
    } finally {
      await started.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
