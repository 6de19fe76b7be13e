/**
 * `npm run bench`: the portal's budgets (DESIGN §6) on the large seed.
 *
 * Reuses (or builds once) data/bench.sqlite through server/bench.ts's `ensureLargeSeed`, starts the provider and
 * the built portal as two child processes on free loopback ports, logs in as buyer@demo.test (Northwind) by writing
 * the portal's signed session cookie, then drives a category page, a product page, the order history with filters
 * on, and a trivial portal route (the
 * framework's floor) with autocannon at 32 connections, each for a bounded time. Prints req/s, p50 and p99, the
 * page/floor throughput ratio and the gzip size of the JavaScript each page loads (from the build manifest), then
 * the same size for other customer pages (not driven).
 * It reports; it never fails on a timing. Needs `npm run build` (PORTAL_BUILD_DIR honoured) first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
// @ts-expect-error autocannon ships no type declarations and @types/autocannon is not a dependency
import autocannon from "autocannon";
import { ensureLargeSeed, FILE, logIn } from "../server/bench";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const TARGET_P99_MS = 50;
const TARGET_RATIO = 0.5;
const TARGET_JS_KB = 90;
const BUILD_DIR = process.env.PORTAL_BUILD_DIR;
const SERVER_BUILD = BUILD_DIR ? `${BUILD_DIR}/index.js` : "build/index.js";
const ASSETS_DIR = BUILD_DIR ? `${BUILD_DIR}/assets` : "public/build";
const LOOPBACK = "127.0.0.1";

/** A free loopback port (the OS picks it; closed again before the child binds it). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, LOOPBACK, () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];

function startChild(name: string, script: string, env: Record<string, string>): ChildProcess {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL; // the bench is the SQLite file, whatever the shell says
  const child = spawn(process.execPath, ["--import", "tsx", script], { env: childEnv, stdio: ["ignore", "ignore", "pipe"] });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  children.push(child);
  return child;
}

function stopChildren(): void {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
}

/** Polls `url` until it answers (any status), for at most `seconds`. */
async function waitFor(url: string, seconds = 60): Promise<void> {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    try {
      await (await fetch(url, { redirect: "manual" })).arrayBuffer();
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

async function providerJson<T>(base: string, token: string, pathAndQuery: string): Promise<T> {
  const res = await fetch(`${base}/api${pathAndQuery}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /api${pathAndQuery} → ${res.status}`);
  return (await res.json()) as T;
}

type Node = { internalId: string; fullSlug: string; children: Node[] };
type ItemList = { data: { slug: string | null }[] };

/** Leaf categories of the full tree that hold products, and a product of each: the pages a buyer opens most. */
async function pagesToDrive(base: string, token: string) {
  const tree = await providerJson<{ data: Node[] }>(base, token, "/workwear-menu-items?type=full");
  const leaves = tree.data.flatMap((top) => (top.children.length ? top.children : [top])).slice(0, 6);
  const categories: string[] = [];
  const products: string[] = [];
  for (const leaf of leaves) {
    const items = await providerJson<ItemList>(base, token, `/item?catId=${leaf.internalId}&$limit=2&visibleInCatalogue=true`);
    if (items.data.length === 0) continue;
    categories.push(`/categories/full/${leaf.fullSlug}`, `/categories/full/${leaf.fullSlug}?page=2`);
    for (const item of items.data) if (item.slug) products.push(`/product/${encodeURIComponent(item.slug)}`);
  }
  return { categories, products };
}

/** The portal's own signed session cookie for a provider token, as the portal would write it after /login. */
async function portalCookie(token: string): Promise<string> {
  const { commitSession, getSession } = await import("../app/auth/session.server");
  const session = await getSession(new Request("http://localhost/"));
  session.set("token", token);
  return (await commitSession(session)).split(";")[0];
}

type Manifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }>;
};

