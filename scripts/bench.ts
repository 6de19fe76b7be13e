/**
 * `npm run bench`: the portal against DESIGN §6's budgets (decision 042), on the small (demo) seed and the large seed.
 *
 * For each seed it starts the provider (data/bench-small.sqlite, rebuilt each run with the demo seed; data/bench.sqlite,
 * built once by server/bench.ts's `ensureLargeSeed` and reused) and the built portal (one worker) as child processes on
 * free loopback ports, logs in as buyer@demo.test (Northwind) by writing the portal's signed session cookie, then for
 * a trivial route (the framework's floor), category pages, product pages and the order history with filters on:
 *   (a) maximum throughput: a closed loop of 32 connections for BENCH_SECONDS, and the page/floor ratio;
 *   (b) latency: an open loop offering half that maximum, one request every 1/rate s (not autocannon's overallRate,
 *       which bursts each second's quota), for BENCH_SECONDS, p50 and p99 counted from when each request was due;
 *   (c) CPU milliseconds per request of the portal (with its workers) and of the provider, read from /proc around (a);
 *   (d) how that CPU grows from the small seed to the large one;
 *   (e) the physical limit (decision 183, scripts/bench-limit.ts): the same paths' exact bytes, fetched once from the
 *       portal, served by a bare `node:http` server and driven as in (a); the page's share of that limit.
 * Every request carries a browser's `Accept-Encoding: gzip, br` (BENCH_ACCEPT_ENCODING to change it). Each seed's
 * pages are measured twice: with the portal compressing (as shipped) and with PORTAL_COMPRESSION=off, as behind a
 * compressing reverse proxy (decision 184), with what compressing those bytes costs.
 * On the large seed it also times the 12-month spend and top-products reports (issue 19, decision 122) and drives the
 * category page at half its maximum twice more, without and with reports running in the provider (p99 compared).
 * On the last seed it also drives the floor and the category page with two portal workers (decision 043).
 * It prints one table, the order-history filters' match counts, and the gzip first-load JavaScript of every customer
 * page in the build manifest. It reports; it never fails on a timing. Needs `npm run build` (PORTAL_BUILD_DIR honoured).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import http from "node:http";
import { randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { matchRoutes, type AgnosticRouteObject } from "@remix-run/router";
// @ts-expect-error autocannon ships no type declarations and @types/autocannon is not a dependency
import autocannon from "autocannon";
import {
  BROWSER_ACCEPT_ENCODING,
  capture,
  compressionCost,
  startStaticServer,
  wireSize,
  type Captured,
} from "./bench-limit";
import {
  compressionLines,
  TARGET_P99_MS,
  tableLines,
  type Compression,
  type Load,
  type Measured,
  type Scenario,
  type SeedName,
} from "./bench-table";
import {
  ensureLargeSeed,
  FILE as LARGE_FILE,
  keepReportsRunning,
  logIn,
  REPORT_TARGETS_MS,
  reportLine,
  runReportTask,
} from "../server/bench";
import { freePort } from "./free-port";
import { processTreeCpuMs } from "./process-cpu";

const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 32);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const SMALL_FILE = process.env.BENCH_SMALL_DB_FILE || "data/bench-small.sqlite";
// "none": only the first-load JavaScript of every page, from the build, no load
const SEEDS = (process.env.BENCH_SEEDS === "none" ? [] : (process.env.BENCH_SEEDS || "small,large").split(",")).map(
  (s) => s.trim(),
) as SeedName[];
const TARGET_JS_KB = 90;
/** DESIGN §6: CPU per request on the large seed at most this much above the small seed's */
const TARGET_GROWTH = 0.2;
const BUILD_DIR = process.env.PORTAL_BUILD_DIR;
const SERVER_BUILD = `${BUILD_DIR || "build"}/server/index.js`;
const CLIENT_DIR = `${BUILD_DIR || "build"}/client`;
const LOOPBACK = "127.0.0.1";

// ---------------------------------------------------------------------------------------------------- processes

type Proc = { child: ChildProcess; exited: Promise<void> };

