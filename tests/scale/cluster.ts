// The scale test's machines (issue 33 item 5): a database of its own on the PostgreSQL server TEST_DATABASE_URL names,
// two provider processes and two portal processes started with the README's commands, as an operator would, and
// stopped with SIGTERM at the end. Each child's output goes to a file under one temporary directory.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import type { Browser, Page } from "./browser";

const ROOT = path.resolve(import.meta.dirname, "../..");
const TSX = path.join(ROOT, "node_modules/.bin/tsx");
/** The ports of this test's processes (3620–3639 on the shared development machine; SCALE_TEST_PORT moves them). */
const FIRST_PORT = Number(process.env.SCALE_TEST_PORT ?? 3620);
export const SESSION_SECRET = "scale-test-session-secret-at-least-32-characters";

/** A fresh database `<name>_scale_<time>` beside the one TEST_DATABASE_URL names, made on the same server. */
export async function createScaleDatabase(testDatabaseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const admin = new URL(testDatabaseUrl);
  const base = admin.pathname.slice(1).replace(/_test$/, "") || "portal";
  const name = `${base}_scale_${Date.now().toString(36)}${process.pid.toString(36)}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: testDatabaseUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`create database "${name}"`);
  const url = new URL(testDatabaseUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists "${name}" with (force)`) };
}

/**
 * The newest source file the build is made from, against the built server's time: the portal is built only when
 * something changed since (`npm run build`, as the e2e suite does).
 */
function buildIsCurrent(): boolean {
  const built = path.join(ROOT, "build/server/index.js");
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  const newer = (dir: string): boolean =>
    readdirSync(dir, { withFileTypes: true }).some((entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return newer(full);
      return !/\.test\.tsx?$/.test(entry.name) && statSync(full).mtimeMs > builtAt;
    });
  return (
    !newer(path.join(ROOT, "app")) &&
    !["vite.config.ts", "package-lock.json"].some((f) => statSync(path.join(ROOT, f)).mtimeMs > builtAt)
  );
}

/** `npm run build` when the portal's build is missing or older than its sources. */
export async function buildPortalWhenNeeded(say: (line: string) => void): Promise<void> {
  if (buildIsCurrent()) return;
  say("scale test: building the portal (npm run build)…");
  // the machine's variables, not vitest's: under NODE_ENV=test Remix would make a development build
  const child = spawn("npm", ["run", "build"], {
    cwd: ROOT,
    env: { ...machineEnv(), NODE_ENV: "production" } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "ignore", "inherit"],
  });
  const code = await new Promise<number | null>((resolve) => child.once("exit", resolve));
  if (code !== 0) throw new Error(`npm run build failed (exit ${code})`);
}

/**
 * Only what a process on a fresh machine would have: vitest's own variables (VITEST turns the portal's caches off,
 * NODE_ENV=test) must not reach the processes under test.
 */
function machineEnv(): Record<string, string> {
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"];
  return Object.fromEntries(keep.flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])));
}

export type Proc = { name: string; url: string; log: string; child: ChildProcess; exited: Promise<number | null> };

