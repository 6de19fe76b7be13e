import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./free-port";
import { portalWorkerCount } from "./portal-workers";

describe("portalWorkerCount", () => {
  it("is one per core for npm start in production, one otherwise, and PORTAL_WORKERS when set", () => {
    const npmStart = { perCore: true, cores: 4 };
    const direct = { perCore: false, cores: 4 };
    expect(portalWorkerCount({ NODE_ENV: "production" }, npmStart)).toBe(4);
    expect(portalWorkerCount({ NODE_ENV: "development" }, npmStart)).toBe(1);
    expect(portalWorkerCount({}, npmStart)).toBe(1);
    expect(portalWorkerCount({ NODE_ENV: "production" }, direct)).toBe(1);
    expect(portalWorkerCount({ NODE_ENV: "production", PORTAL_WORKERS: "1" }, npmStart)).toBe(1);
    expect(portalWorkerCount({ NODE_ENV: "development", PORTAL_WORKERS: " 3 " }, direct)).toBe(3);
    expect(portalWorkerCount({ NODE_ENV: "production", PORTAL_WORKERS: "" }, { perCore: true, cores: 2 })).toBe(2);
  });

  it("refuses a count that is not a whole number from 1 to 64, naming the setting", () => {
    for (const bad of ["0", "-1", "1.5", "two", "65"]) {
      expect(() => portalWorkerCount({ PORTAL_WORKERS: bad }, { perCore: true, cores: 2 })).toThrow(
        `PORTAL_WORKERS must be a whole number from 1 to 64 (portal processes to run), not "${bad}".`,
      );
    }
  });
});

let child: ChildProcess | undefined;
afterEach(() => {
  if (child && child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  child = undefined;
});

/** Starts scripts/fixtures/pid-server.ts (an HTTP server answering its pid) through serveOnWorkers. */
async function startFixture(
  workers: number,
): Promise<{ url: string; primaryPid: number; exited: Promise<number | null> }> {
  const port = await freePort();
  const proc = spawn(process.execPath, ["--import", "tsx", "scripts/fixtures/pid-server.ts"], {
    env: { ...process.env, PORT: String(port), PORTAL_WORKERS: String(workers) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  child = proc;
  const exited = new Promise<number | null>((resolve) => proc.on("exit", (code) => resolve(code)));
  const line = await new Promise<string>((resolve, reject) => {
    let out = "";
    proc.stdout!.on("data", (chunk: Buffer) => {
      out += chunk;
      const ready = out.split("\n").find((l) => l.startsWith("ready "));
      if (ready) resolve(ready);
    });
    proc.on("exit", (code) => reject(new Error(`fixture exited (${code}) before it was ready: ${out}`)));
  });
  const [, url, , primaryPid] = line.split(" ");
  return { url, primaryPid: Number(primaryPid), exited };
}

/** The pids answering `count` fresh connections (the fixture closes each one). */
async function answeringPids(url: string, count: number): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let i = 0; i < count; i++)
    pids.add(Number(await (await fetch(url, { headers: { connection: "close" } })).text()));
  return pids;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("serveOnWorkers", () => {
  it("serves requests from two worker processes on one port, and stops them all on SIGTERM", async () => {
    const { url, primaryPid, exited } = await startFixture(2);
    const pids = await answeringPids(url, 20);
    expect(pids.size).toBe(2);
    expect(pids.has(primaryPid)).toBe(false);

    child!.kill("SIGTERM");
    expect(await exited).toBe(0);
    for (const pid of pids) expect(alive(pid)).toBe(false);
  });

  it("replaces a worker that dies, so two workers serve again", async () => {
    const { url } = await startFixture(2);
    const before = await answeringPids(url, 20);
    const [victim] = before;
    process.kill(victim, "SIGKILL");
    let after = new Set<number>();
    for (let attempt = 0; attempt < 50 && after.size < 2; attempt++) {
      await new Promise((r) => setTimeout(r, 200));
      after = await answeringPids(url, 10).catch(() => new Set<number>());
    }
    expect(after.size).toBe(2);
    expect(after.has(victim)).toBe(false);
  });

  it("runs in the calling process with one worker", async () => {
    const { url, primaryPid } = await startFixture(1);
    expect([...(await answeringPids(url, 5))]).toEqual([primaryPid]);
  });
});
