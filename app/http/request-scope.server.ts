import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";

/**
 * One memo per HTTP request, shared by all the loaders that answer it. Remix hands each loader its own copy of the
 * Request, so a memo keyed on the Request object is per loader, not per request (DESIGN §4: one GET /api/session
 * per request at most). The HTTP server opens a scope per request and names it in a header it sets itself (a
 * client's own value is overwritten), which every copy of the Request carries; it closes the scope when the
 * response ends. Loaders called without a scope (route tests) fall back to their own per-Request memo.
 *
 * No AsyncLocalStorage: on Node 20 it slows every promise of the process. Symbol.for, because the server runs
 * from source while the routes come from the server build: two copies of this module, one map.
 */
export const REQUEST_SCOPE_HEADER = "x-portal-request-scope";

const KEY = Symbol.for("workwear-portal.request-scopes");
type Scope = Map<string, unknown>;
const globals = globalThis as typeof globalThis & { [KEY]?: Map<string, Scope> };
const scopes = (globals[KEY] ??= new Map<string, Scope>());

/** Opens the scope of one HTTP request: its key (for the request's REQUEST_SCOPE_HEADER) and how to close it. */
export function openRequestScope(): { key: string; close: () => void } {
  const key = randomUUID();
  scopes.set(key, new Map());
  return { key, close: () => void scopes.delete(key) };
}

/**
 * `make()` once per HTTP request for safe (GET/HEAD) requests, else once per Request object. An action's POST is
 * never shared: the loaders that run after it in the same request must see what the action changed.
 */
export function perRequest<T>(request: Request, name: string, fallback: WeakMap<Request, T>, make: () => T): T {
  const safe = request.method === "GET" || request.method === "HEAD";
  const key = safe ? request.headers.get(REQUEST_SCOPE_HEADER) : null;
  const scope = key ? scopes.get(key) : undefined;
  if (scope) {
    if (!scope.has(name)) scope.set(name, make());
    return scope.get(name) as T;
  }
  let value = fallback.get(request);
  if (value === undefined) {
    value = make();
    fallback.set(request, value);
  }
  return value;
}

/**
 * The open scope of the HTTP request a scope key names, whatever the request's method: for values the response itself
 * needs (e.g. the form-action origins an action allows), not for memos. Undefined without an open scope.
 */
export function openScope(key: string | null | undefined): Scope | undefined {
  return key ? scopes.get(key) : undefined;
}

/**
 * Runs `last` once, just before the response's headers are written (explicitly or by the first write), when the route
 * has run: for headers that depend on what the route did (its CSP, the change cookie).
 */
export function whenHeadersGo(res: ServerResponse, last: () => void): void {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!done) {
      done = true;
      if (!this.headersSent) last();
    }
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
}
