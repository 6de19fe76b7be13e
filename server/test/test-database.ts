/**
 * Which database this run of the provider tests is on. vite.config.ts runs the server tests as two vitest projects:
 * `provider-sqlite` always, and `provider-postgres` when TEST_DATABASE_URL names a PostgreSQL database; each sets
 * PROVIDER_TEST_DB for its workers. A check that only one database can make is `it.runIf(onSqlite)` (or onPostgres),
 * so the other run reports it as skipped.
 */
export type TestDatabase = { kind: "sqlite" } | { kind: "postgres"; url: string };

export function testDatabase(env: NodeJS.ProcessEnv = process.env): TestDatabase {
  if (env.PROVIDER_TEST_DB !== "postgres") return { kind: "sqlite" };
  if (!env.TEST_DATABASE_URL) throw new Error("PROVIDER_TEST_DB=postgres needs TEST_DATABASE_URL");
  return { kind: "postgres", url: env.TEST_DATABASE_URL };
}

export const onSqlite = testDatabase().kind === "sqlite";
export const onPostgres = !onSqlite;
