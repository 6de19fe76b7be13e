import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import * as constants from "./constants";

it("holds the SPEC §9 constants", () => {
  expect({ ...constants }).toEqual({
    PAGE_SIZE: 16,
    FETCH_ALL_LIMIT: 10000,
    PENDING_COUNT_LIMIT: 0,
    MIN_LOADING_DISPLAY_MS: 1000,
    TOAST_TIMEOUT_MS: 3000,
    QUANTITY_TYPING_DEBOUNCE_MS: 500,
    CURRENCY_SYMBOL: "£",
    CURRENCY_DECIMALS: 2,
  });
});

const APP = path.resolve(__dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

it("is imported, not repeated: no other module of app/ declares its own SPEC §9 timing or page size", () => {
  // a constant named like a duration or a page size set to one of the SPEC §9 numbers, or a timer with one written in
  const repeated =
    /\b(?:const|let)\s+\w*(?:_MS|PAGE_SIZE|LIMIT)\s*=\s*(?:1_?000|500|3_?000|16|10_?000)\b|setTimeout\([^;]*,\s*(?:1_?000|500|3_?000)\s*\)/;
  const offenders = sources(APP)
    .filter((file) => path.basename(file) !== "constants.ts")
    .filter((file) => repeated.test(readFileSync(file, "utf8")))
    .map((file) => path.relative(APP, file));
  expect(offenders).toEqual([]);
});
