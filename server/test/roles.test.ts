import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import type { Knex } from "knex";
import { afterAll, afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDb, migrate } from "../db/knex";
import { seed } from "../db/seed";
import { DEMO_PASSWORD } from "../db/seed/organisations";
import { testDatabase } from "./test-database";

/**
 * Issue 32 item 6 and issue 33 item 3 (decisions 152, 153), with real processes: `npm run provider -- start --role …`
 * on one database — a temp SQLite file, or a fresh schema of TEST_DATABASE_URL's PostgreSQL database.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const target = testDatabase();
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "provider-roles-"));
const children = new Set<ChildProcess>();

interface Database {
  env: Record<string, string>;
  db: Knex;
  drop(): Promise<void>;
}

/** A new, empty database for one test: its SQLite file, or its PostgreSQL schema (named in the URL's options). */
async function newDatabase(): Promise<Database> {
  if (target.kind === "postgres") {
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const url = new URL(target.url);
    url.searchParams.set("options", `-c search_path=${schema}`);
    const db = createDb({ databaseUrl: target.url, searchPath: schema });
    await db.raw(`create schema "${schema}"`);
    return {
      env: { DATABASE_URL: url.toString() },
      db,
      async drop() {
        await db.raw(`drop schema "${schema}" cascade`);
        await db.destroy();
      },
    };
  }
  const file = path.join(tmp, `${randomBytes(4).toString("hex")}.sqlite`);
  const db = createDb({ sqliteFile: file });
  return { env: { PROVIDER_DB_FILE: file }, db, drop: () => db.destroy() };
}

interface Provider {
  child: ChildProcess;
  pid: number;
  url: string;
  output(): string;
  /** resolves with the exit code and how long after `since` it came */
  exit(since?: number): Promise<{ code: number | null; ms: number }>;
}

const READY = /(?:listening on|health on) (http:\/\/\S+?)\/(?:api|healthz)\b/;

