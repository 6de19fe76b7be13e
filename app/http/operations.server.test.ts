import fs from "node:fs";
import type { Server } from "node:http";
import net from "node:net";
import os from "node:os";
import { Readable } from "node:stream";
import path from "node:path";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import express from "express";
import type { Knex } from "knex";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../server/db/knex";
import { DEMO_PUNCHOUT_SECRET } from "../../server/db/seed/punchout";
import { DEMO_PASSWORD } from "../../server/db/seed/organisations";
import { captureProviderLogs } from "../../server/log";
import { startProvider } from "../../server/main";
import { resetEnvForTests } from "~/env.server";
import { getSession } from "~/session/session.server";
import { logFailure } from "~/upstream/errors.server";
import { providerReadiness } from "~/upstream/readiness.server";
import * as checkout from "~/routes/_basket.checkout";
import * as dashboard from "~/routes/_default.dashboard";
import * as forgot from "~/routes/_login.customer.forgot";
import * as resetPassword from "~/routes/_login.customer.reset-password.$slug";
import * as login from "~/routes/_login.login";
import * as cxmlSetup from "~/routes/punchout.cxml.setup";
import * as punchoutStart from "~/routes/punchout.start.$token";
import { testLoadContext } from "./context";
import { captureLogs } from "./log.server";
import { accessLog, operationsRoutes, routeIdResolver } from "./operations.server";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "./request-scope.server";

// Decisions 144 and 145 across the two processes: the portal's access line, request id, health and metrics in front of
// real route modules, over real HTTP to a real provider (startProvider on a temp SQLite file, the demo seed).

type RouteModule = {
  loader?: (args: LoaderFunctionArgs) => unknown;
  action?: (args: ActionFunctionArgs) => unknown;
};
// the route table as the server build names it, for routeIdResolver, and the modules the stand-in router calls
const ROUTES = {
  root: { id: "root", path: "" },
  "routes/_login": { id: "routes/_login", parentId: "root" },
  "routes/_login.login": { id: "routes/_login.login", parentId: "routes/_login", path: "login" },
  "routes/_login.customer.forgot": {
    id: "routes/_login.customer.forgot",
    parentId: "routes/_login",
    path: "customer/forgot",
  },
  "routes/_login.customer.reset-password.$slug": {
    id: "routes/_login.customer.reset-password.$slug",
    parentId: "routes/_login",
    path: "customer/reset-password/:slug",
  },
  "routes/_default": { id: "routes/_default", parentId: "root" },
  "routes/_default.dashboard": { id: "routes/_default.dashboard", parentId: "routes/_default", path: "dashboard" },
  "routes/_basket": { id: "routes/_basket", parentId: "root" },
  "routes/_basket.checkout": { id: "routes/_basket.checkout", parentId: "routes/_basket", path: "checkout" },
  "routes/punchout.cxml.setup": { id: "routes/punchout.cxml.setup", parentId: "root", path: "punchout/cxml/setup" },
  "routes/punchout.start.$token": {
    id: "routes/punchout.start.$token",
    parentId: "root",
    path: "punchout/start/:token",
  },
};
const MODULES: Array<[RegExp, RouteModule, string?]> = [
  [/^\/login$/, login],
  [/^\/customer\/forgot$/, forgot],
  [/^\/customer\/reset-password\/([^/]+)$/, resetPassword, "slug"],
  [/^\/dashboard$/, dashboard],
  [/^\/checkout$/, checkout],
  [/^\/punchout\/cxml\/setup$/, cxmlSetup],
  [/^\/punchout\/start\/([^/]+)$/, punchoutStart, "token"],
];

const SESSION_SECRET = "a-session-secret-for-the-log-test-0123456789";
const NEW_PASSWORD = "a-brand-new-password-for-logs";

let provider: Awaited<ReturnType<typeof startProvider>>;
let providerDb: Knex;
let portal: Server;
let portalUrl: string;
let dir: string;
const saved = { ...process.env };

