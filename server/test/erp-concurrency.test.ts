import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProviderApp } from "../app";
import { findDuplicateCodes } from "../db/duplicate-codes";
import { backgroundWorkOf } from "../services/background";
import { FEED_FILE, JsonFeedSource, rowsOf } from "../services/erp-feed";
import { ErpWorker } from "../services/erp-import";
import { importRows } from "../services/erp-import/rows";
import { startTestProvider, type TestProvider } from "./fixtures";

/**
 * Issue 33 item 1 (decision 155): two provider processes on one database — here two provider apps, each with its own
 * connection pool and its own ERP worker — pulling the same feed of 40 new products (issue 33's four "Pull now" at
 * once, two through each). Every code ends up once and every row is written once: one import runs at a time, and
 * imports that do overlap (a run taken over from a process whose lease lapsed while it still worked) meet on the
 * database's unique codes through upserts.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "erp-race-"));
const PRODUCTS = 40;
const FEED = {
  items: Array.from({ length: PRODUCTS }, (_, i) => ({
    itemCode: `ZZ${500 + i}`,
    displayName: `Race Jacket ${i}`,
    price: 10 + i,
    stock: 5,
    variants: ["BLK-M", "BLK-L"].map((v) => ({ itemCode: `ZZ${500 + i}-${v}`, price: 10 + i, stock: 2, size: v })),
  })),
};
const CODES = FEED.items.flatMap((p) => [p.itemCode, ...p.variants.map((v) => v.itemCode)]);

/** A second provider app on the same database, as another machine's process is. */
async function secondProvider(p: TestProvider, backgroundWork: boolean) {
  const db = p.openDb();
  const app = createProviderApp({ db, now: () => p.clock.now, log: () => {}, erpFeedDir: dir, backgroundWork });
  const server: Server = await app.listen(0);
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  return {
    db,
    url,
    async close() {
      await backgroundWorkOf(app)?.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}

/** Two provider apps on one database for a describe block, with their queue workers or without. */
function twoProviders(backgroundWork: boolean, use: (started: { p: TestProvider; other: Second }) => void) {
  let started: { p: TestProvider; other: Second } | undefined;
  beforeAll(async () => {
    const p = await startTestProvider({ erpFeedDir: dir, backgroundWork });
    started = { p, other: await secondProvider(p, backgroundWork) };
    use(started);
  });
  afterAll(async () => {
    await started?.other.close();
    await started?.p.close();
  });
}
type Second = Awaited<ReturnType<typeof secondProvider>>;

const post = (url: string, token: string) =>
  fetch(`${url}/api/admin/erp-import`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
    body: "{}",
  }).then(async (res) => ({ status: res.status, body: await res.json() }));

const codeCounts = async (db: Knex) =>
  (await db("items").whereIn("item_code", CODES).groupBy("item_code").select("item_code", db.raw("count(*) as n")))
    .map((r: any) => Number(r.n))
    .reduce((counts: Record<number, number>, n: number) => ({ ...counts, [n]: (counts[n] ?? 0) + 1 }), {});

beforeAll(() => fs.writeFileSync(path.join(dir, FEED_FILE), JSON.stringify(FEED)));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("two providers pulling at once", () => {
  let p: TestProvider;
  let other: Second;
  twoProviders(true, (started) => ({ p, other } = started));

  it("four Pull now at once, two through each provider: every code once, every row written once", async () => {
    const token = await p.login("admin@demo.test");
    const answers = await Promise.all([p.url, other.url, p.url, other.url].map((url) => post(url, token)));
    expect(answers.every((a) => a.status === 201 || a.status === 200)).toBe(true);
    // the runs, once every one has finished (both providers' workers claim; the wait is bounded)
    let runs: any[] = [];
    for (let i = 0; i < 600; i++) {
      runs = await p.db("erp_import_runs").orderBy("id");
      if (runs.every((r) => r.status === "succeeded" || r.status === "failed")) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(runs.map((r) => r.status).filter((s) => s !== "succeeded")).toEqual([]);
    expect(await findDuplicateCodes(p.db)).toEqual([]);
    expect(await codeCounts(p.db)).toEqual({ 1: CODES.length });
    expect(runs.reduce((n, r) => n + Number(r.created), 0)).toBe(CODES.length);
    expect(runs.flatMap((r) => JSON.parse(r.errors_json ?? "[]"))).toEqual([]);
    // the answers name the runs there are: new ones 201, the one already waiting 200
    const ids = new Set(runs.map((r) => String(r.id)));
    for (const a of answers) {
      expect(ids.has(a.body.id)).toBe(true);
      expect(a.body.alreadyQueued).toBe(a.status === 200);
    }
  });
});

describe("the claim and the writes", () => {
  let p: TestProvider;
  let other: Second;
  twoProviders(false, (started) => ({ p, other } = started));

  it("one run at a time whoever claims; a run whose process died is taken over, not run beside", async () => {
    const token = await p.login("admin@demo.test");
    const source = () => new JsonFeedSource(dir, null);
    const ctx = (db: Knex) => ({ db, now: () => p.clock.now });
    const workers = [new ErpWorker(ctx(p.db), source), new ErpWorker(ctx(other.db), source)];
    const claimAll = async () => (await Promise.all([...workers, ...workers].map((w) => w.claim()))).filter(Boolean);

    const first = await post(p.url, token);
    expect(first.status).toBe(201);
    // a second pull while the first waits is that run
    expect(await post(other.url, token)).toMatchObject({
      status: 200,
      body: { id: first.body.id, alreadyQueued: true },
    });
    expect((await claimAll()).map((r: any) => String(r.id))).toEqual([first.body.id]);
    // while it runs, one more pull waits behind it; no worker takes it
    const second = await post(other.url, token);
    expect(second).toMatchObject({ status: 201, body: { status: "pending", alreadyQueued: false } });
    expect(await claimAll()).toEqual([]);
    // nor can any code make a second running run: the database refuses it
    await expect(
      p.db("erp_import_runs").where("id", Number(second.body.id)).update({ status: "running" }),
    ).rejects.toThrow(/unique/i);
    // the first run's process died: once its lease lapsed it is claimed again, by one worker, before the waiting one
    p.clock.advance(11 * 60_000);
    const taken = await claimAll();
    expect(taken.map((r: any) => [String(r.id), r.attempts])).toEqual([[first.body.id, 2]]);
    expect((await p.db("erp_import_runs").where("id", Number(second.body.id)).first()).status).toBe("pending");
    await p.db("erp_import_runs").update({ status: "failed", failure: "test", lease_until: null });
  });

  it("imports overlapping on two connections (a lease lapsed mid-run) write every row once", async () => {
    const rows = rowsOf(FEED);
    const results = await Promise.all(
      [p.db, other.db, p.db, other.db].map((db, i) => importRows(db, rows, p.clock.now, { runId: 100 + i })),
    );
    expect(results.flatMap((r) => r.errors)).toEqual([]);
    expect(results.reduce((n, r) => n + r.created, 0)).toBe(CODES.length);
    expect(results.reduce((n, r) => n + r.created + r.updated + r.unchanged, 0)).toBe(4 * CODES.length);
    expect(await findDuplicateCodes(p.db)).toEqual([]);
    expect(await codeCounts(p.db)).toEqual({ 1: CODES.length });
  });
});
