/**
 * Bulk inserts that work the same on SQLite and PostgreSQL: multi-row `insert … values (…),(…)` built
 * once per table and chunk size, chunked so one statement stays well under SQLite's 32,766 and
 * PostgreSQL's 65,535 bound parameters. Callers pass explicit ids, so rows can reference each other
 * without reading anything back.
 */
import type { Knex } from "knex";

export type Row = Record<string, string | number | boolean | null>;

/**
 * Bound parameters per statement, well under each engine's limit. PostgreSQL gains from fewer, larger
 * statements (large seed ~100 s → ~77 s); SQLite does not care much.
 */
const MAX_PARAMS: Record<string, number> = { pg: 30_000 };
const DEFAULT_MAX_PARAMS = 8_000;

const sqlCache = new Map<string, string>();

function insertSql(db: Knex, table: string, columns: string[], rowCount: number): string {
  const key = `${db.client.config.client}|${table}|${columns.join(",")}|${rowCount}`;
  let sql = sqlCache.get(key);
  if (!sql) {
    const tuple = `(${columns.map(() => "?").join(",")})`;
    const names = columns.map((c) => db.client.wrapIdentifier(c, undefined)).join(",");
    sql = `insert into ${db.client.wrapIdentifier(table, undefined)} (${names}) values ${Array(rowCount).fill(tuple).join(",")}`;
    sqlCache.set(key, sql);
  }
  return sql;
}

/** Inserts rows that all have the same keys (the first row's). */
export async function insertRows(db: Knex, table: string, rows: readonly Row[]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0]);
  const perChunk = Math.max(
    1,
    Math.floor((MAX_PARAMS[db.client.config.client] ?? DEFAULT_MAX_PARAMS) / columns.length),
  );
  for (let start = 0; start < rows.length; start += perChunk) {
    const chunk = rows.slice(start, start + perChunk);
    const bindings: (string | number | boolean | null)[] = new Array(chunk.length * columns.length);
    let k = 0;
    for (const row of chunk) {
      for (const column of columns) {
        const value = row[column];
        if (value === undefined) throw new Error(`seed: ${table}.${column} missing in a row`);
        bindings[k++] = value;
      }
    }
    await db.raw(insertSql(db, table, columns, chunk.length), bindings);
  }
}

/** Rows of several tables, inserted parent tables first (the order of the keys). */
export type TableRows = Record<string, Row[]>;

export async function insertAll(db: Knex, tables: TableRows): Promise<void> {
  for (const [table, rows] of Object.entries(tables)) await insertRows(db, table, rows);
}