function start(name: string, args: string[], env: Record<string, string>, port: number, logDir: string): Proc {
  const log = path.join(logDir, `${name}.log`);
  const out = createWriteStream(log);
  const child = spawn(TSX, args, {
    cwd: ROOT,
    // a machine's variables and the process's own, nothing of vitest's (NODE_ENV set only where a process needs it)
    env: { ...machineEnv(), ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.pipe(out, { end: false });
  child.stderr?.pipe(out, { end: false });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { name, url: `http://127.0.0.1:${port}`, log, child, exited };
}

export type Cluster = {
  providers: [Proc, Proc];
  portals: [Proc, Proc];
  logDir: string;
  feedDir: string;
  stop(): Promise<string[]>;
  /** the logs and the feed's directory, after a run that passed */
  removeFiles(): void;
};

/**
 * Provider A and B at the same moment on the empty database (`npm run provider`: migrations and the demo seed under the
 * start-up lock), then portal A → provider A and portal B → provider B (`scripts/start.ts` with the production build,
 * the same SESSION_SECRETS), each awaited on its /readyz. Neither has an ERP feed on its disk (handFeedToProviders).
 */
export async function startCluster(databaseUrl: string): Promise<Cluster> {
  const logDir = mkdtempSync(path.join(tmpdir(), "scale-test-"));
  const feedDir = mkdtempSync(path.join(tmpdir(), "scale-feed-"));
  const common = { LOG_LEVEL: "info", SHUTDOWN_TIMEOUT: "20" };
  // portals on the first two ports, their providers ten above
  const [portalA, portalB] = [FIRST_PORT, FIRST_PORT + 1];
  const provider = (name: string, port: number, portalPort: number) =>
    start(
      name,
      ["server/cli.ts", "start"],
      {
        ...common,
        DATABASE_URL: databaseUrl,
        PROVIDER_PORT: String(port),
        PORTAL_URL: `http://127.0.0.1:${portalPort}`,
        // a directory of its own, empty: the feed reaches the provider through the database only
        ERP_FEED_DIR: path.join(feedDir, name),
      },
      port,
      logDir,
    );
  const providers: [Proc, Proc] = [
    provider("provider-a", portalA + 10, portalA),
    provider("provider-b", portalB + 10, portalB),
  ];
  const portal = (name: string, port: number, upstream: Proc) =>
    start(
      name,
      ["scripts/start.ts"],
      {
        ...common,
        NODE_ENV: "production",
        PORT: String(port),
        UPSTREAM_URL: upstream.url,
        SESSION_SECRETS: SESSION_SECRET,
        SECURE_COOKIES: "false",
      },
      port,
      logDir,
    );
  const all: Proc[] = [...providers];
  const cluster: Cluster = {
    providers,
    portals: undefined as unknown as [Proc, Proc],
    logDir,
    feedDir,
    stop: () => stopAll(all),
    removeFiles: () => [logDir, feedDir].forEach((dir) => rmSync(dir, { recursive: true, force: true })),
  };
  try {
    await Promise.all(providers.map((p) => waitReady(p)));
    cluster.portals = [portal("portal-a", portalA, providers[0]), portal("portal-b", portalB, providers[1])];
    all.push(...cluster.portals);
    await Promise.all(cluster.portals.map((p) => waitReady(p)));
  } catch (error) {
    await stopAll(all);
    throw new Error(`${(error as Error).message}; the processes' logs are in ${logDir}`);
  }
  return cluster;
}

const READY_WITHIN_MS = 120_000;

async function waitReady(proc: Proc): Promise<void> {
  const deadline = Date.now() + READY_WITHIN_MS;
  let exited: number | null | undefined;
  void proc.exited.then((code) => (exited = code));
  for (;;) {
    if (exited !== undefined) throw new Error(`${proc.name} exited (${exited}) before it was ready`);
    const ready = await fetch(`${proc.url}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) return;
    if (Date.now() > deadline) throw new Error(`${proc.name} was not ready on ${proc.url}/readyz within 120 s`);
    await sleep(100);
  }
}

/** SIGTERM to each (portals first), each awaited; one still running after 30 s is killed. Answers what went wrong. */
async function stopAll(procs: Proc[]): Promise<string[]> {
  const problems: string[] = [];
  for (const proc of [...procs].reverse()) {
    if (proc.child.exitCode !== null) {
      problems.push(`${proc.name} had already exited (${proc.child.exitCode})`);
      continue;
    }
    proc.child.kill("SIGTERM");
    const code = await Promise.race([proc.exited, sleep(30_000).then(() => "timeout" as const)]);
    if (code === "timeout") {
      proc.child.kill("SIGKILL");
      problems.push(`${proc.name} did not stop within 30 s of SIGTERM`);
    } else if (code !== 0) problems.push(`${proc.name} exited ${code} on SIGTERM`);
  }
  return problems;
}

/** The JSON log lines a process wrote whose message contains `text`. */
export function logLinesWith(proc: Proc, text: string): string[] {
  return readFileSync(proc.log, "utf8")
    .split("\n")
    .filter((line) => line.includes(text));
}

export type FeedProduct = {
  itemCode: string;
  displayName: string;
  price: number;
  stock: number;
  variants: Array<{ itemCode: string; price: number; stock: number; size: string; color: string }>;
};

/**
 * Hands the ERP feed to the providers as an operator does (decision 156): uploaded by the admin through one portal, kept
 * in the database, read by whichever provider claims the run (each has its own, empty ERP_FEED_DIR). Answers the page.
 */
export async function handFeedToProviders(admin: Browser, portal: string, products: FeedProduct[]): Promise<Page> {
  const feed = { source: "scale test", generatedAt: new Date().toISOString(), items: products };
  return admin.upload(
    portal,
    "/admin/netsuite-pull",
    { intent: "upload" },
    { field: "feed", name: "scale-feed.json", content: JSON.stringify(feed) },
  );
}
