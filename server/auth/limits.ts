import { TooManyRequests } from "@feathersjs/errors";
import type { Knex } from "knex";
import { sha256 } from "./password";

/**
 * Attempt limits counted in the provider's database (table auth_limits, decision 027), so several provider
 * processes — and the portals in front of them — share one count.
 *
 * `take` counts an attempt BEFORE the work it guards, in one conditional UPDATE, so concurrent attempts each
 * see the others: at most `limit` get through while the key is busy, however many arrive at once. `refund`
 * gives back a slot that should not count (a successful log-in), `failed` turns a used-up key into a block
 * (backoff: each block twice the one before, up to maxBlockMs), `clear` forgets a key.
 * A key that has been quiet (no counted attempt, no block) for quietMs starts again from nothing.
 */
export interface LimitPolicy {
  /** attempts allowed before the key is refused (or blocked, with blockMs) */
  limit: number;
  quietMs: number;
  /** the first block; omitted: no blocks, the key is refused until it has been quiet for quietMs */
  blockMs?: number;
  maxBlockMs?: number;
}

export type Taken = { ok: true } | { ok: false; retryAfterSeconds: number };

const iso = (ms: number) => new Date(ms).toISOString();
const rowKey = (key: string) => sha256(key);

function blockFor(policy: LimitPolicy, strikes: number): number {
  const base = policy.blockMs ?? policy.quietMs;
  return Math.min(base * 2 ** Math.min(strikes, 30), policy.maxBlockMs ?? base);
}