function startChild(name: string, script: string, env: Record<string, string>): Proc {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env };
  delete childEnv.DATABASE_URL; // the bench is the SQLite file, whatever the shell says
  // BENCH_PROFILE_DIR: each child writes a V8 CPU profile there when it stops (open it in Chrome DevTools)
  const profile = process.env.BENCH_PROFILE_DIR
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, "--import", "tsx", script], {
    env: childEnv,
    stdio: ["ignore", "ignore", "pipe"],
  });
  child.stderr?.on("data", (chunk: Buffer) => process.stderr.write(`[${name}] ${chunk}`));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  running.add(child);
  void exited.then(() => running.delete(child));
  return { child, exited };
}

const running = new Set<ChildProcess>();

async function stopChild(proc: Proc): Promise<void> {
  if (proc.child.exitCode !== null || proc.child.signalCode !== null) return;
  proc.child.kill("SIGTERM");
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), 15_000);
  await proc.exited;
  clearTimeout(timer);
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

async function startProviderOn(file: string): Promise<{ proc: Proc; base: string }> {
  const port = await freePort();
  const proc = startChild("provider", "server/cli.ts", { PROVIDER_PORT: String(port), PROVIDER_DB_FILE: file });
  const base = `http://${LOOPBACK}:${port}`;
  await waitFor(`${base}/api/maintenance-status`);
  return { proc, base };
}

async function startPortalOn(
  providerBase: string,
  workers: number,
  compression: Compression = "portal",
): Promise<{ proc: Proc; base: string }> {
  const port = await freePort();
  const proc = startChild("portal", "scripts/start.ts", {
    NODE_ENV: "production",
    PORT: String(port),
    PORTAL_WORKERS: String(workers),
    UPSTREAM_URL: providerBase,
    SESSION_SECRETS: process.env.SESSION_SECRETS!,
    SECURE_COOKIES: "false",
    ...(compression === "proxy" ? { PORTAL_COMPRESSION: "off" } : {}),
  });
  const base = `http://${LOOPBACK}:${port}`;
  await waitFor(`${base}/old-browser`);
  return { proc, base };
}

/** The small seed: the demo data `npm run seed` builds, made afresh in its own file each run (a few seconds). */
function buildSmallSeed(): void {
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  delete childEnv.DATABASE_URL;
  const result = spawnSync(process.execPath, ["--import", "tsx", "server/cli.ts", "seed", "--file", SMALL_FILE], {
    env: childEnv,
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`seeding ${SMALL_FILE} failed: ${result.stderr || result.stdout}`);
  console.log(`bench: seeded ${SMALL_FILE} with the demo seed`);
}

// ---------------------------------------------------------------------------------------------------- pages

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
    const items = await providerJson<ItemList>(
      base,
      token,
      `/item?catId=${leaf.internalId}&$limit=2&visibleInCatalogue=true`,
    );
    if (items.data.length === 0) continue;
    categories.push(`/categories/full/${leaf.fullSlug}`, `/categories/full/${leaf.fullSlug}?page=2`);
    for (const item of items.data) if (item.slug) products.push(`/product/${encodeURIComponent(item.slug)}`);
  }
  return { categories, products };
}

/**
 * DESIGN §6: the order history with filters on (status and a created-date range), 16 a page. Both seeds date their
 * orders from 2025-05 to 2026-11 and hold Northwind orders of these statuses in these ranges; the warm-up prints the
 * count each page shows, so a filter that stopped matching is seen at once.
 */
const HISTORY_PATHS = [
  "/order-history?status=Fully+Billed&from=2026-01-01&to=2026-06-30",
  "/order-history?status=Fully+Billed&from=2026-01-01&to=2026-06-30&page=2",
  "/order-history?status=Pending+Fulfillment&from=2026-11-01&to=2026-11-30",
];

/** The portal's own signed session cookie for a provider token, as the portal would write it after /login. */
async function portalCookie(token: string): Promise<string> {
  const { commitSession, getSession } = await import("../app/session/session.server");
  const session = await getSession(new Request("http://localhost/"));
  session.set("token", token);
  return (await commitSession(session)).split(";")[0];
}

// ---------------------------------------------------------------------------------------------------- load

type Pids = { portal: number; provider: number };

/**
 * Every path must answer 200 first (a redirect means the guard refused, a 404 that the route is missing); the same
 * pass warms the server and reads what each page says it shows ("Page 1 of 5 (74 orders)").
 */
