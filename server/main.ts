import type { Server } from "node:http";
import { pathToFileURL } from "node:url";
import type { Knex } from "knex";
import { createProviderApp } from "./app";
import { analyze, createDb, DEFAULT_SQLITE_FILE, migrate, resetSequences } from "./db/knex";
import { seed, type SeedScale } from "./db/seed/index";

export interface StartOptions {
  port?: number;
  databaseUrl?: string;
  sqliteFile?: string;
  seedWhenEmpty?: boolean;
  scale?: SeedScale;
  sessionIdleMinutes?: number;
  sessionMaxHours?: number;
  log?: (message: string) => void;
}

/** A database is "empty" until it has a customer; only then does the first start seed it. */
export async function seedIfEmpty(db: Knex, scale: SeedScale, log: (m: string) => void): Promise<boolean> {
  const row = await db("customers").count({ n: "*" }).first();
  if (Number(row?.n ?? 0) > 0) return false;
  log(`provider: empty database, seeding (${scale})…`);
  await seed(db, { scale, log });
  await resetSequences(db);
  await analyze(db, true);
  return true;
}

export async function startProvider(opts: StartOptions = {}): Promise<{ port: number; url: string; close(): Promise<void> }> {
  const log = opts.log ?? ((m: string) => console.log(m));
  const db = createDb({ databaseUrl: opts.databaseUrl, sqliteFile: opts.sqliteFile });
  try {
    await migrate(db);
    if (!((opts.seedWhenEmpty ?? true) && (await seedIfEmpty(db, opts.scale ?? "demo", log)))) await analyze(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  const app = createProviderApp({
    db,
    sessionIdleMinutes: opts.sessionIdleMinutes,
    sessionMaxHours: opts.sessionMaxHours,
  });
  const server: Server = await app.listen(opts.port ?? 3030);
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : (opts.port ?? 3030);
  return {
    port,
    url: `http://127.0.0.1:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}

export function envOptions(env = process.env): StartOptions {
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number (got '${raw}')`);
    return Number(raw);
  };
  return {
    port: int("PROVIDER_PORT", 3030),
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: env.PROVIDER_DB_FILE || DEFAULT_SQLITE_FILE,
    sessionIdleMinutes: int("PROVIDER_SESSION_IDLE_MINUTES", 60),
    sessionMaxHours: int("PROVIDER_SESSION_MAX_HOURS", 12),
  };
}

export async function runFromEnv(): Promise<void> {
  const started = await startProvider(envOptions());
  console.log(`provider API listening on ${started.url}/api`);
  const stop = async () => {
    await started.close();
    process.exit(0);
  };
  process.once("SIGINT", stop);
  process.once("SIGTERM", stop);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runFromEnv().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
