import { describe, expect, it, vi } from "vitest";
import { DEFAULT_DATE_FORMAT, formatDate, isReversedDayRange, parseDayInput, reportInvalidDatesTo } from "./dates";

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

  it("reports through the logger the process named by default", () => {
    const log = vi.fn();
    reportInvalidDatesTo(log);
    expect(formatDate(new Date(Number.NaN))).toBe("N/A");
    expect(log).toHaveBeenCalledOnce();
    expect(log.mock.calls[0]?.[0]).toBe("Invalid date");
  });
});

describe("parseDayInput: the date filters (issue 14 item 5, decision 091)", () => {
  it.each([
    ["31.03.26", "2026-03-31"],
    ["31.03.2026", "2026-03-31"],
    ["1.3.26", "2026-03-01"],
    ["31/03/26", "2026-03-31"],
    [" 2026-03-31 ", "2026-03-31"],
    ["29.02.24", "2024-02-29"],
  ])("%j → %s", (text, day) => expect(parseDayInput(text)).toBe(day));

  it.each(["", "yesterday", "30.02.26", "2026-02-30", "31.13.26", "31.03.226", "2026-3-31", "00.01.26"])(
    "%j is no day",
    (text) => expect(parseDayInput(text)).toBeNull(),
  );

  it("reads back every day formatDate shows", () => {
    for (let i = 0; i < 800; i += 7) {
      const day = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
      expect(parseDayInput(formatDate(day))).toBe(day);
    }
  });
});

// every from–to of the admin filters, the promotion dates and the provider's checks of them (decision 172)
describe("isReversedDayRange: a start after its end", () => {
  it.each([
    ["2026-11-20", "2026-11-01", true],
    ["2026-01-01", "2025-12-31", true],
    ["2026-11-01", "2026-11-20", false],
    ["2026-11-20", "2026-11-20", false],
    ["2025-12-31", "2026-01-01", false],
    [undefined, "2026-11-01", false],
    ["2026-11-20", undefined, false],
    [null, null, false],
    ["", "2026-11-01", false],
    ["31.02.26", "2026-11-01", false],
    ["2026-11-20", "1.11.26", false],
    ["2026-11-20T00:00:00Z", "2026-11-01", false],
  ])("%j to %j → %s", (start, end, reversed) => expect(isReversedDayRange(start, end)).toBe(reversed));
});