async function check(
  base: string,
  headers: Record<string, string>,
  paths: string[],
): Promise<{ shows: string[] } | { skipped: string }> {
  const shows: string[] = [];
  for (const p of paths) {
    const res = await fetch(base + p, { headers, redirect: "manual" });
    const body = await res.text();
    if (res.status !== 200)
      return {
        skipped: `${res.status} on ${p}${res.headers.get("location") ? ` → ${res.headers.get("location")}` : ""}`,
      };
    shows.push(/Page \d+ of \d+ \([^)]*\)/.exec(body)?.[0] ?? (/No orders found/.test(body) ? "0 orders" : "?"));
  }
  return { shows };
}

/** Drives `paths` for BENCH_SECONDS: a closed loop (as fast as answers come) or, with `rate`, an open loop at that rate. */
async function drive(
  base: string,
  headers: Record<string, string>,
  paths: string[],
  pids: Pids,
  rate?: number,
): Promise<Load> {
  if (rate) return paced(base, headers, paths, pids, rate);
  const times: number[] = [];
  let errors = 0;
  const cpuBefore = { portal: processTreeCpuMs(pids.portal), provider: processTreeCpuMs(pids.provider) };
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
  const count = times.length;
  // no answer in the run (a machine too busy to serve one): no CPU per request to tell
  const portalCpu = count > 0 ? (processTreeCpuMs(pids.portal) - cpuBefore.portal) / count : NaN;
  const providerCpu = count > 0 ? (processTreeCpuMs(pids.provider) - cpuBefore.provider) / count : NaN;
  return {
    rps: result.requests.average,
    ...percentiles(times),
    count,
    errors: errors + result.errors + result.timeouts,
    portalCpu,
    providerCpu,
  };
}

function percentiles(times: number[]): { p50: number; p99: number } {
  const sorted = [...times].sort((a, b) => a - b);
  const pct = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
  return { p50: pct(50), p99: pct(99) };
}

/**
 * The open loop: one request every 1/rate seconds, evenly spaced, whatever the answers do (autocannon's overallRate
 * sends each second's quota at the start of the second, a burst of up to 32 at once, which measures queueing, not a
 * steady rate). Each request's latency is counted from when it was due, so a server that falls behind shows it
 * (no coordinated omission). Sockets are kept alive and opened as needed.
 */
