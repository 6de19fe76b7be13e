import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { test as base, expect, type BrowserContext } from "@playwright/test";
import Database from "better-sqlite3";
import { E2E_DB_FILE, E2E_PORTAL_PORT, E2E_PROVIDER_PORT, E2E_SESSION_SECRET } from "../../playwright.config";

process.env.SESSION_SECRETS = E2E_SESSION_SECRET;
process.env.UPSTREAM_URL = `http://127.0.0.1:${E2E_PROVIDER_PORT}`;
process.env.SECURE_COOKIES = "false";

export const PASSWORD = "workwear-demo";
export const DEMO = {
  buyer: "buyer@demo.test",
  requester: "requester@demo.test",
  approver: "approver@demo.test",
  manpack: "manpack@demo.test",
  punchout: "punchout@demo.test",
  browse: "browse@demo.test",
  admin: "admin@demo.test",
} as const;
export type DemoUser = keyof typeof DEMO;

const PROVIDER = `http://127.0.0.1:${E2E_PROVIDER_PORT}/api`;

export async function providerCall<T>(path: string, init: RequestInit & { token?: string }): Promise<T> {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const response = await fetch(`${PROVIDER}${path}`, { ...init, headers });
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${path} → ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

type UnitAnswer = {
  selectedCustomer: { internalId: string; contactId: string; name: string } | null;
  customers: Array<{ internalId: string; contactId: string; name: string }>;
};

/**
 * Logs in without the login form: a provider token, then the portal's own session cookie, encrypted by the portal's
 * own code (session.server, decision 006) under the e2e secret, so specs that are not about logging in start on their
 * page at once. The e2e portal runs on plain HTTP, so the cookie is `__portal_session` (not `__Host-`).
 */
export async function logInByCookie(
  context: BrowserContext,
  who: DemoUser | { email: string },
  unitName?: string,
): Promise<void> {
  const accessToken = await providerToken(typeof who === "string" ? DEMO[who] : who.email);
  let session = await providerCall<UnitAnswer>("/session", { token: accessToken });
  const wanted = unitName
    ? session.customers.find((c) => c.name === unitName)
    : (session.selectedCustomer ?? session.customers[0]);
  if (wanted && session.selectedCustomer?.contactId !== wanted.contactId) {
    session = await providerCall<UnitAnswer>("/select-customer", {
      method: "POST",
      token: accessToken,
      body: JSON.stringify({ contactId: wanted.contactId }),
    });
  }
  const { commitSession, getSession } = await import("../../app/session/session.server");
  const portalSession = await getSession(new Request(`http://localhost:${E2E_PORTAL_PORT}/`));
  portalSession.set("token", accessToken);
  if (session.selectedCustomer) {
    portalSession.set("customerId", session.selectedCustomer.internalId);
    portalSession.set("contactId", session.selectedCustomer.contactId);
  }
  const [pair] = (await commitSession(portalSession)).split(";");
  const [name, ...value] = pair.split("=");
  await context.addCookies([
    { name, value: value.join("="), domain: "localhost", path: "/", httpOnly: true, sameSite: "Lax" },
  ]);
}

export async function providerToken(email: string, password = PASSWORD): Promise<string> {
  const { accessToken } = await providerCall<{ accessToken: string }>("/authentication", {
    method: "POST",
    body: JSON.stringify({ strategy: "local", email, password }),
  });
  return accessToken;
}

/** The newest e-mail of a kind the provider "sent" to an address, read as provider staff from its outbox. */
export async function latestEmail(
  to: string,
  kind: "reset" | "invitation",
): Promise<{ subject: string; body: string }> {
  const token = await providerToken(DEMO.admin);
  const list = await providerCall<{ data: Array<{ to: string; kind: string; subject: string; body: string }> }>(
    `/outbox?to=${encodeURIComponent(to)}&kind=${kind}&$limit=1`,
    { token },
  );
  if (!list.data[0]) throw new Error(`no ${kind} e-mail to ${to}`);
  return list.data[0];
}

/** The portal path of the first link in an e-mail body (the provider knows the portal by another address). */
export function linkPath(body: string): string {
  const url = body.match(/https?:\/\/\S+/)?.[0];
  if (!url) throw new Error(`no link in: ${body}`);
  const parsed = new URL(url);
  return parsed.pathname + parsed.search;
}

const run = promisify(execFile);

/** The provider's own CLI, on the e2e database, as an operator would use it. */
export async function providerCli(...args: string[]): Promise<string> {
  const { stdout } = await run("npx", ["tsx", "server/cli.ts", ...args], {
    env: { ...process.env, PROVIDER_DB_FILE: E2E_DB_FILE },
  });
  return stdout;
}

/**
 * Marks a provider session as a punchout session, in the e2e database. Log-in can no longer start one (issue 11):
 * only the punchout set-up may (issue 16). Until it exists, this stands in for a buyer's procurement system.
 */
export function markPunchoutSession(token: string, punchoutSession: string): void {
  const db = new Database(E2E_DB_FILE);
  try {
    db.pragma("busy_timeout = 5000");
    const hash = createHash("sha256").update(token).digest("hex");
    const changed = db
      .prepare("UPDATE auth_sessions SET punchout_session = ? WHERE token_hash = ?")
      .run(punchoutSession, hash).changes;
    if (changed !== 1) throw new Error("no provider session for that token");
  } finally {
    db.close();
  }
}

/**
 * Marks the newest e-mail of a kind to an address as failed after its 8 tries, with the mail server's answer, in the
 * e2e database: a stand-in for a relay that gave up (the e2e provider runs without SMTP_URL, so it sends nothing).
 * Answers the e-mail's id.
 */
export function markEmailFailed(to: string, kind: string, answer: string): string {
  const db = new Database(E2E_DB_FILE);
  try {
    db.pragma("busy_timeout = 5000");
    const row = db
      .prepare("SELECT id FROM outbox WHERE to_email = ? AND kind = ? ORDER BY id DESC LIMIT 1")
      .get(to, kind) as { id: number } | undefined;
    if (!row) throw new Error(`no ${kind} e-mail to ${to}`);
    db.prepare(
      "UPDATE outbox SET status = 'failed', attempts = 8, last_error = ?, failed_at = ?, next_attempt_at = NULL WHERE id = ?",
    ).run(answer, new Date().toISOString(), row.id);
    return String(row.id);
  } finally {
    db.close();
  }
}

export const test = base.extend<{ logInAs: (who: DemoUser | { email: string }, unitName?: string) => Promise<void> }>({
  logInAs: async ({ context }, use) => {
    await use((who, unitName) => logInByCookie(context, who, unitName));
  },
});

export { expect };

/**
 * A new colleague of buyer@demo.test in a business unit, through the provider's invitation API (invite, read the
 * e-mail, accept): a user of their own whose basket no other test touches. Permissions as given, inviter's at most.
 */
export async function newColleague(
  unitName: string,
  label: string,
  permissions = ["canViewFullCatalogue", "viewOrderHistory"],
  options: { needsApproval?: boolean } = {},
): Promise<{ email: string }> {
  const email = `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@northwind.example`;
  const buyer = await providerToken(DEMO.buyer);
  const units = await providerCall<UnitAnswer>("/session", { token: buyer });
  const unit = units.customers.find((c) => c.name === unitName);
  if (!unit) throw new Error(`buyer has no unit ${unitName}`);
  await providerCall("/select-customer", {
    method: "POST",
    token: buyer,
    body: JSON.stringify({ contactId: unit.contactId }),
  });
  await providerCall("/invitation", {
    method: "POST",
    token: buyer,
    body: JSON.stringify({ email, firstName: "Test", lastName: label, permissions, ...options }),
  });
  const token = new URL(`http://x${linkPath((await latestEmail(email, "invitation")).body)}`).searchParams.get("token");
  await providerCall("/accept-invitation", { method: "POST", body: JSON.stringify({ token, password: PASSWORD }) });
  return { email };
}
