import { createHash } from "node:crypto";
import { cacheEpoch, cachesUsable, setChangeStateForTests } from "~/http/changes.server";
import { portalMetrics } from "~/http/metrics.server";
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
 * Short-lived, process-wide caches of upstream answers (issue 13 item 2, decision 044). An entry is served only while
 * the provider's change generation stands where it stood when its call was sent, and this process has heard so
 * recently (decision 157: another's change shows within a second, the browser's own at its next request); and never
 * past `ttlMs` from the moment its call was sent. The least recently used entry goes when a cache is full. A failed
 * call is not kept. Entries are shared objects: callers must not change them.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expires: number; epoch: number }>();

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
    if (!enabled || !cachesUsable()) return make();
    const hit = this.entries.get(key);
    if (hit && hit.expires > this.now() && hit.epoch === cacheEpoch()) {
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit.value.then(undefined, () => make());
    }
    return this.put(key, make());
  }

  /** Stores an answer just asked for (a fresh read refreshes what the others read), and returns it. */
  put(key: string, value: Promise<V>): Promise<V> {
    if (!enabled || !cachesUsable()) return value;
    const entry = { value, expires: this.now() + this.options.ttlMs, epoch: cacheEpoch() };
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

  /** Drops every entry whose key starts with `prefix` (all of one token's, say). */
  deleteStartingWith(prefix: string): void {
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
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
 * Tests only: caching on (as under a live change feed at generation 1) or off; every cache emptied either way.
 * @internal test seam
 */
export function setUpstreamCachingForTests(on: boolean): void {
  enabled = on;
  setChangeStateForTests({ generation: 1, live: on });
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

/**
 * Drops the token's session entry and its kept answers (decision 185) in this process, before and after a write with
 * that token: the loaders that run after an action in the same request see what it changed. Other processes learn of
 * the write from the change generation (decision 157).
 */
export function forgetSession(token: string | null): void {
  if (!token) return;
  const key = tokenKey(token);
  sessionCache.delete(key);
  keptAnswers.deleteStartingWith(`${key} `);
}

/**
 * At most this long a kept GET answer (decision 185) is served, whatever the generation says: an upper bound for what
 * would change with time alone (none of the kept answers does today).
 */
export const KEPT_ANSWER_MS = 60_000;
const keptAnswers = new TtlCache<unknown>({ ttlMs: KEPT_ANSWER_MS, max: 1_000 });

/**
 * The kept answer under `key` (a token's hash and an address), else `ask()`'s, parsed and checked once as it enters and
 * frozen, since every later request shares it. Counted in portal_kept_answers_total by service and hit or miss.
 */
export function keptAnswer<V>(key: string, service: string, ask: () => Promise<V>): Promise<V> {
  let missed = false;
  const answer = keptAnswers.get(key, () => {
    missed = true;
    return ask().then(deepFreeze);
  }) as Promise<V>;
  portalMetrics().kept.inc({ service, outcome: missed ? "miss" : "hit" });
  return answer;
}

function deepFreeze<V>(value: V): V {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The order history's filter options per business unit (and per contact for a contact-only user). */
export const filterOptionsCache = new TtlCache<OrderFilterOptions>({ ttlMs: FILTER_OPTIONS_CACHE_MS, max: 200 });