async function paced(
  base: string,
  headers: Record<string, string>,
  paths: string[],
  pids: Pids,
  rate: number,
): Promise<Load> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const target = new URL(base);
  const times: number[] = [];
  let errors = 0;
  const cpuBefore = { portal: processTreeCpuMs(pids.portal), provider: processTreeCpuMs(pids.provider) };
  const total = Math.max(1, Math.round(rate * SECONDS));
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      new Promise<void>((resolve) => {
        const request = http.get(
          { host: target.hostname, port: target.port, path: paths[i % paths.length], headers, agent },
          (response) => {
            response.resume();
            response.on("end", () => {
              if (response.statusCode !== 200) errors++;
              times.push(performance.now() - due);
              resolve();
            });
          },
        );
        request.on("error", () => {
          errors++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(pending);
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const count = times.length;
  const portalCpu = count > 0 ? (processTreeCpuMs(pids.portal) - cpuBefore.portal) / count : NaN;
  const providerCpu = count > 0 ? (processTreeCpuMs(pids.provider) - cpuBefore.provider) / count : NaN;
  return { rps: count / elapsed, ...percentiles(times), count, errors, portalCpu, providerCpu, times };
}

async function measure(
  seed: SeedName,
  base: string,
  headers: Record<string, string>,
  scenario: Scenario,
  pids: Pids,
  compression: Compression,
): Promise<Measured> {
  const what = { seed, scenario, compression, shows: [] };
  if (scenario.paths.length === 0) return { ...what, skipped: "no page to drive" };
  const checked = await check(base, headers, scenario.paths);
  if ("skipped" in checked) return { ...what, skipped: checked.skipped };
  const max = await drive(base, headers, scenario.paths, pids);
  const offered = max.rps / 2;
  const open = { ...(await drive(base, headers, scenario.paths, pids, offered)), offered };
  return { ...what, shows: checked.shows, max, open, ...(await measureLimit(base, headers, scenario.paths, pids)) };
}

/**
 * Decision 183: the paths' exact bytes as the portal sends them to these headers, from a bare node:http server in its
 * own process, driven as the page was (closed loop, same connections and seconds). Its CPU is read as the "portal"'s.
 */
async function measureLimit(
  base: string,
  headers: Record<string, string>,
  paths: string[],
  pids: Pids,
): Promise<Pick<Measured, "limit" | "wire" | "compressing">> {
  const pages: Captured[] = [];
  for (const p of paths) pages.push(await capture(base, headers, p));
  const server = await startStaticServer(pages);
  try {
    const limit = await drive(server.base, headers, paths, { portal: server.pid, provider: pids.provider });
    return { limit, wire: wireSize(pages), compressing: compressionCost(pages) };
  } finally {
    await server.stop();
  }
}

type WorkerRun = { scenario: Scenario; workers: number; rps: number; cpu: number };

/** issue 19: a running report moves the category page's p99 by at most this much */
const TARGET_REPORT_P99_GROWTH = 0.2;
/** windows of each kind, alternated (BENCH_REPORT_ROUNDS): a p99 of one 10 s window at 15–30 req/s is its 2nd–3rd worst answer */
const REPORT_ROUNDS = Math.max(1, Number(process.env.BENCH_REPORT_ROUNDS || 6));
type Pooled = { p50: number; p99: number; count: number };
type ReportBench = {
  timings: Awaited<ReturnType<typeof runReportTask>>[];
  offered?: number;
  idle?: Pooled;
  busy?: Pooled;
  reportsDuring?: number;
};

/**
 * Issue 19 (decisions 122, 126), large seed only: the 12-month spend and top-products reports, each timed as its task
 * (created → finished), then the category page's open loop at half its maximum in alternating windows, REPORT_ROUNDS
 * of each: without a report, and with top-products reports running one after another in the provider the whole
 * time. Each kind's answers are pooled before the percentiles are read, so a drift in the machine's load falls on both.
 */
async function benchReports(
  providerBase: string,
  token: string,
  portalBase: string,
  headers: Record<string, string>,
  category: Measured | undefined,
  pids: Pids,
): Promise<ReportBench> {
  console.log("bench: large seed, reports…");
  const timings = [];
  for (const type of Object.keys(REPORT_TARGETS_MS)) timings.push(await runReportTask(providerBase, token, type));
  if (!category?.max) return { timings };
  const offered = category.max.rps / 2;
  console.log(
    `bench: large seed, category page without and with a report running (${REPORT_ROUNDS} windows of each, alternated)…`,
  );
  const idleTimes: number[] = [];
  const busyTimes: number[] = [];
  let reportsDuring = 0;
  for (let round = 0; round < REPORT_ROUNDS; round++) {
    idleTimes.push(...((await drive(portalBase, headers, category.scenario.paths, pids, offered)).times ?? []));
    const background = keepReportsRunning(providerBase, token);
    busyTimes.push(...((await drive(portalBase, headers, category.scenario.paths, pids, offered)).times ?? []));
    reportsDuring += await background.stop();
  }
  const pooled = (times: number[]): Pooled => ({ ...percentiles(times), count: times.length });
  return { timings, offered, idle: pooled(idleTimes), busy: pooled(busyTimes), reportsDuring };
}

function printReports(r: ReportBench | undefined): void {
  if (!r) return;
  console.log(`
reports (large seed; issue 19: 12-month spend ≤ 2 s, top products ≤ 3 s, a running report moves the category page's p99 by ≤ ${TARGET_REPORT_P99_GROWTH * 100} %):`);
  for (const t of r.timings) console.log(reportLine(t));
  if (!r.idle || !r.busy) return;
  const growth = (r.busy.p99 - r.idle.p99) / r.idle.p99;
  console.log(
    `  category page at ${r.offered!.toFixed(0)} req/s: p99 ${r.idle.p99.toFixed(1)} ms without a report, ${r.busy.p99.toFixed(1)} ms with reports running ` +
      `(${r.idle.count} and ${r.busy.count} answers over ${REPORT_ROUNDS} windows of each; ${r.reportsDuring} top-products reports finished meanwhile; p50 ${r.idle.p50.toFixed(1)} → ${r.busy.p50.toFixed(1)} ms): ` +
      `${growth >= 0 ? "+" : ""}${(growth * 100).toFixed(0)} % ${growth <= TARGET_REPORT_P99_GROWTH ? "ok" : "OVER"}`,
  );
}

async function benchSeed(
  seed: SeedName,
  withWorkers: boolean,
): Promise<{ measured: Measured[]; workerRuns: WorkerRun[]; reports?: ReportBench }> {
  const file = seed === "small" ? SMALL_FILE : LARGE_FILE;
  if (seed === "small") buildSmallSeed();
  else await ensureLargeSeed();
  const provider = await startProviderOn(file);
  let portal = await startPortalOn(provider.base, 1);
  try {
    const token = await logIn(provider.base);
    const headers = {
      cookie: await portalCookie(token),
      "user-agent": "portal-bench",
      "accept-encoding": process.env.BENCH_ACCEPT_ENCODING ?? BROWSER_ACCEPT_ENCODING, // "" sends none
    };
    const { categories, products } = await pagesToDrive(provider.base, token);
    const scenarios: Scenario[] = [
      { key: "floor", name: "floor: /old-browser", paths: ["/old-browser"] },
      { key: "category", name: "category page (16 products)", paths: categories },
      { key: "product", name: "product page", paths: products },
      { key: "history", name: "order history (filters on)", paths: HISTORY_PATHS },
    ];
    const measured: Measured[] = [];
    const measureAll = async (compression: Compression) => {
      for (const scenario of scenarios) {
        console.log(`bench: ${seed} seed, ${scenario.name}, compression in the ${compression}…`);
        const pids = { portal: portal.proc.child.pid!, provider: provider.proc.child.pid! };
        measured.push(await measure(seed, portal.base, headers, scenario, pids, compression));
      }
    };
    await measureAll("portal");

    const reports =
      seed === "large"
        ? await benchReports(
            provider.base,
            token,
            portal.base,
            headers,
            measured.find((m) => m.scenario.key === "category" && m.compression === "portal"),
            { portal: portal.proc.child.pid!, provider: provider.proc.child.pid! },
          )
        : undefined;

    // decision 184: the same pages as they leave a portal behind a compressing reverse proxy
    await stopChild(portal.proc);
    portal = await startPortalOn(provider.base, 1, "proxy");
    await measureAll("proxy");

    const workerRuns: WorkerRun[] = [];
    if (withWorkers) {
      const withCompression = measured.filter((m) => m.compression === "portal" && m.max);
      for (const m of withCompression.filter((m) => m.scenario.key === "floor" || m.scenario.key === "category")) {
        workerRuns.push({ scenario: m.scenario, workers: 1, rps: m.max!.rps, cpu: m.max!.portalCpu });
      }
      await stopChild(portal.proc);
      portal = await startPortalOn(provider.base, 2);
      for (const run of [...workerRuns]) {
        console.log(`bench: ${seed} seed, ${run.scenario.name} with 2 portal workers…`);
        await check(portal.base, headers, run.scenario.paths); // warms the new processes
        const load = await drive(portal.base, headers, run.scenario.paths, {
          portal: portal.proc.child.pid!,
          provider: provider.proc.child.pid!,
        });
        workerRuns.push({ scenario: run.scenario, workers: 2, rps: load.rps, cpu: load.portalCpu });
      }
    }
    return { measured, workerRuns, reports };
  } finally {
    await stopChild(portal.proc);
    await stopChild(provider.proc);
  }
}

// ---------------------------------------------------------------------------------------------------- report

function printGrowth(all: Measured[]): void {
  const pairs = all
    .filter((m) => m.seed === "small" && m.compression === "portal" && m.max)
    .map(
      (small) =>
        [
          small,
          all.find(
            (l) => l.seed === "large" && l.compression === "portal" && l.scenario.key === small.scenario.key && l.max,
          ),
        ] as const,
    )
    .filter((pair): pair is readonly [Measured, Measured] => pair[1] !== undefined)
    .filter(([a, b]) =>
      [a.max!.portalCpu, a.max!.providerCpu, b.max!.portalCpu, b.max!.providerCpu].every(Number.isFinite),
    );
  if (pairs.length === 0) return;
  console.log(`\nCPU per request, small seed → large seed (DESIGN §6: at most ${TARGET_GROWTH * 100} % more):`);
  const pct = (from: number, to: number) => `${to >= from ? "+" : ""}${(((to - from) / from) * 100).toFixed(0)} %`;
  for (const [small, large] of pairs) {
    const a = small.max!;
    const b = large.max!;
    const [from, to] = [a.portalCpu + a.providerCpu, b.portalCpu + b.providerCpu];
    console.log(
      `  ${small.scenario.name.padEnd(30)} portal ${a.portalCpu.toFixed(2)} → ${b.portalCpu.toFixed(2)} ms (${pct(a.portalCpu, b.portalCpu)}), ` +
        `provider ${a.providerCpu.toFixed(2)} → ${b.providerCpu.toFixed(2)} ms (${pct(a.providerCpu, b.providerCpu)}), ` +
        `total ${from.toFixed(2)} → ${to.toFixed(2)} ms (${pct(from, to)}) ` +
        // the floor reads no data: its change is the noise of the two runs, the yardstick for the others
        (small.scenario.key === "floor"
          ? "(no data behind it: the runs' noise)"
          : to <= from * (1 + TARGET_GROWTH)
            ? "ok"
            : "OVER"),
    );
  }
}

function printHistoryMatches(all: Measured[]): void {
  const rows = all.filter((m) => m.scenario.key === "history" && m.compression === "portal" && m.shows.length > 0);
  if (rows.length === 0) return;
  console.log("\norder history filters, what each page shows:");
  for (const m of rows) {
    m.scenario.paths.forEach((p, i) => {
      const empty = /^0 orders|\(0 orders\)/.test(m.shows[i]) ? "  ← matches nothing: choose another filter" : "";
      console.log(`  ${m.seed.padEnd(6)}${p.padEnd(76)} ${m.shows[i]}${empty}`);
    });
  }
}

function printWorkers(runs: WorkerRun[], seed: SeedName): void {
  if (runs.length === 0) return;
  console.log(
    `\nportal workers (${seed} seed, closed loop at ${CONNECTIONS} connections; the provider stays one process):`,
  );
  for (const one of runs.filter((r) => r.workers === 1)) {
    const two = runs.find((r) => r.workers === 2 && r.scenario.key === one.scenario.key);
    if (!two) continue;
    console.log(
      `  ${one.scenario.name.padEnd(30)} 1 worker ${one.rps.toFixed(0)} req/s, 2 workers ${two.rps.toFixed(0)} req/s (×${(two.rps / one.rps).toFixed(2)}); ` +
        `portal CPU ${one.cpu.toFixed(2)} → ${two.cpu.toFixed(2)} ms/req`,
    );
  }
}

type Manifest = {
  entry: { module: string; imports?: string[] };
  routes: Record<
    string,
    { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[] }
  >;
};

function readManifest(): Manifest {
  const assets = path.join(CLIENT_DIR, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!file) throw new Error(`no manifest in ${assets}: run npm run build first`);
  const source = readFileSync(path.join(assets, file), "utf8");
  return JSON.parse(source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1)) as Manifest;
}

/** First-load JavaScript of a route: the entry and the module of the route and of each parent, with imports, gzipped (level 9). */
function routeJs(manifest: Manifest, routeId: string): { kb: number; files: number } {
  const files = new Set([manifest.entry.module, ...(manifest.entry.imports ?? [])]);
  for (let id: string | undefined = routeId; id; id = manifest.routes[id].parentId) {
    files.add(manifest.routes[id].module);
    for (const f of manifest.routes[id].imports ?? []) files.add(f);
  }
  let bytes = 0;
  for (const url of files) bytes += gzipSync(readFileSync(path.join(CLIENT_DIR, url)), { level: 9 }).length;
  return { kb: bytes / 1024, files: files.size };
}

/** The route a pathname opens (the deepest match). */
function routeOf(manifest: Manifest, pathname: string): string | undefined {
  const routes = Object.values(manifest.routes);
  const tree = (parentId?: string): AgnosticRouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) =>
        r.index ? { id: r.id, path: r.path, index: true } : { id: r.id, path: r.path, children: tree(r.id) },
      );
  return matchRoutes(tree(undefined), pathname)?.at(-1)?.route.id;
}

