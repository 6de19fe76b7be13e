import fs from "node:fs";
import path from "node:path";
import knexFactory, { type Knex } from "knex";
import pg from "pg";
import * as initial from "./migrations/001_initial";
import * as orderSearchIndexes from "./migrations/002_order_search_indexes";
import * as listingIndexes from "./migrations/003_listing_indexes";
import * as orderReferenceIndexes from "./migrations/004_order_reference_indexes";
import * as orderCardPayment from "./migrations/005_order_card_payment";
import * as authLimits from "./migrations/006_auth_limits";
import * as deliveryMinimumAndBasketVersion from "./migrations/007_delivery_minimum_and_basket_version";

export interface CreateDbOptions {
  /** postgres://… — when set, PostgreSQL is used instead of SQLite. */
  databaseUrl?: string;
  /** SQLite file (default data/provider.sqlite). */
  sqliteFile?: string;
  /** PostgreSQL schema to work in (tests give each file its own). */
  searchPath?: string;
}

export const DEFAULT_SQLITE_FILE = "data/provider.sqlite";

// PostgreSQL answers bigint (count) and numeric (money) as strings; the API wants numbers.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number.parseFloat(v));

export function isPostgres(db: Knex): boolean {
  return db.client.config.client === "pg";
}

export function createDb(opts: CreateDbOptions = {}): Knex {
  if (opts.databaseUrl) {
    return knexFactory({
      client: "pg",
      connection: opts.databaseUrl,
      searchPath: opts.searchPath ? [opts.searchPath] : undefined,
      pool: { min: 0, max: 10 },
    });
  }
  const file = opts.sqliteFile ?? DEFAULT_SQLITE_FILE;
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  return knexFactory({
    client: "better-sqlite3",
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: { pragma(s: string): unknown }, done: (err: Error | null, conn: unknown) => void) {
        conn.pragma("journal_mode = WAL");
        conn.pragma("synchronous = NORMAL");
        conn.pragma("foreign_keys = ON");
        conn.pragma("busy_timeout = 5000");
        conn.pragma("cache_size = -65536"); // 64 MB page cache: counts over large customers stay in memory
        done(null, conn);
      },
    },
  });
}

const MIGRATIONS: Record<string, Knex.Migration> = {
  "001_initial": initial,
  "002_order_search_indexes": orderSearchIndexes,
  "003_listing_indexes": listingIndexes,
  "004_order_reference_indexes": orderReferenceIndexes,
  "005_order_card_payment": orderCardPayment,
  "006_auth_limits": authLimits,
  "007_delivery_minimum_and_basket_version": deliveryMinimumAndBasketVersion,
};

/** Programmatic migration source, so migrations run under tsx without a knexfile. */
const migrationSource: Knex.MigrationSource<string> = {
  async getMigrations() {
    return Object.keys(MIGRATIONS).sort();
  },
  getMigrationName(name) {
    return name;
  },
  async getMigration(name) {
    return MIGRATIONS[name];
  },
};

export async function migrate(db: Knex): Promise<void> {
  await db.migrate.latest({ migrationSource });
}

export async function rollbackAll(db: Knex): Promise<void> {
  await db.migrate.rollback({ migrationSource }, true);
}

/**
 * Rows inserted with explicit ids do not move PostgreSQL sequences; call after seeding so the next
 * insert gets a free id. A no-op on SQLite.
 */
export async function resetSequences(db: Knex): Promise<void> {
  if (!isPostgres(db)) return;
  const rows = await db.raw(
    `select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'id' and column_default like 'nextval%'`,
  );
  for (const { table_name } of rows.rows) {
    await db.raw(`select setval(pg_get_serial_sequence(?, 'id'), coalesce((select max(id) from ??), 0) + 1, false)`, [table_name, table_name]);
  }
}

/** Refreshes planner statistics (after seeding, and cheaply at start-up) so SQLite picks the selective index. */
export async function analyze(db: Knex, full = false): Promise<void> {
  if (isPostgres(db)) await db.raw("analyze");
  else await db.raw(full ? "analyze" : "pragma optimize");
}