export async function take(db: Knex, key: string, policy: LimitPolicy, now: Date): Promise<Taken> {
  const k = rowKey(key);
  const at = now.getTime();
  await db("auth_limits")
    .insert({ key: k, hits: 0, strikes: 0, last_at: iso(at) })
    .onConflict("key")
    .ignore();
  const quietSince = iso(at - policy.quietMs);
  const counted = await db("auth_limits")
    .where("key", k)
    .where((w) => {
      w.whereNull("blocked_until").orWhere("blocked_until", "<=", iso(at));
    })
    .where((w) => {
      w.where("last_at", "<=", quietSince).orWhere("hits", "<", policy.limit);
    })
    .update({
      hits: db.raw("case when last_at <= ? then 1 else hits + 1 end", [quietSince]),
      strikes: db.raw("case when last_at <= ? then 0 else strikes end", [quietSince]),
      last_at: iso(at),
    });
  if (counted === 1) return { ok: true };
  const row = await db("auth_limits").where("key", k).first();
  const blockedFor = row?.blocked_until ? Date.parse(row.blocked_until) - at : 0;
  // used up but not yet blocked: the attempts that used it are still being checked
  const waitMs =
    blockedFor > 0
      ? blockedFor
      : policy.blockMs
        ? blockFor(policy, row?.strikes ?? 0)
        : Date.parse(row?.last_at ?? iso(at)) + policy.quietMs - at;
  return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/** After a failed attempt: a key that has used up its limit is blocked, once, for its next backoff step. */
export async function failed(db: Knex, key: string, policy: LimitPolicy, now: Date): Promise<void> {
  if (!policy.blockMs) return;
  const k = rowKey(key);
  const at = now.getTime();
  const row = await db("auth_limits").where("key", k).first();
  if (!row || row.hits < policy.limit) return;
  const until = iso(at + blockFor(policy, row.strikes));
  // compare-and-set on strikes: of concurrent failures only one sets the block
  await db("auth_limits")
    .where({ key: k, strikes: row.strikes })
    .where("hits", ">=", policy.limit)
    .where((w) => {
      w.whereNull("blocked_until").orWhere("blocked_until", "<=", iso(at));
    })
    // after the block one more attempt is allowed; failing it blocks again, twice as long
    .update({ blocked_until: until, last_at: until, strikes: row.strikes + 1, hits: policy.limit - 1 });
}

/** Gives back one counted attempt (it succeeded, or another limit refused it before any work was done). */
export async function refund(db: Knex, key: string): Promise<void> {
  await db("auth_limits").where("key", rowKey(key)).where("hits", ">", 0).decrement("hits", 1);
}

export async function clear(db: Knex, key: string): Promise<void> {
  await db("auth_limits").where("key", rowKey(key)).del();
}

/** A key quiet for longer than any policy's window starts from nothing anyway: its row can go. */
const SWEEP_AFTER_MS = 24 * 3_600_000;

/** Deletes the rows of keys quiet (and unblocked) for a day, so the table stays as big as recent activity. */
export async function sweep(db: Knex, now: Date): Promise<void> {
  const before = iso(now.getTime() - SWEEP_AFTER_MS);
  await db("auth_limits")
    .where("last_at", "<", before)
    .where((w) => {
      w.whereNull("blocked_until").orWhere("blocked_until", "<", before);
    })
    .del();
}

/** Takes every key in order; when one refuses, the ones already taken are given back. */
export async function takeAll(db: Knex, keys: Array<[key: string, policy: LimitPolicy]>, now: Date): Promise<Taken> {
  const taken: string[] = [];
  for (const [key, policy] of keys) {
    const result = await take(db, key, policy, now);
    if (!result.ok) {
      for (const done of taken) await refund(db, done);
      return result;
    }
    taken.push(key);
  }
  return { ok: true };
}

/**
 * Log-in limits (decision 027). Only failures count (a success gives its slot back), per client address and
 * e-mail (slows guessing one account from one place) and per client address (slows spraying many accounts);
 * both back off. There is no per-e-mail limit across addresses: it would let anyone lock anyone out.
 */
export const LOGIN_LIMITS = {
  addressAndEmail: { limit: 5, quietMs: 15 * 60_000, blockMs: 60_000, maxBlockMs: 60 * 60_000 },
  address: { limit: 50, quietMs: 15 * 60_000, blockMs: 5 * 60_000, maxBlockMs: 60 * 60_000 },
} satisfies Record<string, LimitPolicy>;

export interface GuessLimits {
  /** the count per client address and name (an e-mail, a punchout identity), cleared by a success */
  perName: string;
  /** the count per client address, its slot given back by a success */
  perAddress: string;
  /** the 429's first words, before "Please try again in …" */
  refusal: string;
  /** what else a failure records (the log-in history), after the counts; given the check's error */
  onFailure?: (error: unknown) => Promise<unknown>;
}

/**
 * One guess at a secret (a password, a shared secret) under the log-in limits (decision 027): both counts are taken
 * before the check, in one statement per key, so concurrent guesses cannot all slip through (429 when either is used
 * up, with retryAfterSeconds); a check that throws counts as a failure against both and its error goes on; a check
 * that answers clears the per-name count and gives the per-address slot back.
 */
export async function underLoginLimits<T>(
  db: Knex,
  now: Date,
  limits: GuessLimits,
  check: () => Promise<T>,
): Promise<T> {
  const keys: Array<[string, LimitPolicy]> = [
    [limits.perName, LOGIN_LIMITS.addressAndEmail],
    [limits.perAddress, LOGIN_LIMITS.address],
  ];
  const taken = await takeAll(db, keys, now);
  if (!taken.ok) {
    throw new TooManyRequests(`${limits.refusal} Please try again in ${waitText(taken.retryAfterSeconds)}.`, {
      retryAfterSeconds: taken.retryAfterSeconds,
    });
  }
  let result: T;
  try {
    result = await check();
  } catch (error) {
    for (const [key, limit] of keys) await failed(db, key, limit, now);
    await limits.onFailure?.(error);
    throw error;
  }
  await clear(db, limits.perName);
  await refund(db, limits.perAddress);
  return result;
}

/** "1 minute", "3 minutes", "45 seconds": how long to wait, for the 429 message. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? "1 second" : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? "1 minute" : `${minutes} minutes`;
}