/**
 * DESIGN §6: any customer page ≤ 90 KB gzip. Customer pages are the manifest's leaf routes inside a layout
 * (_default, _basket, _login); the routes beside the layouts (log-out, card intent …) and the CSV export answer no page.
 */
function printJs(manifest: Manifest, driven: Scenario[]): void {
  const routes = Object.values(manifest.routes);
  const pages = routes.filter(
    (r) =>
      r.parentId && r.parentId !== "root" && !routes.some((c) => c.parentId === r.id) && !/\.csv$/.test(r.path ?? ""),
  );
  const drivenRoutes = new Map(
    driven.map((s) => [routeOf(manifest, new URL(s.paths[0] ?? "/", "http://x").pathname), s.name] as const),
  );
  const rows = pages
    .map((r) => ({ id: r.id, ...routeJs(manifest, r.id) }))
    .sort((a, b) => b.kb - a.kb)
    .map((r) => {
      const page =
        "/" + (manifest.routes[r.id].path ?? "").replace(/\/?$/, "") + (manifest.routes[r.id].index ? " (index)" : "");
      const drivenAs = drivenRoutes.get(r.id);
      return `  ${page.padEnd(42)}${r.kb.toFixed(1).padStart(6)} KB  ${String(r.files).padStart(2)} files  ${r.kb <= TARGET_JS_KB ? "ok" : "OVER"}${drivenAs ? `  (${drivenAs})` : ""}`;
    });
  const over = pages.filter((r) => routeJs(manifest, r.id).kb > TARGET_JS_KB).length;
  console.log(
    `\nfirst-load JavaScript of every customer page (gzip, budget ${TARGET_JS_KB} KB): ${over === 0 ? "all within" : `${over} OVER`}`,
  );
  for (const row of rows) console.log(row);
}