/** The portal's own middleware in front of a stand-in for Remix's router: the route modules, called as Remix would. */
function portalApp(): express.Express {
  const app = express();
  app.use(accessLog(routeIdResolver(ROUTES)));
  app.use(operationsRoutes({ readiness: providerReadiness }));
  app.all("*", (req, res, next) => {
    res.locals.remix = true;
    const scope = openRequestScope();
    req.headers[REQUEST_SCOPE_HEADER] = scope.key;
    const browser = new AbortController();
    res.on("close", () => {
      browser.abort();
      scope.close();
    });
    const request = new Request(`${portalUrl}${req.originalUrl}`, {
      method: req.method,
      headers: req.headers as Record<string, string>,
      // streamed as Remix does, so a body the browser never finishes ends with the browser's leaving
      body: req.method === "GET" || req.method === "HEAD" ? undefined : (Readable.toWeb(req) as ReadableStream),
      signal: browser.signal,
      duplex: "half",
    } as RequestInit);
    const found = MODULES.find(([pattern]) => pattern.test(req.path));
    if (!found) {
      res.status(404).send("Not found");
      return;
    }
    const [pattern, module, param] = found;
    const params = param ? { [param]: decodeURIComponent(pattern.exec(req.path)![1]!) } : {};
    const handler = req.method === "GET" ? module.loader : module.action;
    const args = { request, params, context: testLoadContext({ requestId: res.locals.requestId as string }) };
    Promise.resolve()
      .then(() => handler!(args))
      .catch((thrown: unknown) => thrown)
      .then(async (answer) => {
        if (answer instanceof Response) {
          res.status(answer.status);
          answer.headers.forEach((value, key) => res.append(key, value));
          res.send(Buffer.from(await answer.arrayBuffer()));
        } else res.json(answer ?? null);
      })
      .catch(next);
  });
  return app;
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-logs-"));
  const sqliteFile = path.join(dir, "provider.sqlite");
  provider = await startProvider({ port: 0, sqliteFile, seedWhenEmpty: true, log: () => {} });
  providerDb = createDb({ sqliteFile });
  process.env.UPSTREAM_URL = provider.url;
  process.env.SESSION_SECRETS = SESSION_SECRET;
  resetEnvForTests();
  portal = portalApp().listen(0, "127.0.0.1");
  await new Promise((resolve) => portal.once("listening", resolve));
  const address = portal.address();
  portalUrl = `http://localhost:${typeof address === "object" && address ? address.port : 0}`;
});

afterAll(async () => {
  await new Promise((resolve) => portal?.close(resolve));
  await providerDb?.destroy();
  await provider?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.env = { ...saved };
  resetEnvForTests();
});

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", origin: portalUrl },
  body: new URLSearchParams(fields).toString(),
  redirect: "manual" as const,
});

describe("the route pattern of an access line", () => {
  it("is the deepest Remix route the path matches, .data requests included", () => {
    const routeOf = routeIdResolver(ROUTES);
    expect(routeOf("/dashboard")).toBe("routes/_default.dashboard");
    expect(routeOf("/dashboard.data")).toBe("routes/_default.dashboard");
    expect(routeOf("/customer/reset-password/abc")).toBe("routes/_login.customer.reset-password.$slug");
    expect(routeOf("/no/such/page")).toBe("unmatched");
  });
});

