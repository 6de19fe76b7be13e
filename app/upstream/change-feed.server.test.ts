import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startProvider } from "../../server/main";
import { resetEnvForTests } from "~/env.server";
import { cacheEpoch, cachesUsable, knownGeneration, writeGenerationOf } from "~/http/changes.server";
import { portalMetrics } from "~/http/metrics.server";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "~/http/request-scope.server";
import { catchUp, pollChanges } from "./change-feed.server";
import { createUpstreamClient } from "./client.server";
import { z } from "zod";

// The poller against a real provider over HTTP (decision 157): what it hears, and a write's generation carried to the
// response through the request's scope.
let provider: Awaited<ReturnType<typeof startProvider>>;
let dir: string;
const saved = { ...process.env };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "portal-changes-"));
  provider = await startProvider({
    port: 0,
    sqliteFile: path.join(dir, "provider.sqlite"),
    seedWhenEmpty: true,
    role: "api",
    log: () => {},
  });
  process.env.UPSTREAM_URL = provider.url;
  resetEnvForTests();
});

afterAll(async () => {
  await provider?.close();
  fs.rmSync(dir, { recursive: true, force: true });
  process.env = { ...saved };
  resetEnvForTests();
});

const providerGeneration = async () =>
  ((await (await fetch(`${provider.url}/api/changes`)).json()) as { generation: number }).generation;

/** A log-in through the upstream client, as the log-in page makes it, in a request with an open scope. */
async function writeInScope() {
  const scope = openRequestScope();
  const request = new Request("http://portal.test/login", {
    method: "POST",
    headers: { [REQUEST_SCOPE_HEADER]: scope.key },
  });
  await createUpstreamClient(request, null).post("/api/authentication", z.object({ accessToken: z.string() }), {
    body: { strategy: "local", email: "buyer@demo.test", password: "workwear-demo" },
  });
  const generation = writeGenerationOf(scope.key);
  scope.close();
  return generation;
}

describe("the change feed", () => {
  it("hears the provider's generation, and kept answers may be served right after", async () => {
    await pollChanges();
    expect(knownGeneration()).toBe(await providerGeneration());
    expect(cachesUsable()).toBe(true);
    const metrics = await portalMetrics().registry.metrics();
    expect(metrics).toMatch(/^portal_change_feed_up 1$/m);
    expect(metrics).toContain(`portal_change_generation ${knownGeneration()}\n`);
  });

  it("a write through the upstream client leaves its generation in the request's scope", async () => {
    const before = await providerGeneration();
    const generation = await writeInScope();
    expect(generation).toBeGreaterThan(before);
    expect(generation).toBe(await providerGeneration());
  });

  it("catchUp to a browser's latest write asks the provider, and the epoch moves on", async () => {
    await pollChanges();
    const epoch = cacheEpoch();
    const generation = (await writeInScope())!;
    expect(knownGeneration()).toBeLessThan(generation);
    await catchUp(generation);
    expect(knownGeneration()).toBeGreaterThanOrEqual(generation);
    expect(cacheEpoch()).toBeGreaterThan(epoch);
    // already seen: nothing moves
    const now = cacheEpoch();
    await catchUp(generation);
    expect(cacheEpoch()).toBe(now);
  });

  it("a generation the provider never reached (a made-up cookie) is given up after asking, not waited for", async () => {
    await catchUp(Number.MAX_SAFE_INTEGER);
    expect(knownGeneration()).toBe(await providerGeneration());
    expect(cachesUsable()).toBe(true);
  });

  it("a provider that does not answer: nothing kept is served", async () => {
    process.env.UPSTREAM_URL = "http://127.0.0.1:9"; // nothing listens on the discard port
    resetEnvForTests();
    try {
      await pollChanges();
      expect(cachesUsable()).toBe(false);
      expect(await portalMetrics().registry.metrics()).toMatch(/^portal_change_feed_up 0$/m);
    } finally {
      process.env.UPSTREAM_URL = provider.url;
      resetEnvForTests();
    }
    await pollChanges();
    expect(cachesUsable()).toBe(true);
  });
});
