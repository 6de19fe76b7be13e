import { once } from "node:events";
import type { Server } from "node:http";
import { isIP } from "node:net";
import { pathToFileURL } from "node:url";
import type { Knex } from "knex";
import { createProviderApp } from "./app";
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from "./auth/client-address";
import { analyze, createDb, DEFAULT_SQLITE_FILE, migrate, resetSequences } from "./db/knex";
import { seed, type SeedScale } from "./db/seed/index";
import { logger } from "./log";

export interface StartOptions {
  port?: number;
  /** the interface to listen on; 127.0.0.1 unless PROVIDER_HOST says otherwise (the bundled provider serves the portal only) */
  host?: string;
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

export const DEFAULT_HOST = "127.0.0.1";

export async function startProvider(
  opts: StartOptions = {},
): Promise<{ port: number; address: string; url: string; close(): Promise<void> }> {
  const log = opts.log ?? ((m: string) => logger.info(m));
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
  const host = opts.host ?? DEFAULT_HOST;
  const server: Server = await app.listen(opts.port ?? 3030, host);
  if (!server.listening) await once(server, "listening");
  const bound = server.address();
  const port = typeof bound === "object" && bound ? bound.port : (opts.port ?? 3030);
  const address = typeof bound === "object" && bound ? bound.address : host;
  // the portal calls it on loopback when it listens on every interface
  const urlHost =
    address === "0.0.0.0" || address === "::" ? "127.0.0.1" : isIP(address) === 6 ? `[${address}]` : address;
  return {
    port,
    address,
    url: `http://${urlHost}:${port}`,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.destroy();
    },
  };
}

export function envOptions(env: Record<string, string | undefined> = process.env): StartOptions {
  const int = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === "") return fallback;
    if (!/^\d+$/.test(raw)) throw new Error(`${name} must be a whole number (got '${raw}')`);
    return Number(raw);
  };
  const host = env.PROVIDER_HOST || DEFAULT_HOST;
  if (!isIP(host) && !/^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$/.test(host))
    throw new Error(`PROVIDER_HOST must be an IP address or a host name (got '${host}')`);
  parseTrustedProxies(env.PROVIDER_TRUSTED_PROXIES || DEFAULT_TRUSTED_PROXIES); // a bad value stops start-up here
  return {
    port: int("PROVIDER_PORT", 3030),
    host,
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: env.PROVIDER_DB_FILE || DEFAULT_SQLITE_FILE,
    sessionIdleMinutes: int("PROVIDER_SESSION_IDLE_MINUTES", 60),
    sessionMaxHours: int("PROVIDER_SESSION_MAX_HOURS", 12),
  };
}

export async function runFromEnv(): Promise<void> {
  const started = await startProvider(envOptions());
  logger.info({ url: `${started.url}/api` }, "provider API listening");
  const stop = async () => {
    await started.close();
    process.exit(0);
  };
  const stopOrFail = () =>
    stop().catch((error) => {
      logger.error({ err: error }, "stopping the provider failed");
      process.exit(1);
    });
  process.once("SIGINT", () => void stopOrFail());
  process.once("SIGTERM", () => void stopOrFail());
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runFromEnv().catch((error) => {
    logger.fatal({ err: error }, error instanceof Error ? error.message : String(error));
    process.exit(1);
  });
}
