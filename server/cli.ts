import { bumpChangeGeneration } from "./changes";
import fs from "node:fs";
import { parseProviderConfig, parseRole, type ProviderConfig } from "./config";
import { analyze, createDb, migrate, resetSequences, rollbackAll } from "./db/knex";
import { seed, type SeedScale } from "./db/seed/index";
import { findDuplicateCodes, REPAIR_COMMAND } from "./db/duplicate-codes";
import { mergeDuplicateCodes } from "./services/merge-duplicate-codes";
import { prepareDatabase } from "./startup";
import { runProvider } from "./main";
import { switchMaintenance } from "./services/admin-maintenance";

// what a command prints for the person who ran it (not a log: decision 144)
const say = (text: string): void => void process.stdout.write(`${text}\n`);

const USAGE = `usage: npm run provider -- [command]
  start [--role api|worker|all]  start the provider (default; the role also from PROVIDER_ROLE, default all):
                                 api serves the API and runs no background work, worker runs the report and ERP
                                 queues and serves only its health, all does both; the README lists the variables
  migrate                        run the migrations
  seed [--scale large] [--file path]   rebuild the database: drop, migrate, seed
  maintenance on|off [message]   switch maintenance mode (with the message users see); prints the bypass token
  outbox [n]                     print the n latest e-mails (default 10)
  item withdraw|restore <code>   take a product (by product code) out of the catalogue, or put it back
  items duplicates [--merge]     list item codes (products' or variants') that more than one row has; --merge keeps
                                 each code's oldest row, moves what points at the others to it, deletes them (one
                                 transaction), then runs the migrations (020 makes codes unique)`;

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  if (i === -1) return undefined;
  const value = args[i + 1];
  if (!value || value.startsWith("--")) throw new Error(`${name} needs a value\n${USAGE}`);
  return value;
}

function openDb(config: ProviderConfig, file?: string) {
  return createDb({ databaseUrl: file ? undefined : config.databaseUrl, sqliteFile: file ?? config.sqliteFile });
}

async function rebuild(config: ProviderConfig, args: string[]): Promise<void> {
  const scale = (flag(args, "--scale") ?? "demo") as SeedScale;
  if (scale !== "demo" && scale !== "large") throw new Error(`--scale must be demo or large\n${USAGE}`);
  const file = flag(args, "--file");
  const usingPg = !file && !!config.databaseUrl;
  const sqliteFile = file ?? config.sqliteFile;
  if (!usingPg) for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(sqliteFile + suffix, { force: true });
  const db = openDb(config, file);
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

async function withDatabase(config: ProviderConfig, fn: (db: ReturnType<typeof createDb>) => Promise<void>) {
  const db = openDb(config);
  try {
    // under the start-up lock, as a provider starting meanwhile migrates (decision 153)
    await prepareDatabase(db, { seedWhenEmpty: false, log: say });
    await fn(db);
    // what a command wrote reaches every portal process as any write does (decision 157)
    await bumpChangeGeneration(db);
  } finally {
    await db.destroy();
  }
}

async function itemDuplicates(db: ReturnType<typeof createDb>, merge: boolean): Promise<void> {
  if (!merge) {
    const duplicates = await findDuplicateCodes(db);
    if (!duplicates.length) return say("no item code names more than one row");
    for (const d of duplicates) say(`${d.code}: items ${d.ids.join(", ")} (the first, the oldest, would be kept)`);
    return say(`${duplicates.length} duplicate code(s); merge them with \`${REPAIR_COMMAND}\``);
  }
  const reports = await mergeDuplicateCodes(db);
  if (!reports.length) return say("no item code names more than one row: nothing to merge");
  for (const r of reports) {
    const moved = Object.entries(r.moved).map(([label, n]) => `${n} ${label}`);
    say(
      `${r.code}: kept item ${r.kept}, deleted ${r.removed.join(", ")}; moved to it: ${moved.length ? moved.join(", ") : "nothing"}`,
    );
  }
  say(`merged ${reports.length} duplicate code(s) in one transaction`);
}

async function main(args: string[]): Promise<void> {
  const [command = "start", ...rest] = args;
  if (command === "help" || command === "--help") return say(USAGE);
  // the one read of the environment: a bad value stops every command here, naming it (decision 152)
  const config = parseProviderConfig(process.env);
  const withDb = (fn: (db: ReturnType<typeof createDb>) => Promise<void>) => withDatabase(config, fn);
  switch (command) {
    case "start": {
      const role = flag(rest, "--role");
      const unknown = rest.filter((arg, i) => !(arg === "--role" || rest[i - 1] === "--role"));
      if (unknown.length) throw new Error(`start takes only --role (got '${unknown[0]}')\n${USAGE}`);
      return runProvider(role === undefined ? config : { ...config, role: parseRole(role) });
    }
    case "migrate":
      return withDb(async () => say("migrations are up to date"));
    case "seed":
      return rebuild(config, rest);
    case "maintenance": {
      const mode = rest[0];
      if (mode !== "on" && mode !== "off") throw new Error(`maintenance needs on or off\n${USAGE}`);
      return withDb(async (db) => {
        const message = rest.slice(1).join(" ").trim();
        // audited as the admin area's switch is, with no admin: an operator's shell (decision 151)
        const status = await switchMaintenance(db, new Date(), {
          enabled: mode === "on",
          message: message || undefined,
          adminUserId: null,
          via: "CLI",
        });
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
          say(
            `--- #${r.id} ${r.created_at} to ${r.to_email} [${r.kind}] ${r.status}${r.attempts ? ` after ${r.attempts} ${r.attempts === 1 ? "try" : "tries"}` : ""}${r.last_error ? ` (${r.last_error})` : ""}\nSubject: ${r.subject}\n\n${r.body}\n`,
          );
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
    case "items": {
      const [what, ...more] = rest;
      const merge = more.length === 1 && more[0] === "--merge";
      if (what !== "duplicates" || (more.length && !merge))
        throw new Error(`items takes duplicates, and --merge to merge them\n${USAGE}`);
      // not under the migrations: migration 020 stops while duplicates exist, and this is how they go
      const db = openDb(config);
      try {
        await itemDuplicates(db, merge);
        if (merge) {
          await prepareDatabase(db, { seedWhenEmpty: false, log: say });
          await bumpChangeGeneration(db); // the merged catalogue reaches every portal process (decision 157)
          say("migrations are up to date");
        }
      } finally {
        await db.destroy();
      }
      return;
    }
    default:
      throw new Error(`unknown command '${command}'\n${USAGE}`);
  }
}

main(process.argv.slice(2)).catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
