import { redirect } from "@remix-run/node";
import type { z } from "zod";
import { destroySession, getSession, type PunchoutState } from "~/session/session.server";
import { fallBackToAdmin } from "./view-as.server";
import { buildFeathersQuery, type FeathersQuery } from "~/domain/feathers-query";
import { getEnv } from "~/env.server";
import { CHANGE_GENERATION_HEADER, isAbort, redactUrl, REQUEST_ID_HEADER } from "~/domain/operations";
import { rememberWriteGeneration } from "~/http/changes.server";
import { logger, requestIdOf } from "~/http/log.server";
import { portalMetrics } from "~/http/metrics.server";
import { forgetSession, keptAnswer, tokenKey } from "./cache.server";
import { retryAfterSeconds, UpstreamError } from "./errors.server";
import { UpstreamErrorSchema, type UpstreamSession } from "./schemas";

/** The signed-in caller: the upstream client with their token, their upstream session and punchout state. */
export type PortalUser = {
  upstream: UpstreamClient;
  session: UpstreamSession;
  inPunchout: boolean;
  /** Within a punchout session: what /punchout/start remembered of it (issue 16); null outside one. */
  punchout: PunchoutState | null;
};

export type Query = URLSearchParams | FeathersQuery;

/** Feathers query (nested objects or flat bracketed keys) → query string, by the one builder in the domain. */
export function toSearchParams(query: Query | undefined): URLSearchParams {
  if (!query) return new URLSearchParams();
  if (query instanceof URLSearchParams) return query;
  return new URLSearchParams(buildFeathersQuery(query).filter(([, value]) => value !== ""));
}

/** `onHeaders` is handed a successful answer's response headers (e.g. x-wp-total), before its body is parsed. */
type CallOptions = {
  query?: Query;
  body?: unknown;
  /** A body of bytes sent as they are (a promotion image, decision 165): application/octet-stream. */
  bytes?: ArrayBuffer;
  headers?: Record<string, string>;
  onHeaders?: (headers: Headers) => void;
};

/**
 * A GET may ask for its parsed answer to be kept (issue 37 item 2, decision 185): per token and address, reused until
 * the provider's change generation moves (decision 157) or KEPT_ANSWER_MS pass. Only for answers that depend on
 * nothing but the caller, the address and the data; not with `onHeaders` (a kept answer has no headers).
 */
type GetOptions = Omit<CallOptions, "body" | "bytes" | "onHeaders"> & { keep?: boolean };

export interface UpstreamClient {
  readonly token: string | null;
  /** The browser's request the calls are made for: its id goes upstream and on log lines, its signal ends them. */
  readonly request: Request;
  get<S extends z.ZodTypeAny>(path: string, schema: S, options?: CallOptions | GetOptions): Promise<z.output<S>>;
  post<S extends z.ZodTypeAny>(path: string, schema: S, options?: CallOptions): Promise<z.output<S>>;
  patch<S extends z.ZodTypeAny>(path: string, schema: S, options?: CallOptions): Promise<z.output<S>>;
  put<S extends z.ZodTypeAny>(path: string, schema: S, options?: CallOptions): Promise<z.output<S>>;
  delete<S extends z.ZodTypeAny>(path: string, schema: S, options?: CallOptions): Promise<z.output<S>>;
}

// Upstream statuses the user can act on keep their meaning; anything else is the upstream's fault (502).
const PASSED_THROUGH = new Set([400, 403, 404, 409, 410, 422, 429]);

function loginRedirectTarget(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "") + url.search;
  return `/login?redirect=${encodeURIComponent(path)}`;
}

async function unauthorized(request: Request, token: string | null): Promise<never> {
  // an act-as token that died gives the admin their own session back, not the log-in page (decision 129)
  const fallBack = await fallBackToAdmin(request, token);
  if (fallBack) throw fallBack;
  const session = await getSession(request);
  const cookie = await destroySession(session);
  if (new URL(request.url).pathname === "/login") {
    // already on the login page: pass the error on instead of looping
    throw new UpstreamError(401, "Your session has ended. Please log in again.");
  }
  throw redirect(loginRedirectTarget(request), { headers: { "Set-Cookie": cookie } });
}

/**
 * A call's signal: aborted with the browser's reason when the browser goes away, or with a TimeoutError after `ms`,
 * as `AbortSignal.any([browser, AbortSignal.timeout(ms)])` would be, at a fraction of its cost (decision 045); `done`
 * stops the timer and the listener once the answer has been read.
 */
export function callSignal(browser: AbortSignal, ms: number): { signal: AbortSignal; done: () => void } {
  const controller = new AbortController();
  if (browser.aborted) {
    controller.abort(browser.reason);
    return { signal: controller.signal, done: () => undefined };
  }
  const onAbort = () => controller.abort(browser.reason);
  const timer = setTimeout(
    () => controller.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError")),
    ms,
  );
  timer.unref?.();
  browser.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    done: () => {
      clearTimeout(timer);
      browser.removeEventListener("abort", onAbort);
    },
  };
}

// services named by two or three segments (their ids follow); any other by its first
const FAMILIES = /^(admin\/[^/]+|punchout\/[^/]+|wp\/v2\/[^/]+|[^/]+)/;

