import type { Knex } from "knex";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { isPostgres } from "../db/knex";
import * as queueMigration from "../db/migrations/015_report_tasks_queue";
import { AUTOCHECKPOINT_BACKSTOP, AUTOCHECKPOINT_DEFAULT, REASONS, ReportWorker } from "../services/report-worker";
import { NORTHWIND, useProvider } from "./fixtures";
import { onSqlite } from "./test-database";

/**
 * Decision 122: the report queue. The provider here runs no worker of its own (as role `api`); the tests
 * drive workers directly, each claim and run awaited, so nothing depends on timing.
 */
let db: Knex;
const ctx = () => ({ db, now: () => p.clock.now });
const PARAMS = JSON.stringify({ from: "2026-10-01", to: "2026-10-31", departments: [], employees: [] });

async function addTask(extra: Record<string, unknown> = {}): Promise<number> {
  const [row] = await db("report_tasks")
    .insert({
      customer_id: NORTHWIND,
      user_id: 1,
      type: "spend-by-month",
      params_json: PARAMS,
      status: "pending",
      created_at: p.clock.now.toISOString(),
      ...extra,
    })
    .returning("id");
  return Number(typeof row === "object" ? row.id : row);
}
const task = (id: number) => db("report_tasks").where("id", id).first();
/** A task a worker process claimed (and may have died holding), leased until `lease_until`. */
const runningTask = (claimed_by: string, attempts: number, lease_until: string, started_at?: string) =>
  addTask({ status: "running", claimed_by, attempts, lease_until, ...(started_at ? { started_at } : {}) });
/** buyer@demo.test at Northwind (the fixture user has two business units) */
async function buyer(): Promise<string> {
  const token = await p.login("buyer@demo.test");
  await p.api("POST", "/api/select-customer", { token, body: { contactId: "5001" } });
  return token;
}

// without its queue workers (as role `api`): the tests run reports and workers themselves
const { p } = useProvider({}, { backgroundWork: false });
beforeAll(async () => {
  db = p.db;
});
beforeEach(async () => {
  await db("report_tasks").delete();
});