describe("one request across both processes (decision 144)", () => {
  it("has one id: the portal's access line, its upstream calls and the provider's lines carry it", async () => {
    const portalLog = captureLogs();
    const providerLog = captureProviderLogs();
    try {
      const loggedIn = await fetch(
        `${portalUrl}/login`,
        form({ email: "requester@demo.test", password: DEMO_PASSWORD, redirect: "/dashboard" }),
      );
      expect(loggedIn.status).toBe(302);
      const cookie = loggedIn.headers.get("set-cookie")!.split(";")[0]!;
      const answer = await fetch(`${portalUrl}/dashboard`, {
        headers: { cookie, "x-request-id": "checkout-trace-0001" },
      });
      expect(answer.status).toBe(200);
      expect(answer.headers.get("x-request-id")).toBe("checkout-trace-0001");
      await new Promise((resolve) => setTimeout(resolve, 50)); // the access line is written when the answer closes

      const access = portalLog.lines().find((l) => l.msg === "request" && l.reqId === "checkout-trace-0001");
      expect(access).toMatchObject({
        name: "portal",
        level: "info",
        method: "GET",
        path: "/dashboard",
        route: "routes/_default.dashboard",
        status: 200,
        userId: expect.any(Number),
        customerId: expect.any(String),
      });
      expect(access!.ms).toEqual(expect.any(Number));
      const upstream = portalLog.lines().filter((l) => l.msg === "upstream call" && l.reqId === "checkout-trace-0001");
      expect(upstream.map((l) => l.service)).toContain("session");
      expect(upstream.every((l) => typeof l.status === "number" && typeof l.ms === "number")).toBe(true);
      const providerLines = providerLog.lines().filter((l) => l.reqId === "checkout-trace-0001");
      expect(providerLines.length).toBeGreaterThanOrEqual(upstream.length);
      expect(providerLines.find((l) => l.route === "api/session")).toMatchObject({
        name: "provider",
        msg: "request",
        method: "GET",
        status: 200,
        userId: access!.userId,
      });
      // a request id of the portal's own making travels the same way
      const made = portalLog.lines().find((l) => l.msg === "request" && l.route === "routes/_login.login");
      expect(made!.reqId).toMatch(/^[0-9a-f-]{36}$/);
      expect(providerLog.lines().some((l) => l.reqId === made!.reqId && l.route === "api/authentication")).toBe(true);
    } finally {
      portalLog.stop();
      providerLog.stop();
    }
  });

  it("one checkout: the order's post and the provider's order call carry one id (issue 32's done-when)", async () => {
    const loggedIn = await fetch(
      `${portalUrl}/login`,
      form({ email: "requester@demo.test", password: DEMO_PASSWORD, redirect: "/dashboard" }),
    );
    const cookie = loggedIn.headers.get("set-cookie")!.split(";")[0]!;
    const token = (await getSession(new Request(portalUrl, { headers: { cookie } }))).get("token")!;
    const call = async (pathname: string, init: RequestInit = {}) => {
      const res = await fetch(`${provider.url}/api${pathname}`, {
        ...init,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      });
      expect(res.ok, `${pathname}: ${res.status}`).toBe(true);
      return res.json();
    };
    // one orderable product in the basket, as the basket page would store it
    type Item = { internalId: string; displayName: string; price: number | null; matrixType: string | null };
    const items: Array<Item & { simples?: Item[] }> = (await call("/item?includeChildren=true&$limit=40")).data;
    const item = items.flatMap((i) => i.simples ?? [i]).find((i) => i.price !== null && i.matrixType !== "parent")!;
    await call("/basket-session", {
      method: "PUT",
      body: JSON.stringify({
        selectedBasketType: "stock-order-basket",
        stock: [
          { productId: item.internalId, parentId: item.internalId, qty: 1, name: item.displayName, price: item.price },
        ],
        manpack: [],
        instructions: { stock: "", manpack: "" },
      }),
    });
    const page = await (await fetch(`${portalUrl}/checkout`, { headers: { cookie } })).json();
    const portalLog = captureLogs();
    const providerLog = captureProviderLogs();
    try {
      const placed = await fetch(`${portalUrl}/checkout`, {
        ...form({
          idempotencyKey: page.idempotencyKey,
          basketVersion: String(page.basketVersion),
          addressId: page.addresses[0].internalId,
          shippingMethod: page.shipMethods.find((m: { available: boolean }) => m.available).internalId,
          paymentMethod: String(page.paymentMethods.find((m: { card: boolean }) => !m.card).id),
          otherRefNum: "TRACE-1",
        }),
        headers: { ...form({}).headers, cookie, "x-request-id": "checkout-trace-0002" },
      });
      expect(placed.status).toBe(303);
      expect(placed.headers.get("location")).toMatch(/^\/order-complete\?order=\d+$/);
      await new Promise((resolve) => setTimeout(resolve, 50)); // the access line is written when the answer closes
      expect(portalLog.lines().find((l) => l.msg === "request" && l.reqId === "checkout-trace-0002")).toMatchObject({
        method: "POST",
        route: "routes/_basket.checkout",
        status: 303,
      });
      expect(
        providerLog
          .lines()
          .filter((l) => l.reqId === "checkout-trace-0002" && l.msg === "request")
          .map((l) => `${l.method} ${l.route} ${l.status}`),
      ).toContain("POST api/order 201");
      const order = await providerDb("orders").where("other_ref_num", "TRACE-1").first("id");
      expect(order).toBeDefined();
    } finally {
      portalLog.stop();
      providerLog.stop();
    }
  });

  it("a request id that is no id (spaces, too long) is replaced, not logged", async () => {
    const portalLog = captureLogs();
    try {
      const bad = `bad id ${"x".repeat(80)}`;
      const answer = await fetch(`${portalUrl}/healthz`, { headers: { "x-request-id": bad } });
      expect(answer.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(portalLog.text()).not.toContain("bad id");
      expect(portalLog.lines().find((l) => l.route === "healthz")).toMatchObject({ status: 200, path: "/healthz" });
    } finally {
      portalLog.stop();
    }
  });
});

describe("no secret in any line (decision 144)", () => {
  it("log-in, a password reset, a punchout with its shared secret and a bypass link leave no credential in the logs", async () => {
    const portalLog = captureLogs("trace");
    const providerLog = captureProviderLogs("trace");
    const secrets: string[] = [DEMO_PASSWORD, NEW_PASSWORD, SESSION_SECRET, DEMO_PUNCHOUT_SECRET];
    try {
      // log-in, and a wrong password
      const loggedIn = await fetch(
        `${portalUrl}/login`,
        form({ email: "approver@demo.test", password: DEMO_PASSWORD }),
      );
      const cookie = loggedIn.headers.get("set-cookie")!.split(";")[0]!;
      secrets.push(cookie.split("=").slice(1).join("="));
      const session = await getSession(new Request(portalUrl, { headers: { cookie } }));
      secrets.push(session.get("token")!);
      await fetch(`${portalUrl}/login`, form({ email: "approver@demo.test", password: "not-the-password-1" }));
      secrets.push("not-the-password-1");

      // a password reset: the link's token in the path, the new password in the form
      expect((await fetch(`${portalUrl}/customer/forgot`, form({ email: "browse@demo.test" }))).status).toBe(200);
      const mail = await providerDb("outbox").where({ to_email: "browse@demo.test", kind: "reset" }).first();
      const resetToken = /reset-password\/([A-Za-z0-9_-]+)/.exec(mail.body)![1]!;
      secrets.push(resetToken);
      expect((await fetch(`${portalUrl}/customer/reset-password/${resetToken}?from=mail`)).status).toBe(200);
      const reset = await fetch(
        `${portalUrl}/customer/reset-password/${resetToken}`,
        form({ password: NEW_PASSWORD, confirm: NEW_PASSWORD }),
      );
      expect(reset.status).toBe(302);

      // a cXML punchout set-up with the demo shared secret, then its start link
      const setup = await fetch(`${portalUrl}/punchout/cxml/setup`, {
        method: "POST",
        headers: { "content-type": "text/xml" },
        body: `<?xml version="1.0" encoding="UTF-8"?>
<cXML payloadID="1@procure.example" timestamp="2026-11-23T10:00:00+00:00"><Header>
<From><Credential domain="NetworkID"><Identity>AN-APEX-RAIL</Identity></Credential></From>
<To><Credential domain="NetworkID"><Identity>workwear-portal</Identity></Credential></To>
<Sender><Credential domain="NetworkID"><Identity>AN-APEX-RAIL</Identity><SharedSecret>${DEMO_PUNCHOUT_SECRET}</SharedSecret></Credential><UserAgent>Test</UserAgent></Sender>
</Header><Request><PunchOutSetupRequest operation="create"><BuyerCookie>REQ-1</BuyerCookie>
<BrowserFormPost><URL>https://procure.example/return</URL></BrowserFormPost></PunchOutSetupRequest></Request></cXML>`,
      });
      const startUrl = /<URL>([^<]+\/punchout\/start\/[^<]+)<\/URL>/.exec(await setup.text())![1]!;
      const startToken = startUrl.split("/").pop()!;
      secrets.push(startToken);
      expect((await fetch(`${portalUrl}/punchout/start/${startToken}`, { redirect: "manual" })).status).toBe(303);

      // the maintenance bypass, as its value and as a key
      await fetch(`${portalUrl}/?bypass=Bypass-Token-Value-1`);
      await fetch(`${portalUrl}/?BypassTokenAsKey`);
      secrets.push("Bypass-Token-Value-1", "BypassTokenAsKey");
      await new Promise((resolve) => setTimeout(resolve, 50));

      const text = portalLog.text() + providerLog.text();
      expect(portalLog.lines().some((l) => l.route === "routes/punchout.start.$token")).toBe(true);
      expect(portalLog.lines().some((l) => l.path === "/customer/reset-password/***?from=mail")).toBe(true);
      expect(providerLog.lines().some((l) => l.path === "/api/password-reset/***")).toBe(true);
      for (const secret of secrets) expect(text, `a log line holds ${secret.slice(0, 6)}…`).not.toContain(secret);
    } finally {
      portalLog.stop();
      providerLog.stop();
    }
  });
});

describe("the portal's /readyz asks the provider's (decision 145)", () => {
  it("answers 200 while the provider is ready, 503 naming it when the provider does not answer", async () => {
    const ready = await fetch(`${portalUrl}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", checks: { provider: "ok" } });

    process.env.UPSTREAM_URL = "http://127.0.0.1:9"; // nothing listens on the discard port
    resetEnvForTests();
    try {
      const down = await fetch(`${portalUrl}/readyz`);
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({ status: "not ready", checks: { provider: "not answering" } });
      expect((await fetch(`${portalUrl}/healthz`)).status).toBe(200); // the process itself still serves
    } finally {
      process.env.UPSTREAM_URL = provider.url;
      resetEnvForTests();
    }
  });
});

describe("a request the browser cancelled (decision 144)", () => {
  it("is one info line, not an error with a stack", async () => {
    const log = captureLogs("trace");
    try {
      const { port } = new URL(portalUrl);
      await new Promise<void>((resolve, reject) => {
        const socket = net.connect(Number(port), "127.0.0.1", () => {
          socket.write(
            "POST /login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\n" +
              "Content-Length: 500\r\nX-Request-Id: portal-gave-up\r\n\r\nemail=a",
          );
          setTimeout(() => socket.destroy(), 100);
        });
        socket.on("close", () => resolve());
        socket.on("error", reject);
      });
      await new Promise((resolve) => setTimeout(resolve, 200));
      // its upstream calls before it left are logged as usual; the request itself is one line, at info
      const lines = log.lines().filter((l) => l.reqId === "portal-gave-up" && l.msg !== "upstream call");
      expect(lines).toEqual([
        expect.objectContaining({
          level: "info",
          msg: "request cancelled by the client",
          cancelled: true,
          route: "routes/_login.login",
        }),
      ]);
      expect(log.lines().filter((l) => l.level === "error" || l.level === "warn")).toEqual([]);
    } finally {
      log.stop();
    }
  });

  it("a failure its leaving caused (the header's news total, aborted) is no error: debug only, no stack", async () => {
    const browser = new AbortController();
    const request = new Request(`${portalUrl}/dashboard`, {
      headers: { "x-request-id": "left-early" },
      signal: browser.signal,
    });
    browser.abort();
    const aborted = new DOMException("This operation was aborted", "AbortError");
    const info = captureLogs();
    try {
      logFailure(request, "the news total for the header failed", aborted);
      expect(info.lines()).toEqual([]);
    } finally {
      info.stop();
    }
    const debug = captureLogs("debug");
    try {
      logFailure(request, "the news total for the header failed", aborted);
      expect(debug.lines()).toEqual([
        expect.objectContaining({
          level: "debug",
          reqId: "left-early",
          msg: "the news total for the header failed: cancelled by the client",
        }),
      ]);
      expect(debug.text()).not.toContain("stack");
      // a real failure stays an error
      logFailure(new Request(portalUrl), "the news total for the header failed", new Error("provider on fire"));
      expect(debug.lines()[1]).toMatchObject({ level: "error", err: { message: "provider on fire" } });
    } finally {
      debug.stop();
    }
  });
});

describe("the portal's /metrics (decision 145)", () => {
  it("counts requests by route and status class, and upstream calls by service and status, for loopback", async () => {
    await fetch(`${portalUrl}/login`, form({ email: "requester@demo.test", password: DEMO_PASSWORD }));
    const answer = await fetch(`${portalUrl}/metrics`);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    expect(text).toMatch(
      /portal_http_request_duration_seconds_count\{route="routes\/_login.login",method="POST",status_class="3xx"\} [1-9]/,
    );
    expect(text).toMatch(
      /portal_upstream_request_duration_seconds_count\{service="authentication",method="POST",status="201"\} [1-9]/,
    );
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
  });

  it("with METRICS_TOKEN, refuses any request without it (401) and one from elsewhere without it (403 when unset)", async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(operationsRoutes({ readiness: providerReadiness, metricsToken: "portal-metrics-token-0123" }));
    app.use("/unset", operationsRoutes({ readiness: providerReadiness }));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    const address = server.address();
    const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
    try {
      expect((await fetch(`${base}/metrics`)).status).toBe(401);
      const bearer = { authorization: "Bearer portal-metrics-token-0123" };
      expect((await fetch(`${base}/metrics`, { headers: bearer })).status).toBe(200);
      const forwarded = { "x-forwarded-for": "203.0.113.9" };
      expect((await fetch(`${base}/unset/metrics`, { headers: forwarded })).status).toBe(403);
      expect((await fetch(`${base}/unset/metrics`)).status).toBe(200);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
