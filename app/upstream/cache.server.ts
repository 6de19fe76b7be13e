import cluster from "node:cluster";
import { logger } from "~/http/log.server";
import { createHash } from "node:crypto";
import type { OrderFilterOptions } from "./orders.server";
import type { MaintenanceStatus, UpstreamSession } from "./schemas";

// How stale each answer may be (decision 044). Here rather than in app/domain/constants.ts, which holds SPEC §9's.
/** GET /api/maintenance-status, process-wide: maintenance switched on reaches guarded pages within this. */
export const MAINTENANCE_CACHE_MS = 5_000;
/** GET /api/session per token: a log-out elsewhere or a permission change shows within this; this portal's writes at once. */
export const SESSION_CACHE_MS = 5_000;
/** The order history's filter options (contacts, departments, depots) per business unit. */
export const FILTER_OPTIONS_CACHE_MS = 60_000;

/**
 * Short-lived, process-wide caches of upstream answers (issue 13 item 2, decision 044). Each entry lives `ttlMs`
 * from the moment its call was sent, so an answer is never older than that; the least recently used entry goes
 * when a cache is full. A failed call is not kept. Entries are shared objects: callers must not change them.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number }>();

  constructor(private readonly options: { ttlMs: number; max: number; now?: () => number }) {
    caches.add(this as TtlCache<unknown>);
  }

  private now(): number {
    return this.options.now ? this.options.now() : Date.now();
  }

  /**
   * The live entry for `key`, else `make()`'s answer, stored. Callers that join a call still under way and see it
   * fail make their own call, so each request gets its own error (a log-in redirect names its own page).
   */
  get(key: string, make: () => Promise<V>): Promise<V> {
    if (!enabled) return make();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now()) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value.then(undefined, () => make());
    }
    return this.put(key, make());
  }

  /** Stores an answer just asked for (a fresh read refreshes what the others read), and returns it. */
  put(key: string, value: Promise<V>): Promise<V> {
    if (!enabled) return value;
    const entry = { value, expires: this.now() + this.options.ttlMs };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.options.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new Set<TtlCache<unknown>>();

/*
 * Off under vitest unless a test turns them on: the unit tests change the mock provider's answers between tests
 * under one token ("token-1"), which a cache would serve stale. The cache tests turn caching on and clear it.
 */
let enabled = !process.env.VITEST;

/**
 * Tests only: caching on or off; every cache emptied either way.
 * @internal test seam
 */
export function setUpstreamCachingForTests(on: boolean): void {
  enabled = on;
  for (const cache of caches) cache.clear();
}

/** The session cache's key for a bearer token: its SHA-256, so the token itself is never a key in memory or a log. */
export function tokenKey(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** GET /api/maintenance-status, one entry for the process (key MAINTENANCE_KEY). */
export const maintenanceCache = new TtlCache<MaintenanceStatus>({ ttlMs: MAINTENANCE_CACHE_MS, max: 1 });
export const MAINTENANCE_KEY = "status";

/** GET /api/session per token (tokenKey); dropped by the client on any write or 401 with that token. */
export const sessionCache = new TtlCache<UpstreamSession>({ ttlMs: SESSION_CACHE_MS, max: 1_000 });

export const CACHE_FORGET = "portal-cache-forget";
export type CacheForgetMessage = { type: typeof CACHE_FORGET; key: string };

export function isCacheForgetMessage(message: unknown): message is CacheForgetMessage {
  const m = message as Partial<CacheForgetMessage> | null;
  return typeof m === "object" && m !== null && m.type === CACHE_FORGET && typeof m.key === "string";
}

type Send = (message: CacheForgetMessage) => unknown;
const toPrimary: Send | undefined =
  cluster.isWorker && process.send
    ? (message) => {
        try {
          process.send?.(message);
        } catch (error) {
          // the primary has gone (the worker is stopping): nobody else to tell
          logger().warn({ err: error }, "could not tell the other portal workers to drop a session entry");
        }
      }
    : undefined;

/**
 * Drops the token's session entry in this process and, under node:cluster, asks the primary to tell the other workers
 * (it relays every CacheForgetMessage to the workers but the sender): the browser's next request may reach any of
 * them. The message names the token's digest only. It is sent before the write's answer goes to the browser, so it
 * normally arrives well before the browser's next request; it is not a guarantee (a busy primary delays it), and the
 * entry's SESSION_CACHE_MS stays the bound (decision 044).
 */
export function forgetSession(token: string | null, send: Send | undefined = toPrimary): void {
  if (!token) return;
  const key = tokenKey(token);
  sessionCache.delete(key);
  send?.({ type: CACHE_FORGET, key });
}

/** A worker's handling of a message from the primary: a relayed CacheForgetMessage drops that entry here. */
export function receiveCacheMessage(message: unknown): void {
  if (isCacheForgetMessage(message)) sessionCache.delete(message.key);
}
if (cluster.isWorker) process.on("message", receiveCacheMessage);

/** The order history's filter options per business unit (and per contact for a contact-only user). */
export const filterOptionsCache = new TtlCache<OrderFilterOptions>({ ttlMs: FILTER_OPTIONS_CACHE_MS, max: 200 });
