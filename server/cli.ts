import fs from "node:fs";
import { analyze, createDb, DEFAULT_SQLITE_FILE, migrate, resetSequences, rollbackAll } from "./db/knex";
import { seed, type SeedScale } from "./db/seed/index";
import { envOptions, runFromEnv } from "./main";
import { setMaintenance } from "./services/session";

// what a command prints for the person who ran it (not a log: decision 144)
const say = (text: string): void => void process.stdout.write(`${text}\n`);

const USAGE = `usage: npm run provider -- [command]
  start                          start the provider API (default; PROVIDER_PORT, PROVIDER_HOST (127.0.0.1),
                                 PROVIDER_TRUSTED_PROXIES, DATABASE_URL, PROVIDER_DB_FILE)
  migrate                        run the migrations
  seed [--scale large] [--file path]   rebuild the database: drop, migrate, seed
  maintenance on|off             switch maintenance mode; prints the bypass token
  outbox [n]                     print the n latest e-mails (default 10)
  item withdraw|restore <code>   take a product (by product code) out of the catalogue, or put it back`;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith("--")) throw new Error(`${name} needs a value\n${USAGE}`);
  return value;
}

function openDb(file?: string) {
  const env = envOptions();
  return createDb({ databaseUrl: file ? undefined : env.databaseUrl, sqliteFile: file ?? env.sqliteFile });
}

async function rebuild(args: string[]): Promise<void> {
  const scale = (flag(args, "--scale") ?? "demo") as SeedScale;
  if (scale !== "demo" && scale !== "large") throw new Error(`--scale must be demo or large\n${USAGE}`);
  const file = flag(args, "--file");
  const env = envOptions();
  const usingPg = !file && !!env.databaseUrl;
  const sqliteFile = file ?? env.sqliteFile ?? DEFAULT_SQLITE_FILE;
  if (!usingPg) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(sqliteFile + suffix, { force: true });
  const db = openDb(file);
  try {
    if (usingPg) await rollbackAll(db);
    await migrate(db);
    const started = Date.now();
    await seed(db, { scale, log: say });
    await resetSequences(db);
    await analyze(db, true);
    say(`seeded (${scale}) ${usingPg ? "PostgreSQL" : sqliteFile} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    await db.destroy();
  }
}

async function withDb(fn: (db: ReturnType<typeof createDb>) => Promise<void>) {
  const db = openDb();
  try {
    await migrate(db);
    await fn(db);
  } finally {
    await db.destroy();
  }
}

async function main(args: string[]): Promise<void> {
  const [command = "start", ...rest] = args;
  switch (command) {
    case "start":
      return runFromEnv();
    case "migrate":
      return withDb(async () => say("migrations are up to date"));
    case "seed":
      return rebuild(rest);
    case "maintenance": {
      const mode = rest[0];
      if (mode !== "on" && mode !== "off") throw new Error(`maintenance needs on or off\n${USAGE}`);
      return withDb(async (db) => {
        const status = await setMaintenance(db, mode === "on");
        say(`maintenance ${status.isMaintenanceEnabled ? "ON" : "OFF"}; bypass token: ${status.bypassToken}`);
        say(`bypass URL: /?bypass=${status.bypassToken}`);
      });
    }
    case "outbox": {
      const n = Number(rest[0] ?? 10);
      if (!Number.isInteger(n) || n < 1) throw new Error(`outbox takes a positive count\n${USAGE}`);
      return withDb(async (db) => {
        const rows = await db("outbox").orderBy("id", "desc").limit(n);
        if (!rows.length) say("(no e-mails)");
        for (const r of rows.reverse())
          say(`--- #${r.id} ${r.created_at} to ${r.to_email} [${r.kind}]\nSubject: ${r.subject}\n\n${r.body}\n`);
      });
    }
    case "item": {
      const [action, code] = rest;
      if ((action !== "withdraw" && action !== "restore") || !code)
        throw new Error(`item needs withdraw or restore and a product code\n${USAGE}`);
      return withDb(async (db) => {
        const changed = await db("items")
          .where("item_code", code)
          .update({ is_inactive: action === "withdraw" });
        if (!changed) throw new Error(`no product has the code ${code}`);
        say(`${code}: ${action === "withdraw" ? "withdrawn from" : "back in"} the catalogue`);
      });
    }
    case "help":
    case "--help":
      say(USAGE);
      return;
    default:
      throw new Error(`unknown command '${command}'\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
