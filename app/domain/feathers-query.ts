import { PAGE_SIZE } from "./constants";

// The Feathers query dialect of docs/upstream-api.md: nested objects become bracketed keys
// ($sort[createdDate], createdDate[$gte]); arrays of objects are indexed ($or[0][field]).

export type QueryPrimitive = string | number | boolean;
export type QueryValue =
  QueryPrimitive | null | undefined | readonly QueryValue[] | { readonly [key: string]: QueryValue };
export type FeathersQuery = { readonly [key: string]: QueryValue };

export interface BuildOptions {
  /** 'repeat' sends field[$in][]=a&field[$in][]=b; 'comma' sends field[$in]=a,b (one key per field). */
  arrays?: "repeat" | "comma";
}

const isPrimitive = (v: QueryValue): v is QueryPrimitive => ["string", "number", "boolean"].includes(typeof v);

/** URLSearchParams-ready pairs. Null and undefined mean "no filter" and are left out. */
export function buildFeathersQuery(query: FeathersQuery, { arrays = "repeat" }: BuildOptions = {}): [string, string][] {
  const pairs: [string, string][] = [];
  const walk = (key: string, value: QueryValue): void => {
    if (value === null || value === undefined) return;
    if (isPrimitive(value)) {
      pairs.push([key, String(value)]);
    } else if (Array.isArray(value)) {
      if (value.every(isPrimitive)) {
        if (arrays === "comma") {
          if (value.length > 0) pairs.push([key, value.map(String).join(",")]);
        } else value.forEach((v) => pairs.push([`${key}[]`, String(v)]));
      } else value.forEach((v, i) => walk(`${key}[${i}]`, v));
    } else {
      for (const [k, v] of Object.entries(value)) walk(key === "" ? k : `${key}[${k}]`, v);
    }
  };
  walk("", query);
  return pairs;
}

/** One string per key, for code that wants a plain record (arrays are comma-joined). */
export function feathersQueryRecord(query: FeathersQuery): Record<string, string> {
  return Object.fromEntries(buildFeathersQuery(query, { arrays: "comma" }));
}

const MAX_PAGE = 100_000;

/** A page number from a URL: a whole number from 1, anything else is page 1. */
export function parsePage(value: unknown): number {
  const n = typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= MAX_PAGE ? n : 1;
}

/** SPEC §7: $limit (default 16) and $skip = (page − 1) × limit. */
export function pagination(page: number, limit: number = PAGE_SIZE): { $limit: number; $skip: number } {
  return { $limit: limit, $skip: (parsePage(page) - 1) * limit };
}

export type SortDirection = 1 | -1;