/** `node --import tsx server/cli.ts start --role <role>` on a free port, once it says where it serves. */
function startProvider(role: "api" | "worker" | "all", env: Record<string, string>): Promise<Provider> {
  const child = spawn(process.execPath, ["--import", "tsx", "server/cli.ts", "start", "--role", role], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: "test", PROVIDER_PORT: "0", SHUTDOWN_TIMEOUT: "10", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.add(child);
  let out = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  void exited.then(() => children.delete(child));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const ready = READY.exec(out);
      if (!ready) return;
      child.stdout!.off("data", onData);
      child.stdout!.on("data", (more: Buffer) => (out += more.toString()));
      resolve({
        child,
        pid: child.pid!,
        url: ready[1],
        output: () => out,
        exit: async (since = Date.now()) => ({ code: await exited, ms: Date.now() - since }),
      });
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (out += chunk.toString()));
    void exited.then((code) => reject(new Error(`the ${role} provider exited (${code}) before serving:\n${out}`)));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => Promise<T | undefined | null | false>, ms = 15_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function api(base: string, method: string, pathname: string, token?: string, body?: unknown) {
  const res = await fetch(base + pathname, {
    method,
    headers: {
      accept: "application/json",
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

/** buyer@demo.test, logged in through `base`, at Northwind */
async function buyerAtNorthwind(base: string): Promise<string> {
  const login = await api(base, "POST", "/api/authentication", undefined, {
    strategy: "local",
    email: "buyer@demo.test",
    password: DEMO_PASSWORD,
  });
  expect(login.status).toBe(201);
  const token = login.body.accessToken as string;
  const session = await api(base, "GET", "/api/session", token);
  const northwind = session.body.customers.find((c: any) => c.name === "Northwind Facilities");
  expect((await api(base, "POST", "/api/select-customer", token, { contactId: northwind.contactId })).status).toBe(201);
  return token;
}

const claimedBy = (pid: number) => new RegExp(`:${pid}:`);

let database: Database;
beforeEach(async () => {
  database = await newDatabase();
});
afterEach(async () => {
  for (const child of children) child.kill("SIGKILL");
  await until("every provider to exit", async () => children.size === 0);
  await database.drop();
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe("provider roles (decision 152)", () => {
  it("a report queued through the api process is run by the worker process, never by the api process", async () => {
    const apiProcess = await startProvider("api", database.env);
    const { db } = database;
    // the seed's pending task and a new one wait while only the api process runs
    const token = await buyerAtNorthwind(apiProcess.url);
    const queued = await api(apiProcess.url, "POST", "/api/report", token, {
      type: "spend-by-month",
      from: "2026-01-01",
      to: "2026-10-31",
    });
    expect(queued.status).toBe(201);
    const id = Number(queued.body.task.taskId);
    await sleep(2500); // a worker looks every second: two looks and more
    expect(await db("report_tasks").whereIn("id", [1, id]).pluck("status")).toEqual(["pending", "pending"]);

    const worker = await startProvider("worker", database.env);
    const done = await until("the worker to run both tasks", async () => {
      const rows = await db("report_tasks").whereIn("id", [1, id]).orderBy("id");
      return rows.every((r) => r.status === "success") && rows;
    });
    for (const row of done) {
      expect(row.claimed_by).toMatch(claimedBy(worker.pid));
      expect(row.claimed_by).not.toMatch(claimedBy(apiProcess.pid));
    }
    // the answer comes through the api process
    const answer = await api(apiProcess.url, "GET", `/api/report/${id}`, token);
    expect(answer.body).toMatchObject({ status: "success", success: true });
    expect(answer.body.result).toMatchObject({ total: 10 });

    // the worker serves its health, readiness and metrics (from loopback: no METRICS_TOKEN) and nothing else
    expect((await fetch(`${worker.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${worker.url}/readyz`);
    expect([ready.status, await ready.json()]).toEqual([
      200,
      { status: "ready", checks: { database: "ok", migrations: "ok" } },
    ]);
    const metrics = await (await fetch(`${worker.url}/metrics`)).text();
    expect(metrics).toMatch(/^provider_queue_depth\{queue="reports"\} \d+$/m);
    expect(metrics).toMatch(/^provider_emails\{status="failed"\} \d+$/m);
    for (const other of ["/api/report", "/api/authentication", "/"])
      expect((await fetch(worker.url + other)).status, other).toBe(404);
    // and the api process serves the API and the same three
    expect((await fetch(`${apiProcess.url}/api/maintenance-status`)).status).toBe(200);
    for (const path of ["/healthz", "/readyz", "/metrics"])
      expect((await fetch(apiProcess.url + path)).status, path).toBe(200);

    const since = Date.now();
    apiProcess.child.kill("SIGTERM");
    worker.child.kill("SIGTERM");
    expect(await apiProcess.exit(since)).toMatchObject({ code: 0 });
    expect(await worker.exit(since)).toMatchObject({ code: 0 });
  });

  it("SIGTERM during a running report gives it back at once; another worker runs it; the process exits 0 in time", async () => {
    const first = await startProvider("worker", database.env);
    const { db } = database;
    await until(
      "the seed's task to be run",
      async () => (await db("report_tasks").where("id", 1).first())?.status === "success",
    );
    // top products over 60 years for one department: tens of thousands of two-day slices, seconds of work
    const [row] = await db("report_tasks")
      .insert({
        customer_id: 1001,
        user_id: 1,
        type: "top-products",
        status: "pending",
        params_json: JSON.stringify({ from: "1960-01-01", to: "2019-12-31", departments: ["1"], employees: [] }),
        created_at: new Date().toISOString(),
      })
      .returning("id");
    const id = Number(typeof row === "object" ? row.id : row);
    const running = await until("the first worker to claim it", async () => {
      const task = await db("report_tasks").where("id", id).first();
      return task?.status === "running" && task;
    });
    expect(running.claimed_by).toMatch(claimedBy(first.pid));
    const second = await startProvider("worker", database.env);
    // still the first's: the second found nothing to claim
    expect(await db("report_tasks").where("id", id).first()).toMatchObject({ status: "running", attempts: 1 });

    const since = Date.now();
    first.child.kill("SIGTERM");
    const exited = await first.exit(since);
    expect(exited.code).toBe(0); // before SHUTDOWN_TIMEOUT, or it would be 1
    expect(first.output()).toContain(`report task ${id} given back to the queue`);
    // taken over by the second worker, and with its first attempt: a claim taken after the 90 s lease lapsed would be
    // the second attempt (no bound on how fast: a loaded machine is slow, and the attempt count tells the two apart)
    const taken = await until(
      "the second worker to take it over",
      async () => {
        const task = await db("report_tasks").where("id", id).first();
        return task?.claimed_by && claimedBy(second.pid).test(task.claimed_by) && task;
      },
      80_000,
    );
    expect(taken).toMatchObject({ status: "running", attempts: 1 });

    second.child.kill("SIGTERM");
    expect(await second.exit()).toMatchObject({ code: 0 });
    expect(await db("report_tasks").where("id", id).first()).toMatchObject({ status: "pending", claimed_by: null });
  });

  it("SIGTERM lets a request in flight finish, takes no new connection, then exits 0", async () => {
    const provider = await startProvider("api", database.env);
    const { port, hostname } = new URL(provider.url);
    // a slow client: the log-in's body comes in two parts, a second apart, with the signal between them
    const body = JSON.stringify({ strategy: "local", email: "buyer@demo.test", password: DEMO_PASSWORD });
    const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(
        {
          host: hostname,
          port,
          method: "POST",
          path: "/api/authentication",
          headers: { "content-type": "application/json" },
        },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => (text += c.toString()));
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        provider.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(20)), 1000);
      }, 300);
    });
    const since = Date.now();
    await sleep(800);
    // it has stopped listening: a new connection is refused while the old request is still open
    await expect(fetch(`${provider.url}/api/maintenance-status`)).rejects.toThrow();
    expect(provider.child.exitCode).toBeNull();
    const answer = await answered;
    expect(answer.status).toBe(201);
    expect(JSON.parse(answer.body).accessToken).toEqual(expect.any(String));
    const exited = await provider.exit(since);
    expect(exited.code).toBe(0); // within SHUTDOWN_TIMEOUT, or it would be 1
  });

  it("past SHUTDOWN_TIMEOUT it names what was still running and exits 1", async () => {
    const provider = await startProvider("api", { ...database.env, SHUTDOWN_TIMEOUT: "1" });
    const { port, hostname } = new URL(provider.url);
    // a client that never finishes its body
    const req = http.request({
      host: hostname,
      port,
      method: "POST",
      path: "/api/password-reset/some-secret-token",
      headers: { "content-type": "application/json" },
    });
    req.on("error", () => {});
    req.write('{"password":');
    await sleep(300);
    const since = Date.now();
    provider.child.kill("SIGTERM");
    const exited = await provider.exit(since);
    req.destroy();
    expect(exited.code).toBe(1);
    expect(exited.ms).toBeGreaterThanOrEqual(1000);
    expect(provider.output()).toContain("still running after 1 s: POST /api/password-reset; exiting");
    expect(provider.output()).not.toContain("some-secret-token");
  });
});

describe("start-up under a lock (decision 153)", () => {
  it("three providers starting together on one new database migrate and seed it once", async () => {
    // what one seed makes, counted on a database of its own
    const reference = createDb({ sqliteFile: ":memory:" });
    await migrate(reference);
    await seed(reference, { scale: "demo" });
    const [customers, orders] = await Promise.all(
      ["customers", "orders"].map(async (t) => Number((await reference(t).count({ n: "*" }).first())?.n)),
    );
    await reference.destroy();

    const providers = await Promise.all(
      (["all", "api", "worker"] as const).map((role) => startProvider(role, database.env)),
    );
    const seeded = providers.filter((p) => p.output().includes("empty database, seeding"));
    expect(seeded).toHaveLength(1);
    const count = async (t: string) => Number((await database.db(t).count({ n: "*" }).first())?.n);
    expect(await count("customers")).toBe(customers);
    expect(await count("orders")).toBe(orders);
    for (const p of providers) expect(p.output()).not.toMatch(/error|locked/i);
    for (const p of providers) p.child.kill("SIGTERM");
    for (const p of providers) expect(await p.exit()).toMatchObject({ code: 0 });
  });
});
