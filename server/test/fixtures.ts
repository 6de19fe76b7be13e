import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { Knex } from "knex";
import { backgroundWorkOf } from "../services/background";
import { createProviderApp, type ProviderAppOptions } from "../app";
import { afterAll, beforeAll } from "vitest";
import { createDb, migrate } from "../db/knex";
import { insertFixtures, passwordHash, PASSWORD } from "./fixture-rows";
import { testDatabase } from "./test-database";

export {
  ALL_STOCK,
  APEX,
  BO_BANDB,
  FREE_CARRIAGE,
  HARBOUR,
  hiVisBasketItem,
  hiVisOrderLine,
  NORTHWIND,
  PASSWORD,
} from "./fixture-rows";

/**
 * A provider for one test file: its own temp SQLite file, or — in the provider-postgres project — its own
 * PostgreSQL schema (dropped in close()). Small hand-made data (./fixture-rows.ts), independent of the demo seed.
 */

export interface Clock {
  now: Date;
  advance(ms: number): void;
}

export interface TestProvider {
  db: Knex;
  url: string;
  clock: Clock;
  login(email: string, password?: string): Promise<string>;
  api(
    method: string,
    pathAndQuery: string,
    opts?: { token?: string; body?: unknown; headers?: Record<string, string> },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** Another connection (pool) to the same database, as a second provider process would have; destroy it after. */
  openDb(): Knex;
  close(): Promise<void>;
}

export type TestProviderOptions = Pick<
  ProviderAppOptions,
  "sessionIdleMinutes" | "sessionMaxHours" | "backgroundWork" | "erpFeedDir" | "mail" | "portalUrl"
>;

export async function startTestProvider(opts: TestProviderOptions = {}): Promise<TestProvider> {
  const target = testDatabase();
  let db: Knex;
  let openDb: () => Knex;
  let cleanup: () => Promise<void>;
  if (target.kind === "postgres") {
    const pgUrl = target.url;
    const schema = `t_${randomBytes(6).toString("hex")}`;
    const admin = createDb({ databaseUrl: pgUrl });
    await admin.raw(`create schema "${schema}"`);
    await admin.destroy();
    openDb = () => createDb({ databaseUrl: pgUrl, searchPath: schema });
    db = openDb();
    cleanup = async () => {
      await db.raw(`drop schema "${schema}" cascade`);
      await db.destroy();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "provider-test-"));
    openDb = () => createDb({ sqliteFile: path.join(dir, "provider.sqlite") });
    db = openDb();
    cleanup = async () => {
      await db.destroy();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  await migrate(db);
  await insertFixtures(db);

  const clock: Clock = {
    now: new Date("2026-11-21T09:00:00.000Z"),
    advance(ms) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  const app = createProviderApp({ db, now: () => clock.now, log: () => {}, ...opts });
  const server: Server = await app.listen(0);
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  async function api(
    method: string,
    pathAndQuery: string,
    o: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { accept: "application/json", ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(url + pathAndQuery, {
      method,
      headers,
      body: o.body === undefined ? undefined : typeof o.body === "string" ? o.body : JSON.stringify(o.body),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* leave as text */
    }
    return { status: res.status, body, headers: res.headers };
  }

  return {
    db,
    url,
    clock,
    api,
    openDb,
    async login(email, password = PASSWORD) {
      const res = await api("POST", "/api/authentication", { body: { strategy: "local", email, password } });
      if (res.status !== 201) throw new Error(`login ${email}: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body.accessToken as string;
    },
    async close() {
      // the queues stop first and are waited for: a query of theirs must not meet the dropped schema (a deadlock)
      await backgroundWorkOf(app)?.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await cleanup();
    },
  };
}

/** Who a file logs in before its tests: an e-mail, or an e-mail and the contact (business unit) it then selects. */
export type LogIn = string | { email: string; contactId: number };

/**
 * The provider-test preamble once: registers the file's beforeAll (start the provider, log each user in — in the
 * order given — and select their business unit) and afterAll (close). `p` and `tokens` are filled by the time the
 * file's own hooks and tests run; a file's own beforeAll, registered after this call, runs after it.
 */
export function useProvider<K extends string = never>(
  logIns: Record<K, LogIn> = {} as Record<K, LogIn>,
  options: TestProviderOptions | (() => TestProviderOptions) = {},
): { p: TestProvider; tokens: Record<K, string> } {
  let started: TestProvider | undefined;
  const current = (): TestProvider => {
    if (!started) throw new Error("useProvider: the provider is used before its beforeAll has run");
    return started;
  };
  const p: TestProvider = {
    get db() {
      return current().db;
    },
    get url() {
      return current().url;
    },
    get clock() {
      return current().clock;
    },
    login: (email, password) => current().login(email, password),
    api: (method, pathAndQuery, opts) => current().api(method, pathAndQuery, opts),
    openDb: () => current().openDb(),
    close: () => current().close(),
  };
  const tokens = {} as Record<K, string>;
  beforeAll(async () => {
    started = await startTestProvider(typeof options === "function" ? options() : options);
    for (const [name, who] of Object.entries(logIns) as Array<[K, LogIn]>) {
      const token = await started.login(typeof who === "string" ? who : who.email);
      if (typeof who !== "string") {
        const res = await started.api("POST", "/api/select-customer", {
          token,
          body: { contactId: String(who.contactId) },
        });
        if (res.status !== 201) throw new Error(`select-customer ${who.contactId}: ${res.status}`);
      }
      tokens[name] = token;
    }
  });
  afterAll(async () => started?.close());
  return { p, tokens };
}

export interface NewUser {
  userId: number;
  email: string;
  /** The user's contact in each business unit, in the order of `units`. */
  contactIds: number[];
}

const idOfInsert = (row: unknown): number =>
  Number(typeof row === "object" && row !== null ? (row as { id: number }).id : row);

/**
 * A new user (password PASSWORD) with exactly the given permissions and settings in each business unit
 * (a new contact per unit); an evolve user when `evolve` is set (then usually no units).
 */
export async function addUser(
  db: Knex,
  email: string,
  units: Array<{ customerId: number; permissions: string[]; isApprover?: boolean; needsApproval?: boolean }>,
  opts: { evolve?: boolean } = {},
): Promise<NewUser> {
  const [user] = await db("users")
    .insert({
      email,
      password_hash: await passwordHash(),
      first_name: "Test",
      last_name: email.split("@")[0],
      created_at: "2026-01-01T00:00:00.000Z",
      is_evolve_user: !!opts.evolve,
    })
    .returning("id");
  const userId = idOfInsert(user);
  const contactIds: number[] = [];
  for (const u of units) {
    const [contact] = await db("contacts")
      .insert({ customer_id: u.customerId, first_name: "Test", last_name: email.split("@")[0], email })
      .returning("id");
    const contactId = idOfInsert(contact);
    contactIds.push(contactId);
    await db("user_customers").insert({
      user_id: userId,
      customer_id: u.customerId,
      contact_id: contactId,
      permissions_json: JSON.stringify(u.permissions),
      is_approver: !!u.isApprover,
      needs_approval: !!u.needsApproval,
    });
  }
  return { userId, email, contactIds };
}
