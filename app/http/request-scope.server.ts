import { AsyncLocalStorage } from "node:async_hooks";

/**
 * One store per HTTP request, shared by all the loaders that answer it. Remix hands each loader its own copy of
 * the Request, so a memo keyed on the Request object is per loader, not per request (DESIGN §4: one GET
 * /api/session per request at most). The HTTP server opens the scope; loaders called without it (route tests)
 * get undefined and fall back to their own per-Request memo.
 *
 * Symbol.for, because the server runs from source while the routes come from the server build: two copies of
 * this module, one storage.
 */
const KEY = Symbol.for("workwear-portal.request-scope");
type Scope = Map<string, unknown>;
const globals = globalThis as typeof globalThis & { [KEY]?: AsyncLocalStorage<Scope> };
const storage = (globals[KEY] ??= new AsyncLocalStorage<Scope>());

/** Runs `handle` (the whole of one HTTP request) inside a fresh scope. */
export function inRequestScope<T>(handle: () => T): T {
  return storage.run(new Map(), handle);
}

/**
 * `make()` once per HTTP request for safe (GET/HEAD) requests, else once per Request object. An action's POST is
 * never shared: the loaders that run after it in the same request must see what the action changed.
 */
export function perRequest<T>(request: Request, key: string, fallback: WeakMap<Request, T>, make: () => T): T {
  const scope = request.method === "GET" || request.method === "HEAD" ? storage.getStore() : undefined;
  if (scope) {
    if (!scope.has(key)) scope.set(key, make());
    return scope.get(key) as T;
  }
  let value = fallback.get(request);
  if (value === undefined) {
    value = make();
    fallback.set(request, value);
  }
  return value;
}
