// `npm start`: the provider API (unless UPSTREAM_URL points elsewhere) in this process, and the portal in one
// worker process per core in production (PORTAL_WORKERS overrides; one, in this process, in development and when
// started without --worker-per-core, as the e2e suite does): decision 043.
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { getEnv, parseEnv } from "../app/env.server";
import { logger } from "../app/http/log.server";
import { startPortal } from "../app/http/portal-server";
import { catchUp, startChangeFeed } from "../app/upstream/change-feed.server";
import { providerReadiness } from "../app/upstream/readiness.server";
import { PER_CORE_FLAG, portalWorkerCount, serveOnWorkers } from "./portal-workers";

const DEMO_ACCOUNTS: ReadonlyArray<[email: string, what: string]> = [
  ["buyer@demo.test", "every stock and manpack permission; Northwind Facilities and Harbour Health Trust"],
  ["requester@demo.test", "Northwind Facilities; orders need approval"],
  ["approver@demo.test", "Northwind Facilities; approves requester's orders"],
  ["manpack@demo.test", "Harbour Health Trust; wearer packs only"],
  ["punchout@demo.test", "Apex Rail Services; punchout only"],
  ["browse@demo.test", "Northwind Facilities; browse only"],
  ["prices-hidden@demo.test", "Northwind Facilities and Harbour Health Trust; prices hidden"],
  ["admin@demo.test", "provider staff (admin area)"],
];

// `npm run dev` (--dev): the app from Vite's development server, which rebuilds and reloads the page as files change
const DEV = process.argv.includes("--dev");
// `npm start` serves the built app; on a laptop that is plain http://localhost, so no Secure cookies there
if (DEV) process.env.NODE_ENV = "development";
process.env.NODE_ENV ??= "production";
process.env.SECURE_COOKIES ??= "false";
// A local demo needs no configuration: a random secret is made once and kept beside the demo database.
// A real deployment sets SESSION_SECRETS (and SECURE_COOKIES=true) itself.
if (!process.env.SESSION_SECRETS && process.env.SECURE_COOKIES === "false") {
  const file = "data/session-secret";
  if (!existsSync(file)) {
    mkdirSync("data", { recursive: true });
    writeFileSync(file, randomBytes(32).toString("hex"), { mode: 0o600 });
  }
  process.env.SESSION_SECRETS = readFileSync(file, "utf8").trim();
}

async function main() {
  const { PORT } = parseEnv(process.env); // a bad configuration stops start-up before anything starts
  const workers = portalWorkerCount(process.env, { perCore: process.argv.includes(PER_CORE_FLAG) });
  const closers: Array<() => Promise<void>> = [];

  // a worker inherits UPSTREAM_URL, SESSION_SECRETS and PORTAL_URL from the primary, which owns the provider
  if (cluster.isPrimary && !process.env.UPSTREAM_URL) {
    const [{ startProvider }, { parseProviderConfig }] = await Promise.all([
      import("../server/main"),
      import("../server/config"),
    ]);
    // links in the provider's e-mails point at this portal
    process.env.PORTAL_URL ??= `http://localhost:${PORT}`;
    // on 127.0.0.1 unless PROVIDER_HOST says otherwise: the bundled provider is there for this portal only
    const provider = await startProvider({ ...parseProviderConfig(process.env), seedWhenEmpty: true });
    closers.push(() => provider.close());
    process.env.UPSTREAM_URL = provider.url;
    logger().info({ url: `${provider.url}/api` }, "provider API listening");
  }

  const env = getEnv();
  // each worker polls the provider's change generation itself (decision 157)
  const changes = { start: startChangeFeed, catchUp };
  const portal = await serveOnWorkers(workers, () =>
    startPortal({ port: env.PORT, readiness: providerReadiness, changes, dev: DEV }),
  );
  if (!portal) return; // a worker: it serves until the primary stops it
  closers.unshift(() => portal.close());
  logger().info({ url: portal.url, workers }, "portal listening");
  // for the person trying the demo, not a log line (decision 144)
  const accounts = DEMO_ACCOUNTS.map(([email, what]) => `  ${email.padEnd(24)} ${what}`).join("\n");
  process.stdout.write(`\nPortal on ${portal.url}\nDemo accounts (password: workwear-demo):\n${accounts}\n\n`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    for (const close of closers) await close().catch((e) => logger().error({ err: e }, "stopping failed"));
    process.exit(0);
  };
  process.on("SIGINT", () => void stop()); // stop catches each closer's failure itself
  process.on("SIGTERM", () => void stop());
}

main().catch((error) => {
  // before the logger can be trusted: the configuration itself may be what failed
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
