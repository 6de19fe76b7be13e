import { describe, expect, it, vi } from "vitest";
import { DEFAULT_DATE_FORMAT, formatDate } from "./dates";

describe("formatDate (SPEC §5)", () => {
  it("defaults to dd.MM.yy", () => {
    expect(DEFAULT_DATE_FORMAT).toBe("dd.MM.yy");
    expect(formatDate("2026-03-07T10:00:00")).toBe("07.03.26");
  });

  it.each([
    [new Date(2025, 11, 31, 12), "31.12.25"],
    ["2024-02-29", "29.02.24"],
    [new Date(2026, 0, 2, 12).getTime(), "02.01.26"],
  ])("%j → %s", (input, expected) => expect(formatDate(input)).toBe(expected));

  it("takes another pattern", () => {
    expect(formatDate("2026-03-07", "d MMM yyyy")).toBe("7 Mar 2026");
  });

  it.each([null, undefined, "", "   "])("empty %j → N/A without logging", (input) => {
    const log = vi.fn();
    expect(formatDate(input, undefined, log)).toBe("N/A");
    expect(log).not.toHaveBeenCalled();
  });

  it.each(["not a date", "2026-13-45", "31/12/2025"])("invalid %j → N/A and logs an error", (input) => {
    const log = vi.fn();
    expect(formatDate(input, undefined, log)).toBe("N/A");
    expect(log).toHaveBeenCalledWith("Invalid date", input);
  });

  it("logs through console.error by default", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(formatDate(new Date(Number.NaN))).toBe("N/A");
    expect(spy).toHaveBeenCalledOnce();
    spy.mockRestore();
  });
});
