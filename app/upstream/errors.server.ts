import { data } from "@remix-run/node";
import type { FieldErrors } from "~/utils/forms.server";
import { isAbort } from "~/domain/operations";
import { logger, requestIdOf } from "~/http/log.server";

/**
 * The one error the upstream client raises when the ordering service refuses or fails a call (decision 009).
 *
 * It is a Response, so a loader that lets it go renders the error page with its status and message, as before; code
 * that handles it reads `status`, `message` and `field` from the type and never opens a body. A 401 is not an
 * UpstreamError: the client answers it with a redirect to the log-in page, which, like every redirect, is a plain
 * Response and must be thrown on unchanged — `refusal` and `isRefusal` do that for the caller.
 */
export class UpstreamError extends Response {
  /** The message for the user: the provider's own for a refusal, the portal's for a failure. */
  readonly message: string;
  /** The input field the provider named (Feathers' `data.field`), or null. */
  readonly field: string | null;

  /** For a 429: how many seconds the provider said to wait (its Retry-After), passed on to the browser; else null. */
  readonly retryAfter: number | null;

  /** Each named field's message (Feathers' `errors`, when the provider checked every field at once); `field` is the first. */
  readonly errors: Readonly<Record<string, string>>;

  constructor(
    status: number,
    message: string,
    field: string | null = null,
    retryAfter: number | null = null,
    errors: Record<string, string> = {},
  ) {
    const headers: Record<string, string> = { "Content-Type": "application/json; charset=utf-8" };
    if (retryAfter !== null) headers["Retry-After"] = String(retryAfter);
    super(JSON.stringify({ message }), { status, headers });
    this.message = message;
    this.field = field ?? Object.keys(errors)[0] ?? null;
    this.retryAfter = retryAfter;
    this.errors = errors;
  }

  /** A refusal the user can act on (4xx); anything else is the service failing (5xx). */
  get isRefusal(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

/** True when `error` is an upstream refusal with one of `statuses` (any 4xx when none are given). */
export function isRefusal(error: unknown, ...statuses: number[]): error is UpstreamError {
  return (
    error instanceof UpstreamError && error.isRefusal && (statuses.length === 0 || statuses.includes(error.status))
  );
}

/**
 * The refusal in a caught `error`, when it is an upstream refusal with one of `statuses` (any 4xx when none are given).
 * Anything else — a redirect, the log-in redirect of an ended session, a 5xx, a programming error — is thrown on, so a
 * catch block never has to re-throw by hand.
 */
export function refusal(error: unknown, ...statuses: number[]): UpstreamError {
  if (isRefusal(error, ...statuses)) return error;
  throw error;
}

/**
 * The form answer for a refusal: each message under the field the provider named when the form has it (every field of
 * its `errors`, else its one `field`), the rest above the form.
 */
export function refusalForm(error: UpstreamError, options: { fields?: readonly string[]; message?: string } = {}) {
  const message = options.message ?? error.message;
  const fieldErrors: FieldErrors = {};
  let formError: string | null = message;
  const named =
    options.message === undefined && Object.keys(error.errors).length
      ? error.errors
      : error.field
        ? { [error.field]: message }
        : {};
  const onForm = Object.entries(named).filter(([field]) => options.fields?.includes(field));
  for (const [field, text] of onForm) fieldErrors[field] = text;
  if (onForm.length) {
    const elsewhere = Object.entries(named).filter(([field]) => !options.fields?.includes(field));
    formError = elsewhere.length ? elsewhere.map(([, text]) => text).join(" ") : null;
  }
  // a 429 tells the browser (and any script or proxy in front of it) when to try again, as the provider told the portal
  const headers = error.retryAfter === null ? undefined : { "Retry-After": String(error.retryAfter) };
  return data({ ok: false as const, fieldErrors, formError }, { status: error.status, headers });
}

/** A Retry-After header in seconds (RFC 9110 §10.2.3; an HTTP date is read as the seconds until it), or null. */
export function retryAfterSeconds(header: string | null, now: number = Date.now()): number | null {
  if (header === null) return null;
  const value = header.trim();
  if (/^\d{1,9}$/.test(value)) return Number(value);
  // an HTTP date (IMF-fixdate, e.g. "Mon, 23 Nov 2026 07:01:30 GMT"); Date.parse alone would take "-5" as a year
  if (!/^[A-Za-z]{3}, \d{2} [A-Za-z]{3} \d{4} \d{2}:\d{2}:\d{2} GMT$/.test(value)) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** What a log line says about a caught error: the status and message of an upstream error, else the error itself. */
export function describeFailure(error: unknown): unknown {
  if (error instanceof UpstreamError) return `${error.status} ${error.message}`;
  if (error instanceof Response) return `${error.status} ${error.headers.get("Location") ?? ""}`.trim();
  return error;
}

/**
 * A failure the page carries on without (a panel left out, a best-effort clean-up): one line under the request's id.
 * When the browser went away it is no failure of ours, and the request's access line already says so: debug only
 * (decision 144).
 */
export function logFailure(
  request: Request | null | undefined,
  what: string,
  error: unknown,
  level: "error" | "warn" = "error",
) {
  const log = logger();
  const reqId = request ? requestIdOf(request) : undefined;
  if (request?.signal.aborted || isAbort(error)) {
    log.debug({ reqId }, `${what}: cancelled by the client`);
    return;
  }
  const detail = describeFailure(error);
  log[level](detail instanceof Error ? { reqId, err: detail } : { reqId, failure: detail }, what);
}

/** True for a redirect (a thrown Response below 400), which a catch block must let through. */
export function isRedirect(error: unknown): error is Response {
  return error instanceof Response && !(error instanceof UpstreamError) && error.status >= 300 && error.status < 400;
}
