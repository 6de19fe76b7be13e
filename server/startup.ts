import { setTimeout as sleep } from "node:timers/promises";
import Database from "better-sqlite3";
import type { Knex } from "knex";
import { analyze, isPostgres, migrate, resetSequences, sqliteFileOf } from "./db/knex";
import { seed, type SeedScale } from "./db/seed/index";

/**
 * Start-up under a lock (issue 33 item 3, decision 153): N provider processes starting together on one new database
 * migrate once and seed once. The lock is held by a connection (PostgreSQL) or an open file (SQLite), so a process
 * that dies while holding it lets go with it: nothing is left to clear by hand.
 */

/** the first of the two keys of the provider's PostgreSQL advisory lock ("WWPS"); the second names the schema */
const ADVISORY_KEY = 0x57575053;
/** SQLite: how often a process waiting for the lock tries again */
const SQLITE_RETRY_MS = 50;

/** The file beside a SQLite database that the start-up lock is taken on. */
export const startupLockFile = (sqliteFile: string) => `${sqliteFile}.startup-lock`;

/**
 * Runs `fn` while this process holds the database's start-up lock; other processes wait for it.
 * PostgreSQL: `pg_advisory_lock` on a connection of its own (per schema: tests give each file one). SQLite: an
 * exclusive transaction on a small lock file beside the database (the database's own write lock would shut out this
 * process's own connection); a waiting process tries again every 50 ms, so its event loop stays free.
 */
export async function withStartupLock<T>(db: Knex, fn: () => Promise<T>): Promise<T> {
  if (isPostgres(db)) {
    const connection = (await db.client.acquireConnection()) as {
      query(sql: string, values: unknown[]): Promise<unknown>;
    };
    const key = "select $1::int, hashtext(coalesce(current_schema(), ''))";
    try {
      await connection.query(`select pg_advisory_lock(k.a, k.b) from (${key}) as k(a, b)`, [ADVISORY_KEY]);
      try {
        return await fn();
      } finally {
        await connection.query(`select pg_advisory_unlock(k.a, k.b) from (${key}) as k(a, b)`, [ADVISORY_KEY]);
      }
    } finally {
      await db.client.releaseConnection(connection);
    }
  }
  const file = sqliteFileOf(db);
  if (!file) return fn();
  const lock = new Database(startupLockFile(file), { timeout: 0 });
  try {
    for (;;) {
      try {
        lock.exec("begin exclusive");
        break;
      } catch (error: any) {
        if (error?.code !== "SQLITE_BUSY") throw error;
        await sleep(SQLITE_RETRY_MS);
      }
    }
    try {
      return await fn();
    } finally {
      lock.exec("rollback");
    }
  } finally {
    lock.close();
  }
}

/** A database is "empty" until it has a customer; only then does the first start seed it. */
async function seedIfEmpty(db: Knex, scale: SeedScale, log: (m: string) => void): Promise<boolean> {
  const row = await db("customers").count({ n: "*" }).first();
  if (Number(row?.n ?? 0) > 0) return false;
  log(`provider: empty database, seeding (${scale})…`);
  await seed(db, { scale, log });
  await resetSequences(db);
  await analyze(db, true);
  return true;
}

/**
 * What every start does before it serves: under the start-up lock, the migrations, then (when asked) the demo seed
 * when the database has no customer; outside it, fresh planner statistics. Answers whether this process seeded.
 */
export async function prepareDatabase(
  db: Knex,
  opts: { seedWhenEmpty: boolean; scale?: SeedScale; log: (m: string) => void },
): Promise<boolean> {
  const seeded = await withStartupLock(db, async () => {
    await migrate(db);
    return opts.seedWhenEmpty && (await seedIfEmpty(db, opts.scale ?? "demo", opts.log));
  });
  if (!seeded) await analyze(db);
  return seeded;
}