describe("the report queue", () => {
  it("two workers racing for one task: exactly one claims it", async () => {
    const id = await addTask();
    const [a, b] = [new ReportWorker(ctx(), { id: "a" }), new ReportWorker(ctx(), { id: "b" })];
    const claims = await Promise.all([a.claim(), b.claim(), a.claim(), b.claim()]);
    expect(claims.filter(Boolean).map((c) => c!.id)).toEqual([id]);
    expect(await task(id)).toMatchObject({ status: "running", attempts: 1 });
  });

  it("two workers draining a queue run each task once", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 8; i++) ids.push(await addTask());
    const drain = async (w: ReportWorker) => {
      while (await w.runOnce()) {
        /* next */
      }
    };
    await Promise.all([drain(new ReportWorker(ctx(), { id: "a" })), drain(new ReportWorker(ctx(), { id: "b" }))]);
    const rows = await db("report_tasks").whereIn("id", ids).orderBy("id");
    expect(rows.map((r: any) => [r.status, r.attempts, r.row_count])).toEqual(ids.map(() => ["success", 1, 1]));
    expect(JSON.parse(rows[0].result_json)).toEqual([{ month: "2026-10", orders: 4, subTotal: 80 }]);
  });

  it("after a restart a task left running by a dead process is run again once its lease has lapsed", async () => {
    const lapsed = await runningTask("dead:1", 1, "2026-11-21T08:01:30.000Z", "2026-11-21T08:00:00.000Z");
    const held = await runningTask("alive:2", 1, "2026-11-21T09:00:30.000Z", "2026-11-21T08:59:00.000Z");
    const restarted = new ReportWorker(ctx(), { id: "restarted" });
    expect(await restarted.runOnce()).toBe(true);
    expect(await task(lapsed)).toMatchObject({ status: "success", attempts: 2, claimed_by: "restarted" });
    // the other is still within its lease: not taken
    expect(await restarted.runOnce()).toBe(false);
    expect(await task(held)).toMatchObject({ status: "running", claimed_by: "alive:2" });
    // …until the lease lapses
    p.clock.advance(60_000);
    try {
      expect(await restarted.runOnce()).toBe(true);
      expect(await task(held)).toMatchObject({ status: "success", attempts: 2 });
    } finally {
      p.clock.advance(-60_000);
    }
  });

  it("a task whose runs keep dying fails after the last attempt, with a reason", async () => {
    const id = await runningTask("dead:1", 3, "2026-11-21T08:00:00.000Z");
    expect(await new ReportWorker(ctx(), { maxAttempts: 3 }).runOnce()).toBe(true);
    expect(await task(id)).toMatchObject({ status: "failed", reason: REASONS.unfinished, row_count: null });
  });

  it("a run over the time limit fails with the reason in words (a zero limit here: every run is over it)", async () => {
    const id = await addTask({ type: "top-products" });
    expect(await new ReportWorker(ctx(), { timeoutMs: 0 }).runOnce()).toBe(true);
    const row = await task(id);
    expect(row).toMatchObject({ status: "failed", reason: REASONS.timeout(0), result_json: null });
    expect(REASONS.timeout(60_000)).toBe("The report took longer than 60 seconds");
    const answer = await p.api("GET", `/api/report/${id}`, { token: await buyer() });
    expect(answer.body).toMatchObject({ status: "failed", success: false, reason: REASONS.timeout(0), result: null });
  });

  it("a run whose claim was taken over writes nothing", async () => {
    const id = await addTask();
    const slow = new ReportWorker(ctx(), { id: "slow" });
    const claimed = await slow.claim();
    // another worker has since taken the task over (as after a lapsed lease)
    await db("report_tasks").where("id", id).update({ claimed_by: "other", attempts: 2 });
    await (slow as any).finish(claimed, { status: "success", rows: [] });
    expect(await task(id)).toMatchObject({ status: "running", claimed_by: "other", result_json: null });
  });

  it("a started worker is woken by a new task and stops cleanly", async () => {
    const worker = new ReportWorker(ctx(), { pollMs: 60_000 });
    worker.start();
    try {
      const token = await buyer();
      const id = await addTask();
      worker.wake();
      for (;;) {
        const row = await task(id);
        if (row.status === "success") break;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      expect((await p.api("GET", `/api/report/${id}`, { token })).body.result.rows).toEqual([
        { month: "2026-10", orders: 4, subTotal: 80 },
      ]);
    } finally {
      await worker.stop();
    }
    const later = await addTask();
    worker.wake();
    expect(await task(later)).toMatchObject({ status: "pending" });
  });

  it("on a SQLite file reports run in a thread of their own; in slices otherwise (PostgreSQL, or thread: false)", async () => {
    const threaded = new ReportWorker(ctx());
    const sliced = new ReportWorker(ctx(), { thread: false });
    try {
      expect(await threaded.runsInThread()).toBe(!isPostgres(db));
      expect(await sliced.runsInThread()).toBe(false);
      for (const worker of [threaded, sliced]) {
        const id = await addTask({ type: "top-products" });
        expect(await worker.runOnce()).toBe(true);
        expect(JSON.parse((await task(id)).result_json)).toEqual([
          { itemId: "20010", code: "WK-TRS", name: "Work Trousers", quantity: 8, amount: 40 },
          { itemId: "20002", code: "HV-JKT-M", name: "Hi-Vis Jacket M", quantity: 4, amount: 40 },
        ]);
      }
    } finally {
      await threaded.stop();
    }
  });

  it.runIf(onSqlite)(
    "while the report thread runs it checkpoints the WAL, and the provider's connection only as a backstop (decision 137)",
    async () => {
      const autocheckpoint = async () =>
        Number(
          ((await db.raw("pragma wal_autocheckpoint")) as Array<{ wal_autocheckpoint: number }>)[0].wal_autocheckpoint,
        );
      expect(await autocheckpoint()).toBe(AUTOCHECKPOINT_DEFAULT);
      const worker = new ReportWorker(ctx());
      try {
        expect(await worker.runsInThread()).toBe(true);
        expect(await autocheckpoint()).toBe(AUTOCHECKPOINT_BACKSTOP);
      } finally {
        await worker.stop();
      }
      expect(await autocheckpoint()).toBe(AUTOCHECKPOINT_DEFAULT);
    },
  );

  it("stopping gives the task in hand back at once: pending, unclaimed, the attempt not counted (decision 153)", async () => {
    // top products over 20 years for one department: thousands of two-day slices, still going when the worker stops
    const long = JSON.stringify({ from: "2000-01-01", to: "2019-12-31", departments: ["1"], employees: [] });
    const id = await addTask({ type: "top-products", params_json: long });
    const worker = new ReportWorker(ctx(), { id: "stopping", thread: false });
    const run = worker.runOnce();
    while ((await task(id)).status === "pending") await new Promise((resolve) => setTimeout(resolve, 2));
    expect((await task(id)).status).toBe("running");
    expect(worker.running()).toBe(`report task ${id}`);
    await worker.stop();
    expect(await run).toBe(false);
    expect(worker.running()).toBeNull();
    expect(await task(id)).toMatchObject({ status: "pending", claimed_by: null, lease_until: null, attempts: 0 });
    // the next worker claims it now, not when the lease would have lapsed
    expect(await new ReportWorker(ctx(), { id: "next" }).claim()).toMatchObject({
      id,
      claimed_by: "next",
      attempts: 1,
    });
  });

  it("a task claimed after stop() was called is given back, not run", async () => {
    const id = await addTask();
    const worker = new ReportWorker(ctx(), { id: "late" });
    const run = worker.runOnce(); // its claim is on its way
    await worker.stop();
    expect(await run).toBe(false);
    expect(await task(id)).toMatchObject({ status: "pending", claimed_by: null, attempts: 0 });
  });
});

describe("migration 015", () => {
  it("older rows become success, failed with their error as the reason, or pending; down and up again", async () => {
    await queueMigration.down(db);
    try {
      const old = (id: number, success: boolean | null, result_json: string | null) => ({
        id,
        customer_id: NORTHWIND,
        user_id: 1,
        type: "spend-by-month",
        params_json: "{}",
        success,
        result_json,
        created_at: "2026-11-01T00:00:00.000Z",
      });
      await db("report_tasks").insert([
        old(101, true, "[]"),
        old(102, false, JSON.stringify({ error: "Report timed out" })),
        old(103, false, "not json"),
        old(104, null, null),
      ]);
    } finally {
      await queueMigration.up(db);
    }
    const rows = await db("report_tasks")
      .whereIn("id", [101, 102, 103, 104])
      .orderBy("id")
      .select("id", "status", "reason", "attempts");
    expect(rows).toEqual([
      { id: 101, status: "success", reason: null, attempts: 0 },
      { id: 102, status: "failed", reason: "Report timed out", attempts: 0 },
      { id: 103, status: "failed", reason: REASONS.unfinished, attempts: 0 },
      { id: 104, status: "pending", reason: null, attempts: 0 },
    ]);
  });
});
