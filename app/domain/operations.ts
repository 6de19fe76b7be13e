import { createHash, timingSafeEqual } from "node:crypto";

// What both processes log and expose for operators (decisions 144 and 145): one rule each, imported by the portal
// (app/http) and the provider (server/log.ts, server/operations.ts). Pure: no logger, no HTTP here.

/** The header a request id travels in, from the browser's load balancer to the portal and from the portal on. */
export const REQUEST_ID_HEADER = "x-request-id";

/** The provider's change generation (decision 157): where portals poll it, and the header a write's answer names it in. */
export const CHANGES_PATH = "/api/changes";
export const CHANGE_GENERATION_HEADER = "x-change-generation";

const REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** An incoming request id worth keeping (what a load balancer or the portal sends), else null: the caller makes one. */
export function wellFormedRequestId(value: unknown): string | null {
  return typeof value === "string" && REQUEST_ID.test(value) ? value : null;
}

/** pino's levels, and `silent`. */
export const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** A LOG_LEVEL value, or the reason it is none: `info` when unset. */
export function parseLogLevel(raw: string | undefined): LogLevel {
  const value = (raw ?? "").trim().toLowerCase() || "info";
  if ((LOG_LEVELS as readonly string[]).includes(value)) return value as LogLevel;
  throw new Error(`Invalid configuration: LOG_LEVEL must be one of ${LOG_LEVELS.join(", ")} (got '${raw}')`);
}

/**
 * Fields pino replaces with "[redacted]" wherever a line carries them, however they got there (an object logged
 * whole, an error's extra fields): credentials of every kind the two processes handle.
 */
const SECRET_FIELDS = [
  "password",
  "newPassword",
  "currentPassword",
  "token",
  "accessToken",
  "bypassToken",
  "sharedSecret",
  "secret",
  "authorization",
  "cookie",
  "set-cookie",
  "clientSecret",
  "client_secret",
  "card",
  "cardNumber",
];
export const LOG_REDACT_PATHS = [
  ...SECRET_FIELDS.map((f) => (f.includes("-") ? `["${f}"]` : f)),
  ...SECRET_FIELDS.map((f) => (f.includes("-") ? `*["${f}"]` : `*.${f}`)),
  ...["headers", "req.headers", "request.headers"].flatMap((h) => [
    `${h}.authorization`,
    `${h}.cookie`,
    `${h}["set-cookie"]`,
  ]),
];

// query keys whose value is a credential (a punchout start token, a maintenance bypass, an OCI PASSWORD …)
const SECRET_KEY = /pass|token|secret|bypass|key|sig|auth|session|credential/i;
// a key that reads as a parameter name; anything else (the maintenance bypass given as a key, `/?TOKEN`) is hidden
const PLAIN_KEY = /^[$~_]?[A-Za-z][A-Za-z_.-]{0,39}(\[[^\]]{0,40}\])*$/;
// path segments that are credentials: reset and invitation links, the punchout start link
const SECRET_SEGMENT = /(\/(?:reset-password|password-reset|accept-invitation|punchout\/start)\/)[^/?#]+/gi;
const HIDDEN = "***";

/**
 * A request's path and query as a log line may show them: a secret path segment and the value of a secret-looking key
 * become `***`; so does, with `keys: "names"` (the portal, where a browser may bring the maintenance bypass as a key), a
 * key that is no parameter name (a valueless one but `index`, or one with digits). The provider's Feathers keys
 * (`details.custrecord4.value[$ne]`) are shown with `keys: "all"`.
 */
export function redactUrl(pathAndQuery: string, keys: "names" | "all" = "names"): string {
  const at = pathAndQuery.indexOf("?");
  const path = (at === -1 ? pathAndQuery : pathAndQuery.slice(0, at)).replace(SECRET_SEGMENT, `$1${HIDDEN}`);
  if (at === -1) return path;
  const parts = pathAndQuery
    .slice(at + 1)
    .split("&")
    .filter(Boolean)
    .map((part) => {
      const eq = part.indexOf("=");
      const rawKey = eq === -1 ? part : part.slice(0, eq);
      let key: string;
      try {
        key = decodeURIComponent(rawKey.replace(/\+/g, " "));
      } catch {
        return HIDDEN;
      }
      const valueless = eq === -1 || eq === part.length - 1;
      if (keys === "names" && (!PLAIN_KEY.test(key) || (valueless && key !== "index"))) return HIDDEN;
      if (SECRET_KEY.test(key.replace(/\[.*$/, ""))) return `${rawKey}=${HIDDEN}`;
      return part;
    });
  return parts.length ? `${path}?${parts.join("&")}` : path;
}

/** "2xx" … "5xx": the status label of the request histograms (a bounded set, unlike statuses themselves). */
export function statusClass(status: number): string {
  return status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other";
}

/** True for the error a fetch or a stream throws when its signal was aborted (the browser went away). */
export function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === "AbortError";
}

export type MetricsAccess = "allowed" | "no token" | "not loopback";

/**
 * Decision 145: with METRICS_TOKEN set, /metrics answers only a request bearing it; unset, only a request whose
 * client address (through trusted proxies) and socket are both loopback.
 */
export function metricsAccess(input: {
  token: string | undefined;
  authorization: string | undefined;
  clientAddress: string | undefined;
  socketAddress: string | undefined;
}): MetricsAccess {
  if (input.token) {
    const [scheme, given] = (input.authorization ?? "").trim().split(/\s+/);
    return /^bearer$/i.test(scheme ?? "") && given && tokensMatch(given, input.token) ? "allowed" : "no token";
  }
  return isLoopback(input.clientAddress) && isLoopback(input.socketAddress) ? "allowed" : "not loopback";
}

/** Compares a bearer token with METRICS_TOKEN in constant time (both hashed first, so lengths may differ). */
function tokensMatch(given: string, expected: string): boolean {
  const digest = (text: string) => createHash("sha256").update(text).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith("::ffff:") ? address.slice(7) : address;
  return plain === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(plain);
}

/** pino's options for a process's logger (a plain object, so this module needs no pino): JSON, `name`, redaction. */
export function loggerOptions(name: string, level: LogLevel) {
  return {
    name,
    level,
    redact: { paths: LOG_REDACT_PATHS, censor: "[redacted]" },
    formatters: { level: (label: string) => ({ level: label }) },
  };
}

/** Where a logger writes: stdout, or what a test put there to read its lines (`capture`). */
export class LogSink {
  private target: { write(line: string): unknown };
  constructor(private readonly standard: { write(line: string): unknown }) {
    this.target = standard;
  }
  write(line: string): void {
    this.target.write(line);
  }
  /** Collects what `logger` writes at `level` (info unless given) until `stop`, instead of writing it out. */
  capture(logger: { level: string }, level = "info") {
    const written: string[] = [];
    const before = logger.level;
    logger.level = level;
    this.target = { write: (line) => written.push(line) };
    return {
      text: () => written.join(""),
      lines: () => written.map((line) => JSON.parse(line) as Record<string, unknown>),
      stop: () => {
        this.target = this.standard;
        logger.level = before;
      },
    };
  }
}

/** The shortest METRICS_TOKEN either process accepts: a bearer token worth the name. */
export const METRICS_TOKEN_MIN_LENGTH = 16;
