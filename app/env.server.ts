import { isIP } from "node:net";
import { z } from "zod";
import { METRICS_TOKEN_MIN_LENGTH, parseLogLevel, type LogLevel } from "./domain/operations";

// Validated once at start-up: a bad configuration stops the process with a clear message.
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PROVIDER_PORT: z.coerce.number().int().min(1).max(65535).default(3030),
  UPSTREAM_URL: z.string().url().optional(),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SESSION_SECRETS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().min(1).optional(),
  // another Stripe API base (a local stand-in in the e2e suite); unset, Stripe itself
  STRIPE_API_URL: z.string().url().optional(),
  SECURE_COOKIES: z.enum(["true", "false"]).optional(),
  CHAT_SCRIPT_URL: z.string().url().optional(),
  PORTAL_TRUSTED_PROXIES: z.string().optional(),
  LOG_LEVEL: z.string().optional(),
  // decision 145: unset, /metrics answers loopback only
  METRICS_TOKEN: z.preprocess(
    (value) => (value === "" ? undefined : value),
    z.string().min(METRICS_TOKEN_MIN_LENGTH, `at least ${METRICS_TOKEN_MIN_LENGTH} characters`).optional(),
  ),
});

export type Env = {
  NODE_ENV: "development" | "production" | "test";
  PORT: number;
  UPSTREAM_URL: string;
  UPSTREAM_TIMEOUT_MS: number;
  SESSION_SECRETS: string[];
  STRIPE_SECRET_KEY?: string;
  STRIPE_PUBLISHABLE_KEY?: string;
  STRIPE_API_URL?: string;
  CHAT_SCRIPT_URL?: string;
  stripeEnabled: boolean;
  /** Secure cookies and HSTS: on in production unless the portal is served over plain HTTP (local demo). */
  secureCookies: boolean;
  /** Whose X-Forwarded-For names the browser's address (Express `trust proxy`): the log-in and reset limits count by it. */
  trustedProxies: string[];
  LOG_LEVEL: LogLevel;
  METRICS_TOKEN?: string;
};

const PROXY_KEYWORDS = new Set(["loopback", "linklocal", "uniquelocal"]);

/** 'loopback' (default), 'none', or addresses, CIDR ranges and Express's keywords, comma-separated. */
export function parseTrustedProxies(raw: string | undefined): string[] {
  const entries = (raw ?? "loopback")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (entries.length === 1 && entries[0] === "none") return [];
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split("/");
    const family = isIP(address);
    const max = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= max);
    if (!PROXY_KEYWORDS.has(entry) && !(family && prefixOk && extra === undefined)) {
      throw new Error(
        `Invalid configuration: PORTAL_TRUSTED_PROXIES: '${entry}' is not an address, a CIDR range, 'loopback', 'linklocal', 'uniquelocal' or 'none'`,
      );
    }
  }
  return entries;
}

/** The shortest session secret production accepts (decision 105): 32 characters, e.g. 16 random bytes in hex. */
export const SESSION_SECRET_MIN_LENGTH = 32;

// Used only outside production so that `npm start` works with nothing configured.
const DEVELOPMENT_SECRET = "development-only-session-secret-change-me";

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  if (env.NODE_ENV === "production" && env.SESSION_SECRETS.length === 0) {
    throw new Error("Invalid configuration: SESSION_SECRETS is required in production");
  }
  // decision 105: every key is derived from a secret, so a short one is a guessable key
  const short = env.SESSION_SECRETS.findIndex((secret) => secret.length < SESSION_SECRET_MIN_LENGTH);
  if (env.NODE_ENV === "production" && short !== -1) {
    throw new Error(
      `Invalid configuration: SESSION_SECRETS: secret ${short + 1} is shorter than ${SESSION_SECRET_MIN_LENGTH} characters (use e.g. \`openssl rand -hex 32\`)`,
    );
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
    throw new Error("Invalid configuration: set both STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY, or neither");
  }
  return {
    NODE_ENV: env.NODE_ENV,
    PORT: env.PORT,
    UPSTREAM_URL: (env.UPSTREAM_URL ?? `http://127.0.0.1:${env.PROVIDER_PORT}`).replace(/\/+$/, ""),
    UPSTREAM_TIMEOUT_MS: env.UPSTREAM_TIMEOUT_MS,
    SESSION_SECRETS: env.SESSION_SECRETS.length > 0 ? env.SESSION_SECRETS : [DEVELOPMENT_SECRET],
    STRIPE_SECRET_KEY: env.STRIPE_SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: env.STRIPE_PUBLISHABLE_KEY,
    STRIPE_API_URL: env.STRIPE_API_URL,
    CHAT_SCRIPT_URL: env.CHAT_SCRIPT_URL,
    stripeEnabled: Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY),
    secureCookies: env.SECURE_COOKIES ? env.SECURE_COOKIES === "true" : env.NODE_ENV === "production",
    trustedProxies: parseTrustedProxies(env.PORTAL_TRUSTED_PROXIES),
    LOG_LEVEL: parseLogLevel(env.LOG_LEVEL),
    METRICS_TOKEN: env.METRICS_TOKEN || undefined,
  };
}

let cached: Env | undefined;

export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/**
 * Tests change process.env between cases; this forgets the parsed copy.
 * @internal test seam
 */
export function resetEnvForTests(): void {
  cached = undefined;
}
