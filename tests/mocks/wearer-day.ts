import { afterEach, beforeEach, vi } from "vitest";

/**
 * The wearer fixtures' allowance reset dates are in 2027 (tests/mocks/upstream/wearers.ts): the wearer-pack pages and
 * the wearer-pack basket are read on a fixed day before them, 23 November 2026, each test in the file.
 */
export function useDayBeforeResets() {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}