// ---------------------------------------------------------------------------------------------------- main

async function main() {
  const started = Date.now();
  if (!existsSync(SERVER_BUILD))
    throw new Error(`${SERVER_BUILD} is missing: run npm run build first (same PORTAL_BUILD_DIR)`);
  for (const seed of SEEDS)
    if (seed !== "small" && seed !== "large") throw new Error(`BENCH_SEEDS: "${seed}" is neither small nor large`);
  const manifest = readManifest();
  if (SEEDS.length === 0) return printJs(manifest, []);
  // one secret shared with the portal child, so the cookie written here verifies there
  process.env.SESSION_SECRETS = randomBytes(32).toString("hex");
  process.env.SECURE_COOKIES = "false";
  const load = () =>
    loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  const loadBefore = load();
  // per seed: three runs (closed, open, the bytes' limit) of each of the four scenarios, compressed by the portal and
  // not; on the last seed two more with two workers
  const runs = SEEDS.length * 24 + 2 + (SEEDS.includes("large") ? 2 : 0);
  console.log(
    `bench: seeds ${SEEDS.join(", ")}; ${runs} runs of ${SECONDS} s (BENCH_SECONDS) at ${CONNECTIONS} connections, ` +
      `about ${Math.ceil((runs * SECONDS) / 60)} min of load plus start-up; ` +
      `targets: share of the limit ≥ 5 % (floor) and 4 % (pages), p99 ≤ ${TARGET_P99_MS} ms at half the page's maximum, ` +
      `CPU growth ≤ ${TARGET_GROWTH * 100} %, JS ≤ ${TARGET_JS_KB} KB gzip\n`,
  );

  const measured: Measured[] = [];
  let workerRuns: WorkerRun[] = [];
  let reports: ReportBench | undefined;
  for (const [i, seed] of SEEDS.entries()) {
    const last = i === SEEDS.length - 1;
    const result = await benchSeed(seed, last);
    measured.push(...result.measured);
    reports ??= result.reports;
    if (last) workerRuns = result.workerRuns;
  }

  console.log(`\n${tableLines(measured).join("\n")}`);
  console.log(`\n${compressionLines(measured).join("\n")}`);
  printGrowth(measured);
  printWorkers(workerRuns, SEEDS.at(-1)!);
  printReports(reports);
  printHistoryMatches(measured);
  printJs(
    manifest,
    measured.filter((m) => m.seed === SEEDS.at(-1) && m.compression === "portal").map((m) => m.scenario),
  );
  console.log(
    `\nbench: ran ${((Date.now() - started) / 1000).toFixed(0)} s; load average (1, 5, 15 min) ${loadBefore} before, ${load()} after. ` +
      "Figures move with the machine's load: compare runs made back to back.",
  );
}

process.on("SIGINT", () => {
  for (const child of running) child.kill("SIGTERM");
  process.exit(130);
});

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  for (const child of running) child.kill("SIGTERM");
  process.exitCode = 1;
});
