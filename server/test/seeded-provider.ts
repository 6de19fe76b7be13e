import { randomBytes } from "node:crypto";
import type { Server } from "node:http";
import type { Knex } from "knex";
import { backgroundWorkOf } from "../services/background";
import { createProviderApp } from "../app";
import { createDb, migrate } from "../db/knex";
import { seed } from "../db/seed";
import { DEMO_PASSWORD } from "../db/seed/organisations";
import { testDatabase } from "./test-database";

/**
 * A provider over the demo seed (not the test fixtures), for tests of what the seed itself promises: SQLite in
 * memory, or a fresh schema of TEST_DATABASE_URL's PostgreSQL database in the provider-postgres project.
 */
export interface SeededProvider {
  db: Knex;
  url: string;
  login(email: string): Promise<string>;
  fetch(pathname: string, token?: string): Promise<Response>;
  close(): Promise<void>;
}

export async function startSeededProvider(): Promise<SeededProvider> {
  // PostgreSQL: a schema of its own, made through the same pool (its search_path names the schema before it exists)
  const target = testDatabase();
  const pgUrl = target.kind === "postgres" ? target.url : null;
  const schema = pgUrl ? `t_${randomBytes(6).toString("hex")}` : null;
  const db: Knex = pgUrl ? createDb({ databaseUrl: pgUrl, searchPath: schema! }) : createDb({ sqliteFile: ":memory:" });
  if (schema) await db.raw(`create schema "${schema}"`);
  const cleanup = async () => {
    if (schema) await db.raw(`drop schema "${schema}" cascade`);
    await db.destroy();
  };
  await migrate(db);
  await seed(db, { scale: "demo" });
  const app = createProviderApp({ db, log: () => {} });
  const server: Server = await app.listen(0);
  const address = server.address();
  const url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  const fetchAt = (pathname: string, token?: string) =>
    fetch(url + pathname, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return {
    db,
    url,
    fetch: fetchAt,
    async login(email) {
      const res = await fetch(`${url}/api/authentication`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ strategy: "local", email, password: DEMO_PASSWORD }),
      });
      if (res.status !== 201) throw new Error(`login ${email}: ${res.status}`);
      return ((await res.json()) as { accessToken: string }).accessToken;
    },
    async close() {
      // the queues stop first and are waited for: a query of theirs must not meet the dropped schema (a deadlock)
      await backgroundWorkOf(app)?.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await cleanup();
    },
  };
}
