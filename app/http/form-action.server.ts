import type { ServerResponse } from "node:http";
import { openScope, REQUEST_SCOPE_HEADER } from "./request-scope.server";

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
  const origin = formTargetOrigin(target);
  const scope = openScope(request.headers.get(REQUEST_SCOPE_HEADER));
  if (!origin || !scope) return null;
  const origins = (scope.get(NAME) as Set<string> | undefined) ?? new Set<string>();
  origins.add(origin);
  scope.set(NAME, origins);
  return origin;
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
  const scope = openScope(typeof scopeKey === "string" ? scopeKey : undefined);
  return [...((scope?.get(NAME) as Set<string> | undefined) ?? [])];
}

/**
 * Sets the response's Content-Security-Policy from `policy()` at the moment its headers are written (explicitly or by
 * the first write), when the route has run; the policy set before stays when `policy()` answers null.
 */
export function setPolicyWhenHeadersGo(res: ServerResponse, policy: () => string | null): void {
  const writeHead = res.writeHead;
  let done = false;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!done) {
      done = true;
      const value = policy();
      if (value !== null && !this.headersSent) this.setHeader("Content-Security-Policy", value);
    }
    return writeHead.apply(this, args);
  } as typeof res.writeHead;
}
