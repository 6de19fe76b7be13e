import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_TRUSTED_PROXIES, parseTrustedProxies } from "./auth/client-address";
import { DEFAULT_SQLITE_FILE } from "./db/knex";
import { LOG_LEVELS, METRICS_TOKEN_MIN_LENGTH, type LogLevel } from "../app/domain/operations";
import { mailEnvSchema, type MailConfig } from "./services/mail-config";

/**
 * The provider's configuration (issue 32 item 5, decision 152): every environment variable the provider reads, parsed
 * once at start-up by one schema; a bad value stops start-up with a message naming the variable (as the portal's
 * app/env.server.ts does). Nothing below server/ reads process.env: the parsed values are passed down.
 */

/** What one provider process does (decision 152): `api` serves HTTP only, `worker` runs the queues, `all` both. */
export const PROVIDER_ROLES = ["api", "worker", "all"] as const;
export type ProviderRole = (typeof PROVIDER_ROLES)[number];

export const DEFAULT_HOST = "127.0.0.1";
export const DEFAULT_PORTAL_URL = "http://localhost:3000";
export const DEFAULT_ERP_FEED_DIR = "data/erp-feed";
export const DEFAULT_SHUTDOWN_TIMEOUT_SECONDS = 25;
export const DEFAULT_REPORT_TIMEOUT_SECONDS = 60;

export interface ProviderConfig {
  role: ProviderRole;
  port: number;
  host: string;
  /** postgres://…: PostgreSQL instead of SQLite */
  databaseUrl: string | undefined;
  sqliteFile: string;
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** the portal's address, for the links in e-mails (no trailing slash) */
  portalUrl: string;
  /** PROVIDER_TRUSTED_PROXIES as written (checked here; server/app.ts turns it into its list) */
  trustedProxies: string;
  reportTimeoutMs: number;
  /** the ERP feed's directory, absolute */
  erpFeedDir: string;
  shutdownTimeoutMs: number;
  logLevel: LogLevel;
  metricsToken: string | undefined;
  /** SMTP_URL and MAIL_FROM (their rules: server/services/mail-config.ts) */
  mail: MailConfig;
}

// empty is unset, as a shell's `VAR=` means
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const wholeNumber = (min: number, max: number, fallback: number) =>
  optional(
    z
      .string()
      .regex(/^\d{1,9}$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .refine((n) => n >= min && n <= max, `must be a whole number from ${min} to ${max}`),
  ).transform((n) => n ?? fallback);

/** a URL whose scheme is one of `protocols` ("postgres:"), with its message */
const urlOf = (protocols: RegExp, message: string) =>
  z.string().refine((u) => {
    try {
      return protocols.test(new URL(u).protocol);
    } catch {
      return false;
    }
  }, message);

const HOST_NAME = /^[A-Za-z0-9]([A-Za-z0-9.-]{0,252})$/;

const RETIRED: Record<string, string> = {
  PROVIDER_REPORT_WORKER: "run the process with --role api (or PROVIDER_ROLE=api) for one without background work",
  PROVIDER_ERP_WORKER: "run the process with --role api (or PROVIDER_ROLE=api) for one without background work",
};

const ConfigSchema = z.object({
  PROVIDER_ROLE: optional(
    z.enum(PROVIDER_ROLES, { errorMap: () => ({ message: "must be api, worker or all" }) }),
  ).transform((r) => r ?? "all"),
  PROVIDER_PORT: wholeNumber(0, 65535, 3030),
  PROVIDER_HOST: optional(
    z.string().refine((h) => isIP(h) !== 0 || HOST_NAME.test(h), "must be an IP address or a host name"),
  ).transform((h) => h ?? DEFAULT_HOST),
  PROVIDER_TRUSTED_PROXIES: optional(z.string())
    .transform((s) => s ?? DEFAULT_TRUSTED_PROXIES)
    .superRefine((spec, ctx) => {
      try {
        parseTrustedProxies(spec);
      } catch (error) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: String((error as Error).message).replace(/^PROVIDER_TRUSTED_PROXIES: /, ""),
        });
      }
    }),
  DATABASE_URL: optional(urlOf(/^postgres(ql)?:$/, "must be a postgres:// URL")),
  PROVIDER_DB_FILE: optional(z.string()).transform((f) => f ?? DEFAULT_SQLITE_FILE),
  PROVIDER_SESSION_IDLE_MINUTES: wholeNumber(1, 525_600, 60),
  PROVIDER_SESSION_MAX_HOURS: wholeNumber(1, 8_760, 12),
  PORTAL_URL: optional(urlOf(/^https?:$/, "must be an http:// or https:// URL")).transform((u) =>
    (u ?? DEFAULT_PORTAL_URL).replace(/\/+$/, ""),
  ),
  PROVIDER_REPORT_TIMEOUT_SECONDS: wholeNumber(1, 3600, DEFAULT_REPORT_TIMEOUT_SECONDS),
  ERP_FEED_DIR: optional(z.string()).transform((d) => path.resolve(d ?? DEFAULT_ERP_FEED_DIR)),
  SHUTDOWN_TIMEOUT: wholeNumber(1, 600, DEFAULT_SHUTDOWN_TIMEOUT_SECONDS),
  LOG_LEVEL: optional(
    z.enum(LOG_LEVELS, { errorMap: () => ({ message: `must be one of ${LOG_LEVELS.join(", ")}` }) }),
  ).transform((l) => l ?? "info"),
  METRICS_TOKEN: optional(
    z.string().min(METRICS_TOKEN_MIN_LENGTH, `must be at least ${METRICS_TOKEN_MIN_LENGTH} characters`),
  ),
});

/** Parses the provider's variables; throws "Invalid configuration: NAME: what is wrong; …" naming every bad one. */
export function parseProviderConfig(env: Record<string, string | undefined>): ProviderConfig {
  const retired = Object.keys(RETIRED).filter((name) => env[name] !== undefined);
  const parsed = ConfigSchema.safeParse(env);
  const mail = mailEnvSchema.safeParse({ SMTP_URL: env.SMTP_URL, MAIL_FROM: env.MAIL_FROM });
  const problems = [
    ...retired.map((name) => `${name}: is no longer read; ${RETIRED[name]}`),
    ...[parsed, mail].flatMap((p) => (p.success ? [] : p.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`))),
  ];
  if (problems.length || !parsed.success || !mail.success)
    throw new Error(`Invalid configuration: ${problems.join("; ")}`);
  const c = parsed.data;
  return {
    role: c.PROVIDER_ROLE,
    port: c.PROVIDER_PORT,
    host: c.PROVIDER_HOST,
    databaseUrl: c.DATABASE_URL,
    sqliteFile: c.PROVIDER_DB_FILE,
    sessionIdleMinutes: c.PROVIDER_SESSION_IDLE_MINUTES,
    sessionMaxHours: c.PROVIDER_SESSION_MAX_HOURS,
    portalUrl: c.PORTAL_URL,
    trustedProxies: c.PROVIDER_TRUSTED_PROXIES,
    reportTimeoutMs: c.PROVIDER_REPORT_TIMEOUT_SECONDS * 1000,
    erpFeedDir: c.ERP_FEED_DIR,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT * 1000,
    logLevel: c.LOG_LEVEL,
    metricsToken: c.METRICS_TOKEN,
    mail: mail.data,
  };
}

/** A role named on the command line (`--role`), checked as PROVIDER_ROLE is. */
export function parseRole(value: string): ProviderRole {
  if ((PROVIDER_ROLES as readonly string[]).includes(value)) return value as ProviderRole;
  throw new Error(`Invalid configuration: --role: must be api, worker or all (got '${value}')`);
}
