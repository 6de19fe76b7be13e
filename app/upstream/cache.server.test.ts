import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import {
  forgetSession,
  receiveCacheMessage,
  sessionCache,
  setUpstreamCachingForTests,
  tokenKey,
  TtlCache,
} from "./cache.server";

let now = 0;
const clock = () => now;

beforeEach(() => {
  now = 1_000_000;
  setUpstreamCachingForTests(true);
});
afterEach(() => setUpstreamCachingForTests(false));

function counted<V>(value: V) {
  const calls = { n: 0 };
  return { calls, make: async () => (calls.n++, value) };
}

describe("TtlCache", () => {
  it("answers from the entry until ttlMs after the call was sent, then asks again", async () => {
    const cache = new TtlCache<string>({ ttlMs: 5_000, max: 10, now: clock });
    const { calls, make } = counted("a");
    expect(await cache.get("k", make)).toBe("a");
    now += 4_999;
    expect(await cache.get("k", make)).toBe("a");
    expect(calls.n).toBe(1);
    now += 1;
    await cache.get("k", make);
    expect(calls.n).toBe(2);
  });

  it("shares one call under way between callers", async () => {
    const cache = new TtlCache<string>({ ttlMs: 5_000, max: 10, now: clock });
    const { calls, make } = counted("a");
    expect(await Promise.all([cache.get("k", make), cache.get("k", make), cache.get("k", make)])).toEqual([
      "a",
      "a",
      "a",
    ]);
    expect(calls.n).toBe(1);
  });

  it("keeps no failure: the next caller asks again, and a caller that joined a failing call makes its own", async () => {
    const cache = new TtlCache<string>({ ttlMs: 5_000, max: 10, now: clock });
    let fail = true;
    let calls = 0;
    const make = async () => {
      calls++;
      if (fail) throw new Error("down");
      return "ok";
    };
    const first = cache.get("k", make);
    fail = false;
    const joined = cache.get("k", make);
    await expect(first).rejects.toThrow("down");
    expect(await joined).toBe("ok");
    expect(await cache.get("k", make)).toBe("ok");
    expect(calls).toBe(3);
  });

  it("holds at most `max` entries, dropping the least recently used", async () => {
    const cache = new TtlCache<string>({ ttlMs: 5_000, max: 2, now: clock });
    const a = counted("a");
    await cache.get("a", a.make);
    await cache.get("b", async () => "b");
    await cache.get("a", a.make); // a is now the most recently used
    await cache.get("c", async () => "c"); // b goes
    expect(cache.size).toBe(2);
    const b = counted("b2");
    expect(await cache.get("b", b.make)).toBe("b2");
    expect(b.calls.n).toBe(1);
    expect(a.calls.n).toBe(1);
  });

  it("delete drops an entry at once; put replaces it with a fresh answer", async () => {
    const cache = new TtlCache<string>({ ttlMs: 5_000, max: 10, now: clock });
    await cache.get("k", async () => "old");
    cache.delete("k");
    expect(await cache.get("k", async () => "new")).toBe("new");
    await cache.put("k", Promise.resolve("newer"));
    expect(await cache.get("k", async () => "unused")).toBe("newer");
  });

  it("an answer that arrives after its entry was dropped is not put back", async () => {
    const cache = new TtlCache<string>({ ttlMs: 5_000, max: 10, now: clock });
    let release: (value: string) => void = () => undefined;
    const slow = cache.get("k", () => new Promise<string>((resolve) => (release = resolve)));
    cache.delete("k"); // a write happened while the read was under way
    release("before the write");
    expect(await slow).toBe("before the write");
    expect(await cache.get("k", async () => "after the write")).toBe("after the write");
  });

  it("keeps nothing while caching is off", async () => {
    setUpstreamCachingForTests(false);
    const cache = new TtlCache<string>({ ttlMs: 5_000, max: 10, now: clock });
    const { calls, make } = counted("a");
    await cache.get("k", make);
    await cache.get("k", make);
    expect(calls.n).toBe(2);
    expect(cache.size).toBe(0);
  });
});

describe("tokenKey", () => {
  it("is a digest, not the token, and differs between tokens", () => {
    expect(tokenKey("token-1")).not.toContain("token-1");
    expect(tokenKey("token-1")).toBe(tokenKey("token-1"));
    expect(tokenKey("token-1")).not.toBe(tokenKey("token-2"));
  });
});

describe("forgetting a session in every worker (node:cluster)", () => {
  it("drops the entry here and sends the primary the token's digest, never the token", async () => {
    const sent: unknown[] = [];
    await sessionCache.get(tokenKey("token-1"), async () => sessionAnswer() as never);
    forgetSession("token-1", (message) => sent.push(message));
    expect(sessionCache.size).toBe(0);
    expect(sent).toEqual([{ type: "portal-cache-forget", key: tokenKey("token-1") }]);
    expect(JSON.stringify(sent)).not.toContain("token-1");
  });

  it("a worker told by the primary drops that entry and only that one", async () => {
    await sessionCache.get(tokenKey("token-1"), async () => sessionAnswer() as never);
    await sessionCache.get(tokenKey("token-2"), async () => sessionAnswer() as never);
    receiveCacheMessage({ type: "portal-cache-forget", key: tokenKey("token-1") });
    receiveCacheMessage({ type: "something else", key: tokenKey("token-2") });
    expect(sessionCache.size).toBe(1);
    let asked = 0;
    await sessionCache.get(tokenKey("token-2"), async () => (asked++, sessionAnswer() as never));
    expect(asked).toBe(0);
  });
});
