import { format, isValid, parseISO } from "date-fns";
import { NOT_AVAILABLE } from "./messages";

export const DEFAULT_DATE_FORMAT = "dd.MM.yy";

export type ErrorLogger = (message: string, value: unknown) => void;

// Symbol.for: the portal's server runs from source and its routes from the build, two copies of this module
const REPORTER = Symbol.for("workwear.invalid-date-reporter");
const held = globalThis as typeof globalThis & { [REPORTER]?: ErrorLogger };

/** Where an unreadable date is reported unless the caller says: the process's logger, once it names itself here. */
export function reportInvalidDatesTo(logger: ErrorLogger): void {
  held[REPORTER] = logger;
}
const reportInvalidDate: ErrorLogger = (message, value) => held[REPORTER]?.(message, value);

function toDate(value: Date | string | number): Date {
  if (value instanceof Date) return value;
  if (typeof value === "number") return new Date(value);
  return parseISO(value.trim());
}

/**
 * SPEC §5: empty → 'N/A'; invalid → 'N/A' and an error is logged, because an unreadable date
 * from the upstream is a data fault someone should see, while an empty one is normal.
 */
export function formatDate(
  value: Date | string | number | null | undefined,
  pattern: string = DEFAULT_DATE_FORMAT,
  logError: ErrorLogger = reportInvalidDate,
): string {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) {
    return NOT_AVAILABLE;
  }
  const date = toDate(value);
  if (!isValid(date)) {
    logError("Invalid date", value);
    return NOT_AVAILABLE;
  }
  return format(date, pattern);
}

/**
 * A day as typed in a date filter, as the ISO day the provider takes (yyyy-MM-dd), or null when it is none:
 * dd.mm.yy as dates are shown (SPEC §5), dd.mm.yyyy, and yyyy-MM-dd (addresses from before decision 091, and what
 * a browser's own date field sends). `/` or `-` may stand for the dots; a two-figure year is 20yy.
 */
export function parseDayInput(text: string): string | null {
  const value = text.trim();
  let day: number, month: number, year: number;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const shown = /^(\d{1,2})[./-](\d{1,2})[./-](\d{2}|\d{4})$/.exec(value);
  if (iso) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (shown)
    [day, month, year] = [
      Number(shown[1]),
      Number(shown[2]),
      Number(shown[3].length === 2 ? `20${shown[3]}` : shown[3]),
    ];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether a range of calendar days (yyyy-MM-dd) runs backwards, its start after its end: the one rule of every from–to
 * the portal's forms and the provider check (decision 172). A day on its own is a range of one day; a range with a
 * side missing or not written as a day is not reversed (its own message says what is wrong with it).
 */
export function isReversedDayRange(start: unknown, end: unknown): boolean {
  return typeof start === "string" && typeof end === "string" && DAY.test(start) && DAY.test(end) && start > end;
}
