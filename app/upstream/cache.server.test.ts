import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import {
  cacheEpoch,
  cachesUsable,
  CHANGE_LIVE_MS,
  recordGeneration,
  recordPollFailure,
  setChangeStateForTests,
} from "~/http/changes.server";
import { forgetSession, sessionCache, setUpstreamCachingForTests, tokenKey, TtlCache } from "./cache.server";

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

describe("forgetSession", () => {
  it("drops that token's entry in this process and only that one", async () => {
    await sessionCache.get(tokenKey("token-1"), async () => sessionAnswer() as never);
    await sessionCache.get(tokenKey("token-2"), async () => sessionAnswer() as never);
    forgetSession("token-1");
    forgetSession(null);
    expect(sessionCache.size).toBe(1);
    let asked = 0;
    await sessionCache.get(tokenKey("token-2"), async () => (asked++, sessionAnswer() as never));
    expect(asked).toBe(0);
  });
});

describe("the change generation (decision 157)", () => {
  it("serves an entry only under the generation its call was sent under", async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, max: 10, now: clock });
    const { calls, make } = counted("a");
    await cache.get("k", make);
    await cache.get("k", make);
    expect(calls.n).toBe(1);
    setChangeStateForTests({ generation: 2, live: true });
    await cache.get("k", make);
    await cache.get("k", make);
    expect(calls.n).toBe(2);
  });

  it("serves nothing kept, and keeps nothing, while the generation is not heard", async () => {
    const cache = new TtlCache<string>({ ttlMs: 60_000, max: 10, now: clock });
    const { calls, make } = counted("a");
    await cache.get("k", make);
    setChangeStateForTests({ generation: 1, live: false });
    await cache.get("k", make);
    await cache.get("k", make);
    expect(calls.n).toBe(3);
    // heard again at the same generation: what was kept before stands
    setChangeStateForTests({ generation: 1, live: true });
    await cache.get("k", make);
    expect(calls.n).toBe(3);
  });

  it("a poll not answered for CHANGE_LIVE_MS stops kept answers being served", () => {
    recordPollFailure();
    recordGeneration(1, 10_000);
    expect(cachesUsable(10_000 + CHANGE_LIVE_MS - 1)).toBe(true);
    expect(cachesUsable(10_000 + CHANGE_LIVE_MS)).toBe(false);
    recordPollFailure();
    expect(cachesUsable(10_001)).toBe(false);
  });

  it("a smaller generation (the database replaced) moves the epoch on too", () => {
    setChangeStateForTests({ generation: 7, live: true });
    const before = cacheEpoch();
    recordGeneration(7, 1);
    expect(cacheEpoch()).toBe(before);
    recordGeneration(3, 2);
    expect(cacheEpoch()).toBe(before + 1);
  });
});
