import type { Server } from "node:http";
import { describe, expect, it } from "vitest";
import { createProviderApp } from "../app";
import { bumpChangeGeneration, changeGeneration } from "../changes";
import { captureProviderLogs } from "../log";
import { TaskLoop } from "../services/task-queue";
import { useProvider } from "./fixtures";

// The change generation portals poll (decision 157): every write's answer moves it on and names it; reads do not.
const { p } = useProvider({}, { backgroundWork: false });

const generation = async (url = p.url) => {
  const answer = await fetch(`${url}/api/changes`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  return ((await answer.json()) as { generation: number }).generation;
};

describe("GET /api/changes", () => {
  it("answers the generation without a session, and a read leaves it where it is", async () => {
    const token = await p.login("buyer@demo.test");
    const before = await generation();
    expect(Number.isSafeInteger(before)).toBe(true);
    const read = await p.api("GET", "/api/session", { token });
    expect(read.status).toBe(200);
    expect(read.headers.get("x-change-generation")).toBeNull();
    expect(await generation()).toBe(before);
  });

  it("a write's answer names the generation after it, and the next poll answers at least that", async () => {
    const token = await p.login("buyer@demo.test");
    const before = await generation();
    const write = await p.api("DELETE", "/api/authentication/current", { token });
    expect(write.status).toBeLessThan(300);
    const named = Number(write.headers.get("x-change-generation"));
    expect(named).toBeGreaterThan(before);
    expect(await generation()).toBeGreaterThanOrEqual(named);
  });

  it("a refused write moves it on too (what it wrote, if anything, is committed before its answer)", async () => {
    const before = await generation();
    const refused = await p.api("POST", "/api/authentication", {
      body: { strategy: "local", email: "buyer@demo.test", password: "not the password" },
    });
    expect(refused.status).toBe(401);
    expect(Number(refused.headers.get("x-change-generation"))).toBeGreaterThan(before);
  });

  it("is one number for every provider process on the database: a write on one is seen on the other", async () => {
    const db = p.openDb();
    const server: Server = await createProviderApp({ db, backgroundWork: false }).listen(0);
    try {
      const address = server.address();
      const other = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
      const token = await p.login("buyer@demo.test");
      const named = Number(
        (await p.api("DELETE", "/api/authentication/current", { token })).headers.get("x-change-generation"),
      );
      expect(await generation(other)).toBeGreaterThanOrEqual(named);
      const bumped = await bumpChangeGeneration(db);
      expect(bumped).toBeGreaterThan(named);
      expect(await generation()).toBe(bumped);
      expect(await changeGeneration(p.db)).toBe(bumped);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    }
  });
});

describe("the access line", () => {
  it("of a poll is a debug line only (every portal process asks four times a second)", async () => {
    const log = captureProviderLogs("debug");
    try {
      await fetch(`${p.url}/api/changes`, { headers: { "x-request-id": "poll-seen-at-debug" } });
      await new Promise((resolve) => setTimeout(resolve, 30)); // access lines are written when the answer closes
      expect(log.lines().find((l) => l.reqId === "poll-seen-at-debug")).toMatchObject({
        level: "debug",
        route: "changes",
        status: 200,
      });
    } finally {
      log.stop();
    }
  });
});

describe("background work", () => {
  it("a queue's loop announces each job it ran, and only those", async () => {
    const jobs = [true, true, false];
    let announced = 0;
    const loop = new TaskLoop(async () => jobs.shift() ?? false, {
      name: "test loop",
      pollMs: 60_000,
      log: () => {},
      afterJob: async () => void announced++,
    });
    loop.start();
    for (let i = 0; i < 100 && jobs.length > 0; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    await loop.stop();
    expect(announced).toBe(2);
  });
});
