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
import * as orderSearchCoveringIndexes from "./migrations/008_order_search_covering_indexes";
import * as wearerEntitlements from "./migrations/009_wearer_entitlements";
import * as contactEmployeeRefUnique from "./migrations/010_contact_employee_ref_unique";
import * as punchout from "./migrations/011_punchout";
import * as punchoutBaskets from "./migrations/012_punchout_baskets";
import * as invitationAdmin from "./migrations/013_invitation_admin";
import * as trainingGuideFiles from "./migrations/014_training_guide_files";
import * as reportTasksQueue from "./migrations/015_report_tasks_queue";
import * as reportMonthTotals from "./migrations/016_report_month_totals";
import * as adminAuditAndLoginHistory from "./migrations/017_admin_audit_and_login_history";
import * as adminCataloguePromotionsErp from "./migrations/018_admin_catalogue_promotions_erp";
import * as mailDelivery from "./migrations/019_mail_delivery";
import * as catalogueCodesAndErpFeeds from "./migrations/020_catalogue_codes_and_erp_feeds";
import * as changeGeneration from "./migrations/021_change_generation";
import * as itemSearch from "./migrations/022_item_search";
import * as promotionImages from "./migrations/023_promotion_images";

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

/** The SQLite file behind a knex instance, or null (PostgreSQL, or a database in memory that no other connection sees). */
export function sqliteFileOf(db: Knex): string | null {
  if (isPostgres(db)) return null;
  const file = (db.client.config.connection as { filename?: string } | undefined)?.filename;
  return file && file !== ":memory:" ? path.resolve(file) : null;
}

/** The parts of a better-sqlite3 connection used here. */
interface SqliteStatement {
  readonly reader: boolean;
  safeIntegers(on: boolean): unknown;
  run(...args: unknown[]): unknown;
  all(...args: unknown[]): unknown;
}
interface SqliteConnection {
  pragma(s: string, opts?: { simple: boolean }): unknown;
  prepare(sql: string): SqliteStatement;
}

/**
 * What this process has written, per table, so a cached answer can tell whether it may still be served
 * (decision 031). Every statement that is not a read bumps the tables it names (`insert into`, `update`,
 * `delete from`); anything else that writes (DDL, BEGIN/COMMIT/ROLLBACK, a statement whose table is not
 * recognised) bumps every table. Bumped before and after the statement runs.
 */
export interface WriteTracker {
  /** The version of these tables now: changes whenever any of them may have been written. */
  versionOf(tables: readonly string[]): string;
  /** Records a write by the SQL that makes it. */
  wrote(sql: string): void;
}

const WRITE_TARGET = /^\s*(?:insert\s+(?:or\s+\w+\s+)?into|update(?:\s+or\s+\w+)?|delete\s+from)\s+[`"]?(\w+)[`"]?/i;

export function writeTracker(): WriteTracker {
  let everything = 0;
  const perTable = new Map<string, number>();
  return {
    versionOf(tables) {
      return [everything, ...tables.map((t) => perTable.get(t) ?? 0)].join(".");
    },
    wrote(sql) {
      const table = WRITE_TARGET.exec(sql)?.[1];
      if (table) perTable.set(table, (perTable.get(table) ?? 0) + 1);
      else everything++;
    },
  };
}

const trackers = new WeakMap<Knex.Client, WriteTracker>();

/**
 * The version of these tables in the database of this Knex client (a query builder's `client`), or null when it
 * cannot be known (PostgreSQL: other provider processes may write to it; inside a transaction). On SQLite it also
 * changes when another connection commits (`data_version`).
 */
export async function tablesVersion(client: Knex.Client, tables: readonly string[]): Promise<string | null> {
  const tracker = trackers.get(client);
  if (!tracker) return null;
  const before = tracker.versionOf(tables);
  const external = await client.raw("pragma data_version");
  return `${before}/${(external as Array<{ data_version: number }>)[0]?.data_version}`;
}

/** How many statements the wrapper has handed out, and how many of them came from its cache. */
type StatementCounts = { served: number; reused: number };
const statementCounts = new WeakMap<Knex.Client, StatementCounts>();

/**
 * The start-up self-check (decision 171). The statement cache saves 10–25 % of the provider's latency under
 * `npm run bench:provider`, and the write tracker that keeps cached answers honest (decision 031) hangs on the same
 * wrapper; both rely on Knex calling the connection's `prepare` for every query, which an upgrade can change without a
 * sound. Two identical queries must pass through the wrapper, the second from the cache; otherwise the provider does
 * not start. PostgreSQL has neither wrapper.
 */
export async function checkStatementCache(db: Knex): Promise<void> {
  const counts = statementCounts.get(db.client);
  if (!counts) return;
  const before = { ...counts };
  await db.raw("select 1 as statement_cache_check");
  await db.raw("select 1 as statement_cache_check");
  if (counts.served - before.served < 2 || counts.reused - before.reused < 1)
    throw new Error(
      "The statement cache and write tracker (decisions 030, 031, 171) no longer see Knex's queries: Knex does not " +
        "call the connection's prepare. Re-check cacheStatements in server/db/knex.ts against this Knex, or remove it.",
    );
}

/** Prepared statements kept per connection (least recently used dropped beyond this many). */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Knex prepares every query's SQL afresh (11.7 % of the provider's CPU under the bench, issue 13); the same SQL
 * text with other bindings is the same statement, so the connection keeps its prepared statements by SQL text
 * (decision 030). better-sqlite3 runs a statement to completion (`all`/`run`), so one is never in use twice, and
 * SQLite re-prepares a statement itself after a schema change. The integer mode, the one setting knex may change
 * per query, is reset on reuse.
 */
