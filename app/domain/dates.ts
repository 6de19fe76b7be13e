import { format, isValid, parseISO } from "date-fns";
import { NOT_AVAILABLE } from "./messages";

export const DEFAULT_DATE_FORMAT = "dd.MM.yy";

export type ErrorLogger = (message: string, value: unknown) => void;

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
  logError: ErrorLogger = console.error,
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
