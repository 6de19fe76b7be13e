import fs from "node:fs";
import type { Server } from "node:http";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createProviderApp } from "../app";
import { createDb, migrate } from "../db/knex";
import { captureProviderLogs } from "../log";
import { NORTHWIND, PASSWORD, useProvider } from "./fixtures";

// The provider's access line, request id, /healthz, /readyz and /metrics (decisions 144 and 145).
const { p } = useProvider();

const settle = () => new Promise((resolve) => setTimeout(resolve, 30)); // access lines are written when the answer closes

/**
 * A provider app of its own on `db`, for the cases the shared one cannot show (a token, a closed database); without
 * background work, whose queries would outlive the test's database.
 */
async function listen(app: ReturnType<typeof createProviderApp>): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = await app.listen(0);
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe("the access line", () => {
  it("names the request id, route pattern, status, duration and caller, without the token", async () => {
    const token = await p.login("requester@demo.test");
    const log = captureProviderLogs();
    try {
      const answer = await p.api("GET", "/api/order/999999?$select[]=tranId", {
        token,
        headers: { "x-request-id": "portal-req-42" },
      });
      expect(answer.status).toBe(404);
      expect(answer.headers.get("x-request-id")).toBe("portal-req-42");
      await settle();
      const line = log.lines().find((l) => l.reqId === "portal-req-42");
      expect(line).toMatchObject({
        name: "provider",
        level: "info",
        msg: "request",
        method: "GET",
        path: "/api/order/999999?$select[]=tranId",
        route: "api/order/:id",
        status: 404,
        userId: 2,
        customerId: NORTHWIND,
      });
      expect(line!.ms).toEqual(expect.any(Number));
      expect(log.text()).not.toContain(token);
    } finally {
      log.stop();
    }
  });

  it("gives a request without a well-formed id one of its own", async () => {
    const log = captureProviderLogs();
    try {
      const answer = await p.api("GET", "/api/maintenance-status", { headers: { "x-request-id": "two words" } });
      const id = answer.headers.get("x-request-id");
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      await settle();
      expect(log.lines().find((l) => l.reqId === id)).toMatchObject({ route: "api/maintenance-status", status: 200 });
      expect(log.text()).not.toContain("two words");
    } finally {
      log.stop();
    }
  });

  it("a request the client gave up on is one info line, with no error or stack", async () => {
    const log = captureProviderLogs();
    try {
      const { port } = new URL(p.url);
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(Number(port), "127.0.0.1", () => {
          socket.write(
            "POST /api/authentication HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 500\r\n" +
              'X-Request-Id: gave-up-1\r\n\r\n{"strategy":"local"',
          );
          setTimeout(() => socket.destroy(), 100);
        });
        socket.on("close", () => resolve());
        socket.on("error", reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      const lines = log.lines().filter((l) => l.reqId === "gave-up-1");
      expect(lines).toEqual([
        expect.objectContaining({ level: "info", msg: "request cancelled by the client", cancelled: true }),
      ]);
      expect(log.lines().filter((l) => l.level === "error" || l.level === "warn")).toEqual([]);
    } finally {
      log.stop();
    }
  });
});

describe("/healthz and /readyz", () => {
  it("answer without a session: alive, and ready with the database and migrations checked", async () => {
    const health = await p.api("GET", "/healthz");
    expect(health.status).toBe(200);
    expect(health.body).toEqual({ status: "ok" });
    expect(health.headers.get("cache-control")).toBe("no-store");
    const ready = await p.api("GET", "/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ status: "ready", checks: { database: "ok", migrations: "ok" } });
  });

  it("is not ready while a migration has not run, and names it", async () => {
    const last = await p.db("knex_migrations").orderBy("id", "desc").first();
    await p.db("knex_migrations").where("id", last.id).delete();
    try {
      const ready = await p.api("GET", "/readyz");
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({ status: "not ready", checks: { database: "ok", migrations: "1 pending" } });
    } finally {
      await p.db("knex_migrations").insert(last);
    }
    expect((await p.api("GET", "/readyz")).status).toBe(200);
  });

  it("is not ready when the database does not answer, and says nothing more about it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-ready-"));
    const db = createDb({ sqliteFile: path.join(dir, "provider.sqlite") });
    await migrate(db);
    const served = await listen(createProviderApp({ db, log: () => {}, backgroundWork: false }));
    try {
      expect((await fetch(`${served.url}/readyz`)).status).toBe(200);
      await db.destroy();
      const ready = await fetch(`${served.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toEqual({
        status: "not ready",
        checks: { database: "not answering", migrations: "unknown" },
      });
      expect((await fetch(`${served.url}/healthz`)).status).toBe(200);
    } finally {
      await served.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("/metrics", () => {
  it("answers loopback without a token: requests, queues, log-in refusals, event loop and heap", async () => {
    await p.api("GET", "/api/maintenance-status");
    const refused = await p.api("POST", "/api/authentication", {
      body: { strategy: "local", email: "buyer@demo.test", password: `${PASSWORD}-not` },
    });
    expect(refused.status).toBe(401);
    // a report task and an ERP run waiting (running under a lease, so no worker takes them): two minutes old
    const queuedAt = new Date(p.clock.now.getTime() - 120_000).toISOString();
    const lease = new Date(p.clock.now.getTime() + 3_600_000).toISOString();
    await p.db("report_tasks").insert({
      customer_id: NORTHWIND,
      user_id: 1,
      type: "spend-by-month",
      params_json: "{}",
      status: "running",
      lease_until: lease,
      created_at: queuedAt,
    });
    await p
      .db("erp_import_runs")
      .insert({ status: "running", file: "feed.json", queued_at: queuedAt, lease_until: lease });

    const answer = await fetch(`${p.url}/metrics`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toContain("text/plain; version=0.0.4");
    const text = await answer.text();
    expect(text).toMatch(
      /provider_http_request_duration_seconds_count\{route="api\/maintenance-status",method="GET",status_class="2xx"\} [1-9]/,
    );
    expect(text).toMatch(/provider_login_refusals_total\{reason="wrong password"\} [1-9]/);
    expect(text).toContain('provider_queue_depth{queue="reports"} 1');
    expect(text).toContain('provider_queue_depth{queue="erp"} 1');
    expect(text).toContain('provider_queue_oldest_age_seconds{queue="reports"} 120');
    expect(text).toContain('provider_queue_oldest_age_seconds{queue="erp"} 120');
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_heap_size_used_bytes \d/m);
    expect(text).not.toContain("buyer@demo.test");
  });

  it("refuses a client a trusted proxy forwards from elsewhere while METRICS_TOKEN is unset", async () => {
    const answer = await fetch(`${p.url}/metrics`, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(answer.status).toBe(403);
  });

  it("with METRICS_TOKEN: only its bearer, from anywhere", async () => {
    const token = "metrics-token-for-the-test-0123";
    const served = await listen(
      createProviderApp({ db: p.db, log: () => {}, metricsToken: token, backgroundWork: false }),
    );
    try {
      expect((await fetch(`${served.url}/metrics`)).status).toBe(401);
      const wrong = await fetch(`${served.url}/metrics`, { headers: { authorization: "Bearer not-the-token" } });
      expect(wrong.status).toBe(401);
      expect(wrong.headers.get("www-authenticate")).toContain("Bearer");
      const right = await fetch(`${served.url}/metrics`, {
        headers: { authorization: `Bearer ${token}`, "x-forwarded-for": "203.0.113.9" },
      });
      expect(right.status).toBe(200);
      expect(await right.text()).toContain("provider_queue_depth");
    } finally {
      await served.close();
    }
  });
});