export function cacheStatements(
  conn: SqliteConnection,
  size = STATEMENT_CACHE_SIZE,
  tracker?: WriteTracker,
  counts?: StatementCounts,
): void {
  const prepare = conn.prepare.bind(conn);
  const cache = new Map<string, SqliteStatement>();
  conn.prepare = (sql: string) => {
    let statement = cache.get(sql);
    if (counts) counts.served++;
    if (statement) {
      if (counts) counts.reused++;
      cache.delete(sql); // most recently used last
      statement.safeIntegers(false);
    } else {
      statement = prepare(sql);
      // a write: any statement that returns no rows, and `insert … returning` (which does)
      if (tracker && (!statement.reader || WRITE_TARGET.test(sql))) {
        const s = statement;
        for (const method of ["run", "all"] as const) {
          const original = s[method].bind(s);
          s[method] = (...args: unknown[]) => {
            tracker.wrote(sql);
            try {
              return original(...args);
            } finally {
              tracker.wrote(sql);
            }
          };
        }
      }
      if (cache.size >= size) cache.delete(cache.keys().next().value!);
    }
    cache.set(sql, statement);
    return statement;
  };
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
  const tracker = writeTracker();
  const counts: StatementCounts = { served: 0, reused: 0 };
  const db = knexFactory({
    client: "better-sqlite3",
    connection: { filename: file },
    useNullAsDefault: true,
    pool: {
      min: 1,
      max: 1,
      afterCreate(conn: SqliteConnection, done: (err: Error | null, conn: unknown) => void) {
        cacheStatements(conn, STATEMENT_CACHE_SIZE, tracker, counts);
        conn.pragma("journal_mode = WAL");
        conn.pragma("synchronous = NORMAL");
        conn.pragma("foreign_keys = ON");
        conn.pragma("busy_timeout = 5000");
        conn.pragma("cache_size = -65536"); // 64 MB page cache: counts over large customers stay in memory
        done(null, conn);
      },
    },
  });
  trackers.set(db.client, tracker);
  statementCounts.set(db.client, counts);
  return db;
}

const MIGRATIONS: Record<string, Knex.Migration> = {
  "001_initial": initial,
  "002_order_search_indexes": orderSearchIndexes,
  "003_listing_indexes": listingIndexes,
  "004_order_reference_indexes": orderReferenceIndexes,
  "005_order_card_payment": orderCardPayment,
  "006_auth_limits": authLimits,
  "007_delivery_minimum_and_basket_version": deliveryMinimumAndBasketVersion,
  "008_order_search_covering_indexes": orderSearchCoveringIndexes,
  "009_wearer_entitlements": wearerEntitlements,
  "010_contact_employee_ref_unique": contactEmployeeRefUnique,
  "011_punchout": punchout,
  "012_punchout_baskets": punchoutBaskets,
  "013_invitation_admin": invitationAdmin,
  "014_training_guide_files": trainingGuideFiles,
  "015_report_tasks_queue": reportTasksQueue,
  "016_report_month_totals": reportMonthTotals,
  "017_admin_audit_and_login_history": adminAuditAndLoginHistory,
  "018_admin_catalogue_promotions_erp": adminCataloguePromotionsErp,
  "019_mail_delivery": mailDelivery,
  "020_catalogue_codes_and_erp_feeds": catalogueCodesAndErpFeeds,
  "021_change_generation": changeGeneration,
  "022_item_search": itemSearch,
  "023_promotion_images": promotionImages,
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

/** The migrations this code has that the database has not run (empty: the schema is current). */
export async function pendingMigrations(db: Knex): Promise<string[]> {
  const [, pending] = (await db.migrate.list({ migrationSource })) as [unknown[], unknown[]];
  return pending.map((m) => (typeof m === "string" ? m : String((m as { name?: unknown }).name ?? m)));
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
    await db.raw(`select setval(pg_get_serial_sequence(?, 'id'), coalesce((select max(id) from ??), 0) + 1, false)`, [
      table_name,
      table_name,
    ]);
  }
}

/** Refreshes planner statistics (after seeding, and cheaply at start-up) so SQLite picks the selective index. */
export async function analyze(db: Knex, full = false): Promise<void> {
  if (isPostgres(db)) await db.raw("analyze");
  else await db.raw(full ? "analyze" : "pragma optimize");
}