/** The provider service a call goes to (the log's and the metrics' label): `/api/order/12` → `order`. */
export function upstreamService(path: string): string {
  return FAMILIES.exec(path.replace(/^\/api\//, "").replace(/[?#].*$/, ""))?.[1] ?? "other";
}

/**
 * One line and one observation per upstream call (decision 144): service, method, status (or why there was none) and
 * duration, under the request's id. A call the browser's leaving cancelled is logged at debug only: the request's
 * access line already says it was cancelled.
 */
function recordCall(
  request: Request,
  method: string,
  path: string,
  started: number,
  outcome: number | string,
  error?: unknown,
): void {
  const seconds = (performance.now() - started) / 1000;
  const service = upstreamService(path);
  portalMetrics().upstream.observe({ service, method, status: String(outcome) }, seconds);
  const ms = Math.round(seconds * 10_000) / 10;
  const line = { reqId: requestIdOf(request), service, method, status: outcome, ms, err: error };
  const log = logger();
  if (outcome === "cancelled") log.debug(line, "upstream call cancelled");
  else if (typeof outcome === "string" || outcome >= 500) log.warn(line, "upstream call failed");
  else log.info(line, "upstream call");
}

export function createUpstreamClient(request: Request, token: string | null): UpstreamClient {
  const env = getEnv();

  async function call<S extends z.ZodTypeAny>(
    method: string,
    path: string,
    schema: S,
    options: CallOptions = {},
  ): Promise<z.output<S>> {
    const search = toSearchParams(options.query).toString();
    const url = `${env.UPSTREAM_URL}${path}${search ? `?${search}` : ""}`;
    const headers: Record<string, string> = { Accept: "application/json", ...options.headers };
    const requestId = requestIdOf(request);
    if (requestId) headers[REQUEST_ID_HEADER] = requestId;
    if (token) headers.Authorization = `Bearer ${token}`;
    if (options.body !== undefined) headers["Content-Type"] = "application/json";
    else if (options.bytes !== undefined) headers["Content-Type"] = "application/octet-stream";
    // every call ends at the timeout or when the browser goes away, whichever is first
    const { signal, done } = callSignal(request.signal, env.UPSTREAM_TIMEOUT_MS);

    // any write may change what GET /api/session answers for this token (basket, unit, log-out…), so its cached
    // answer goes before the write is sent and again once it is answered (decision 044)
    const writes = method !== "GET";
    if (writes) forgetSession(token);
    let response: Response;
    const started = performance.now();
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? options.bytes : JSON.stringify(options.body),
        signal,
      });
    } catch (error) {
      done();
      if (writes) forgetSession(token);
      const timedOut = error instanceof DOMException && error.name === "TimeoutError";
      const cancelled = request.signal.aborted || isAbort(error);
      const outcome = cancelled ? "cancelled" : timedOut ? "timeout" : "failed";
      recordCall(request, method, path, started, outcome, cancelled ? undefined : error);
      if (request.signal.aborted) throw error;
      throw new UpstreamError(timedOut ? 504 : 502, "The ordering service is not answering. Please try again shortly.");
    }

    if (writes || response.status === 401) forgetSession(token);
    // the generation after the write: the browser's next request, on any portal process, waits until it is seen there
    const generation = writes ? Number(response.headers.get(CHANGE_GENERATION_HEADER) ?? Number.NaN) : Number.NaN;
    if (Number.isSafeInteger(generation)) rememberWriteGeneration(request, generation);
    if (response.status === 401) {
      done();
      recordCall(request, method, path, started, 401);
      return unauthorized(request, token);
    }
    let text: string;
    try {
      text = await response.text();
    } finally {
      done();
      recordCall(request, method, path, started, request.signal.aborted ? "cancelled" : response.status);
    }
    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    if (!response.ok) {
      const parsed = UpstreamErrorSchema.safeParse(body);
      const message = parsed.success ? parsed.data.message : `The ordering service answered ${response.status}`;
      const field = parsed.success ? (parsed.data.data?.field ?? null) : null;
      if (response.status >= 500)
        logger().error(
          {
            reqId: requestIdOf(request),
            method,
            path: redactUrl(path),
            status: response.status,
            upstreamMessage: message,
          },
          "the provider answered with an error",
        );
      const retryAfter = response.status === 429 ? retryAfterSeconds(response.headers.get("Retry-After")) : null;
      const errors = parsed.success ? (parsed.data.errors ?? {}) : {};
      throw new UpstreamError(
        PASSED_THROUGH.has(response.status) ? response.status : 502,
        message,
        field,
        retryAfter,
        errors,
      );
    }
    options.onHeaders?.(response.headers);
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      logger().error(
        { reqId: requestIdOf(request), method, path: redactUrl(path), issues: parsed.error.issues.slice(0, 5) },
        "the provider's answer does not match the contract",
      );
      throw new UpstreamError(502, "The ordering service sent an answer the portal does not understand.");
    }
    return parsed.data;
  }

  return {
    token,
    request,
    get: (path, schema, options) => {
      if (!options || !("keep" in options) || !options.keep || !token) return call("GET", path, schema, options);
      const search = toSearchParams(options.query).toString();
      const key = `${tokenKey(token)} ${path}${search ? `?${search}` : ""}${options.headers ? JSON.stringify(options.headers) : ""}`;
      return keptAnswer(key, upstreamService(path), () => call("GET", path, schema, options));
    },
    post: (path, schema, options) => call("POST", path, schema, options),
    patch: (path, schema, options) => call("PATCH", path, schema, options),
    put: (path, schema, options) => call("PUT", path, schema, options),
    delete: (path, schema, options) => call("DELETE", path, schema, options),
  };
}

const clients = new WeakMap<Request, Promise<UpstreamClient>>();

/** The request's upstream client, carrying the token from the portal session. */
export function getUpstream(request: Request): Promise<UpstreamClient> {
  let client = clients.get(request);
  if (!client) {
    client = getSession(request).then((session) => createUpstreamClient(request, session.get("token") ?? null));
    clients.set(request, client);
  }
  return client;
}
