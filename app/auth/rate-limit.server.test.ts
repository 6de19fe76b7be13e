import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

describe("RateLimiter", () => {
  it("allows the limit within a window, then refuses until the window ends", () => {
    let now = 0;
    const limiter = new RateLimiter(3, 60_000, () => now);
    expect([1, 2, 3].map(() => limiter.hit("k").allowed)).toEqual([true, true, true]);
    expect(limiter.hit("k")).toEqual({ allowed: false, retryAfterSeconds: 60 });
    now = 59_500;
    expect(limiter.hit("k")).toEqual({ allowed: false, retryAfterSeconds: 1 });
    now = 60_000;
    expect(limiter.hit("k").allowed).toBe(true);
  });

  it("counts keys apart and forgets a key on reset", () => {
    const limiter = new RateLimiter(1, 1000, () => 0);
    limiter.hit("a");
    expect(limiter.hit("a").allowed).toBe(false);
    expect(limiter.hit("b").allowed).toBe(true);
    limiter.reset("a");
    expect(limiter.hit("a").allowed).toBe(true);
  });
});
