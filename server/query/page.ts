/** A page of a parsed query's rows: the count (cached per table version), deep pages, the run. */
import type { Knex } from "knex";
import { tablesVersion } from "../db/knex";
import { type ParsedQuery } from "./dialect";

export interface Page<T> {
  total: number;
  limit: number;
  skip: number;
  data: T[];
}

/** The page of a filtered query: selected, sorted, limited. */
export function pageOf(
  filtered: Knex.QueryBuilder,
  parsed: ParsedQuery,
  select: (qb: Knex.QueryBuilder) => Knex.QueryBuilder,
): Knex.QueryBuilder {
  const q = select(filtered.clone());
  for (const [col, dir] of parsed.sort) q.orderBy(col, dir);
  return q.limit(parsed.limit).offset(parsed.skip);
}

export async function countOf(filtered: Knex.QueryBuilder): Promise<number> {
  const row = await filtered.clone().clearSelect().clearOrder().count({ n: "*" }).first();
  return Number((row as { n: number } | undefined)?.n ?? 0);
}

/** Totals kept per database, by their SQL and bindings, with the version of the tables they read. */
const COUNT_CACHE_SIZE = 2000;

const countCaches = new WeakMap<Knex.Client, Map<string, { version: string; n: number }>>();

/**
 * countOf, answered from memory while no table the count reads has been written (decision 030): the key is the
 * count's whole SQL and bindings, so a total is only ever reused for the very same question (same customer, same
 * caller's visibility, same filters). Databases whose writes cannot all be seen (PostgreSQL) always count.
 */
export async function cachedCountOf(filtered: Knex.QueryBuilder): Promise<number> {
  const count = filtered.clone().clearSelect().clearOrder().count({ n: "*" });
  const { sql, bindings } = count.toSQL();
  const tables = [...new Set(sql.match(/\w+/g) ?? [])];
  const client = (filtered as unknown as { client: Knex.Client }).client;
  const version = await tablesVersion(client, tables);
  if (version == null) return countOf(filtered);
  let cache = countCaches.get(client);
  if (!cache) countCaches.set(client, (cache = new Map()));
  const key = `${sql}\u0000${JSON.stringify(bindings)}`;
  const hit = cache.get(key);
  if (hit?.version === version) return hit.n;
  const n = await countOf(filtered);
  cache.delete(key);
  if (cache.size >= COUNT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  cache.set(key, { version, n });
  return n;
}

/** Pages from this offset on are sought on the key first (decision 030); shallower ones read their rows directly. */
export const DEEP_SKIP = 160;

/**
 * A deep page: its keys are found on the sort index alone — counting from the nearer end, with every sort
 * direction reversed when that is the last rows (the order is total: the key is the tie-breaker, and both SQLite
 * and PostgreSQL put NULLs at the opposite end when the direction flips) — then only those rows are read.
 */
function deepPageOf(
  filtered: Knex.QueryBuilder,
  parsed: ParsedQuery,
  select: (qb: Knex.QueryBuilder) => Knex.QueryBuilder,
  total: number,
): Knex.QueryBuilder {
  const key = parsed.keyColumn!;
  const fromEnd = total - parsed.skip - parsed.limit;
  const reversed = fromEnd < parsed.skip;
  const keys = filtered.clone().clearSelect().select(key);
  for (const [col, dir] of parsed.sort) keys.orderBy(col, reversed ? (dir === "asc" ? "desc" : "asc") : dir);
  if (reversed) keys.limit(parsed.limit + Math.min(0, fromEnd)).offset(Math.max(0, fromEnd));
  else keys.limit(parsed.limit).offset(parsed.skip);
  const q = select(filtered.clone()).whereIn(key, keys);
  for (const [col, dir] of parsed.sort) q.orderBy(col, dir);
  return q;
}

/** Runs a filtered base query as a page: one count, one page query (skipped for $limit=0). */
export async function runPage<R>(
  base: Knex.QueryBuilder,
  parsed: ParsedQuery,
  select: (qb: Knex.QueryBuilder) => Knex.QueryBuilder,
): Promise<Page<R>> {
  for (const c of parsed.conditions) c(base);
  if (!parsed.keyColumn) {
    const [total, rows] = await Promise.all([
      countOf(base),
      parsed.limit === 0 ? Promise.resolve([]) : pageOf(base, parsed, select),
    ]);
    return { total, limit: parsed.limit, skip: parsed.skip, data: rows as R[] };
  }
  const total = await cachedCountOf(base);
  let rows: unknown[] = [];
  if (parsed.limit > 0 && parsed.skip < total)
    rows = await (parsed.skip >= DEEP_SKIP ? deepPageOf(base, parsed, select, total) : pageOf(base, parsed, select));
  return { total, limit: parsed.limit, skip: parsed.skip, data: rows as R[] };
}
