import type { ServerResponse } from "node:http";
import { openScope, REQUEST_SCOPE_HEADER, whenHeadersGo } from "./request-scope.server";
import { contentSecurityPolicy, type CspOptions } from "./security.server";

// CSP form-action is 'self' (plus Stripe's hosted Checkout when configured): a page may post forms only to this site.
// The one response that renders a form posting elsewhere (the 3-D Secure hand-off to the card issuer; later a punchout
// return to the buyer's procurement system) allows that form's origin for itself: the action calls allowFormAction,
// and the HTTP server writes the response's CSP, with those origins, as its headers go out.

const NAME = "form-action-origins";

/**
 * Lets the response to `request` post a form to `target`'s origin. Returns the origin allowed, or null when the
 * target is not an http(s) URL or the request has no open scope (route tests and scripts call actions without one).
 * For a document response only: a page rendered in the browser by a data request keeps the CSP of its document.
 */
export function allowFormAction(request: Request, target: string): string | null {
  return remember(request, NAME, formTargetOrigin(target));
}

/** Adds `origin` to the set `name` of the request's scope; the origin, or null when there is none or no scope. */
function remember(request: Request, name: string, origin: string | null): string | null {
  const scope = openScope(request.headers.get(REQUEST_SCOPE_HEADER));
  if (!origin || !scope) return null;
  const origins = (scope.get(name) as Set<string> | undefined) ?? new Set<string>();
  origins.add(origin);
  scope.set(name, origins);
  return origin;
}

/** The set `name` of the scope with this key, in the order added. */
function recalled(scopeKey: string | string[] | null | undefined, name: string): string[] {
  const scope = openScope(typeof scopeKey === "string" ? scopeKey : undefined);
  return [...((scope?.get(name) as Set<string> | undefined) ?? [])];
}

/** The origin a form may be posted to at `target`: http(s) URLs only (no javascript:, data: or relative targets). */
export function formTargetOrigin(target: string): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  return url.protocol === "https:" || url.protocol === "http:" ? url.origin : null;
}

/** The form-action origins the response of the request with this scope key has allowed, in the order allowed. */
export function allowedFormActions(scopeKey: string | string[] | null | undefined): string[] {
  return recalled(scopeKey, NAME);
}

const FRAME_NAME = "frame-ancestor-origins";

/**
 * Lets the response to `request` be shown in a frame by a page of `target`'s origin (the procurement system of a
 * punchout session: requireUser calls this with the session's return origin, decision 109), or by any page with "*"
 * (a punchout refusal page, which has nothing to click). The response then carries CSP frame-ancestors with it
 * instead of 'none' and no X-Frame-Options. Returns what was allowed, or null (not http(s), or no open scope).
 */
export function allowFrameAncestor(request: Request, target: string): string | null {
  return remember(request, FRAME_NAME, target === "*" ? "*" : formTargetOrigin(target));
}

/** The frame-ancestor origins the response of the request with this scope key has allowed, in the order allowed. */
export function allowedFrameAncestors(scopeKey: string | string[] | null | undefined): string[] {
  return recalled(scopeKey, FRAME_NAME);
}

/**
 * Sets the response's Content-Security-Policy from `policy()` at the moment its headers are written (explicitly or by
 * the first write), when the route has run; the policy set before stays when `policy()` answers null.
 */
export function setPolicyWhenHeadersGo(res: ServerResponse, policy: () => string | null): void {
  whenHeadersGo(res, () => {
    const value = policy();
    if (value !== null) res.setHeader("Content-Security-Policy", value);
  });
}

/**
 * The CSP of a response whose route widened it (allowFormAction, allowFrameAncestor), or null to keep the one set
 * before. A response that may be framed loses X-Frame-Options, which cannot name an origin.
 */
export function widenedPolicy(
  res: ServerResponse,
  csp: CspOptions,
  scopeKey: string | string[] | null | undefined,
): string | null {
  const formActionOrigins = allowedFormActions(scopeKey);
  const frameAncestors = allowedFrameAncestors(scopeKey);
  if (frameAncestors.length > 0) res.removeHeader("X-Frame-Options");
  if (formActionOrigins.length === 0 && frameAncestors.length === 0) return null;
  return contentSecurityPolicy({ ...csp, formActionOrigins, frameAncestors });
}