function readManifest(): Manifest {
  const file = readdirSync(ASSETS_DIR).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no manifest in ${ASSETS_DIR}: run npm run build first`);
  const source = readFileSync(path.join(ASSETS_DIR, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** First-load JavaScript of a page: the entry and every matched route's module with its imports, gzipped (level 9). */
function pageJsKb(manifest: Manifest, pathname: string): { kb: number; files: number; leaf: string } {
  const routes = Object.values(manifest.routes);
  const tree = (parentId?: string): AgnosticRouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) => (r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: tree(r.id) }));
  const matches = matchRoutes(tree(undefined), pathname) ?? [];
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (const { route } of matches) {
    const r = manifest.routes[route.id!];
    files.add(r.module);
    for (const f of r.imports ?? []) files.add(f);
  }
  let bytes = 0;
  for (const url of files) bytes += gzipSync(readFileSync(path.join(ASSETS_DIR, url.replace(/^\/build\//, ""))), { level: 9 }).length;
  return { kb: bytes / 1024, files: files.size, leaf: matches.at(-1)?.route.id ?? "(none)" };
}

type Result = { name: string; paths: string[]; rps: number; p50: number; p99: number; count: number; errors: number } | { name: string; skipped: string };

async function drive(base: string, cookie: string, name: string, paths: string[]): Promise<Result> {
  if (paths.length === 0) return { name, skipped: "no page to drive" };
  const headers = { cookie, "user-agent": "portal-bench" };
  // every path must answer 200 first (a redirect means the guard refused, a 404 that the route is missing);
  // the same pass warms the server
  for (const p of paths) {
    const res = await fetch(base + p, { headers, redirect: "manual" });
    await res.arrayBuffer();
    if (res.status !== 200) return { name, skipped: `${res.status} on ${p}${res.headers.get("location") ? ` → ${res.headers.get("location")}` : ""}` };
  }
  const times: number[] = [];
  let errors = 0;
  const instance = autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers,
    requests: paths.map((p) => ({ method: "GET", path: p })),
  });
  instance.on("response", (_client: unknown, status: number, _bytes: number, ms: number) => {
    if (status !== 200) errors++;
    times.push(ms);
  });
  const result = await instance;
  times.sort((a, b) => a - b);
  const pct = (p: number) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] ?? NaN;
  return { name, paths, rps: result.requests.average, p50: pct(50), p99: pct(99), count: times.length, errors: errors + result.errors + result.timeouts };
}

async function main() {
  if (!existsSync(SERVER_BUILD)) throw new Error(`${SERVER_BUILD} is missing: run npm run build first (same PORTAL_BUILD_DIR)`);
  const manifest = readManifest();
  await ensureLargeSeed();

  const [providerPort, portalPort] = [await freePort(), await freePort()];
  const providerBase = `http://${LOOPBACK}:${providerPort}`;
  const portalBase = `http://${LOOPBACK}:${portalPort}`;
  // one secret shared with the portal child, so the cookie written here verifies there
  process.env.SESSION_SECRETS = randomBytes(32).toString("hex");
  process.env.SECURE_COOKIES = "false";
  startChild("provider", "server/cli.ts", { PROVIDER_PORT: String(providerPort), PROVIDER_DB_FILE: FILE });
  await waitFor(`${providerBase}/api/maintenance-status`);
  startChild("portal", "scripts/start.ts", {
    NODE_ENV: "production",
    PORT: String(portalPort),
    UPSTREAM_URL: providerBase,
    SESSION_SECRETS: process.env.SESSION_SECRETS,
    SECURE_COOKIES: "false",
  });
  await waitFor(`${portalBase}/old-browser`);

  const token = await logIn(providerBase);
  const cookie = await portalCookie(token);
  const { categories, products } = await pagesToDrive(providerBase, token);
  const scenarios: [name: string, paths: string[]][] = [
    ["floor: /old-browser (no loader work)", ["/old-browser"]],
    ["category page (16 products)", categories],
    ["product page", products],
    // DESIGN §6: order history with filters on (status and a created-date range), 16 a page
    [
      "order history (filters on)",
      [
        "/order-history?status=Fully+Billed&from=2026-01-01&to=2026-06-30",
        "/order-history?status=Pending+Fulfillment&from=2025-09-01&to=2026-10-31&page=2",
      ],
    ],
  ];

  console.log(`bench: ${CONNECTIONS} connections, ${SECONDS} s per page; targets p99 ≤ ${TARGET_P99_MS} ms, page/floor ≥ ${TARGET_RATIO * 100} %, JS ≤ ${TARGET_JS_KB} KB gzip\n`);
  const results: Result[] = [];
  for (const [name, paths] of scenarios) results.push(await drive(portalBase, cookie, name, paths));

  const floor = results[0];
  const floorRps = "rps" in floor ? floor.rps : NaN;
  for (const r of results) {
    const label = r.name.padEnd(38);
    if ("skipped" in r) {
      console.log(`${label} not measured: ${r.skipped}`);
      continue;
    }
    const js = pageJsKb(manifest, new URL(r.paths[0], portalBase).pathname);
    const ratio = r.rps / floorRps;
    const verdicts = [
      r.p99 <= TARGET_P99_MS ? "p99 ok" : "p99 OVER",
      r === floor ? null : ratio >= TARGET_RATIO ? "ratio ok" : "ratio UNDER",
      js.kb <= TARGET_JS_KB ? "js ok" : "js OVER",
    ].filter(Boolean);
    console.log(
      `${label} ${r.rps.toFixed(0).padStart(5)} req/s  p50 ${r.p50.toFixed(1).padStart(6)} ms  p99 ${r.p99.toFixed(1).padStart(6)} ms  ` +
        `page/floor ${(ratio * 100).toFixed(0).padStart(3)} %  JS ${js.kb.toFixed(1)} KB gzip (${js.files} files, ${js.leaf})  ` +
        `n=${r.count}${r.errors ? ` non-200=${r.errors}` : ""}  ${verdicts.join(", ")}`,
    );
  }
  printOtherPages(manifest);
}

/** Customer pages whose first-load JavaScript is printed too (DESIGN §6: any customer page), without load. */
const OTHER_PAGES = ["/dashboard", "/search", "/product-category", "/basket", "/checkout", "/quick-order", "/saved-baskets", "/order-to-approve", "/login"];

function printOtherPages(manifest: Manifest): void {
  const sizes = OTHER_PAGES.map((page) => {
    const js = pageJsKb(manifest, page);
    return `${page} ${js.kb.toFixed(1)}${js.kb <= TARGET_JS_KB ? "" : " OVER"}`;
  });
  console.log(`\nfirst-load JS of other pages (KB gzip): ${sizes.join(", ")}`);
}

process.on("SIGINT", () => {
  stopChildren();
  process.exit(130);
});

main()
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(stopChildren);
