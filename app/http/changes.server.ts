import type { ServerResponse } from "node:http";
import { openScope, REQUEST_SCOPE_HEADER } from "./request-scope.server";

// What this portal process knows of the provider's change generation (decision 157): every committed write moves it
// on, and this process serves what it keeps in memory only while it has seen the generation stand still recently. The
// poller (app/upstream/change-feed.server.ts) feeds it; the caches (app/upstream/cache.server.ts) and the HTTP server
// read it. Symbol.for: the HTTP server runs from source and the routes from the server build, one state for both.

/** How often the poller asks. */
export const CHANGE_POLL_MS = 250;
/** What a process keeps may be served only while a poll sent less than this ago has been answered. */
export const CHANGE_LIVE_MS = 750;
/** The cookie a write's answer names the generation after it in, so the writer's next request waits for it anywhere. */
export const CHANGES_COOKIE = "portal_changes";

type ChangeState = {
  /** the latest generation answered; null before the first answer */
  generation: number | null;
  /** moves on whenever the generation does: a kept answer is served only under the epoch it was asked under */
  epoch: number;
  /** when (performance.now()) the latest answered poll was sent; null when the latest poll failed */
  lastAnsweredSend: number | null;
};
const KEY = Symbol.for("workwear-portal.change-state");
const globals = globalThis as typeof globalThis & { [KEY]?: ChangeState };
const state = (globals[KEY] ??= { generation: null, epoch: 0, lastAnsweredSend: null });

/** Whether kept answers may be served now: a poll sent under CHANGE_LIVE_MS ago was answered, and none failed since. */
export function cachesUsable(now = performance.now()): boolean {
  return state.lastAnsweredSend !== null && now - state.lastAnsweredSend < CHANGE_LIVE_MS;
}

export function cacheEpoch(): number {
  return state.epoch;
}

export function knownGeneration(): number | null {
  return state.generation;
}

/**
 * A poll sent at `sentAt` was answered with `generation`. Any difference from the one known moves the epoch on (a
 * smaller one too: the database was replaced), so everything kept before is asked again.
 */
export function recordGeneration(generation: number, sentAt: number): void {
  if (generation !== state.generation) {
    state.generation = generation;
    state.epoch++;
  }
  if (state.lastAnsweredSend === null || sentAt > state.lastAnsweredSend) state.lastAnsweredSend = sentAt;
}

/** A poll failed: nothing kept is served until one is answered again. */
export function recordPollFailure(): void {
  state.lastAnsweredSend = null;
}

/** Tests only (through setUpstreamCachingForTests too): `live` true makes the state usable until changed, false not. */
export function setChangeStateForTests(options: { generation: number; live: boolean }): void {
  recordGeneration(options.generation, 0);
  state.lastAnsweredSend = options.live ? Number.POSITIVE_INFINITY : null;
}

const SCOPE_NAME = "change-generation";

/** A write made for `request` was answered under `generation`: the response names it in CHANGES_COOKIE. */
export function rememberWriteGeneration(request: Request, generation: number): void {
  const scope = openScope(request.headers.get(REQUEST_SCOPE_HEADER));
  if (!scope) return;
  const before = scope.get(SCOPE_NAME) as number | undefined;
  if (before === undefined || generation > before) scope.set(SCOPE_NAME, generation);
}

/** The generation the request's writes were answered under, or null when it made none. */
export function writeGenerationOf(scopeKey: string | string[] | null | undefined): number | null {
  const scope = openScope(typeof scopeKey === "string" ? scopeKey : undefined);
  const value = scope?.get(SCOPE_NAME);
  return typeof value === "number" ? value : null;
}

const COOKIE_VALUE = new RegExp(`(?:^|;\\s*)${CHANGES_COOKIE}=(\\d{1,15})(?:;|$)`);

/** The generation a browser's CHANGES_COOKIE names (its own latest write), or null. */
export function generationFromCookie(header: string | undefined): number | null {
  const match = header ? COOKIE_VALUE.exec(header) : null;
  return match ? Number(match[1]) : null;
}

/** The Set-Cookie line naming `generation`: for the browser's session only, never read by a script. */
export function changesCookie(generation: number, secure: boolean): string {
  return `${CHANGES_COOKIE}=${generation}; Path=/; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Names the request's write generation in CHANGES_COOKIE on the response, when it made a write (as its headers go). */
export function setChangesCookie(res: ServerResponse, scopeKey: string | string[] | undefined, secure: boolean): void {
  const generation = writeGenerationOf(scopeKey);
  if (generation !== null) res.appendHeader("Set-Cookie", changesCookie(generation, secure));
}
