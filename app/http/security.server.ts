const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The punchout entry points (issue 16 item 8, decision 109): the cXML setup and order requests come server to server
 * with no Origin, and the OCI log-in is a form post from the procurement system's site. Each authenticates by its
 * shared secret, so exactly these paths, spelt exactly so, are exempt from the same-site check.
 */
export const CROSS_SITE_POST_PATHS: ReadonlySet<string> = new Set([
  "/punchout/cxml/setup",
  "/punchout/cxml/order",
  "/punchout/oci",
]);

/** Whether a request is a POST to one of the punchout entry points, which may come from another site. */
export function isCrossSiteEntry(method: string, path: string | undefined): boolean {
  return method.toUpperCase() === "POST" && path !== undefined && CROSS_SITE_POST_PATHS.has(path);
}

/**
 * CSRF defence besides SameSite=Lax: a state-changing request must say it comes from this site.
 * Browsers send Origin on every cross-site and same-site POST; Referer is the fallback for old ones.
 * Returns the reason to refuse, or null when the request may go on. `path` is the request's path without its query.
 */
export function crossSiteRefusal(
  method: string,
  headers: Headers,
  host: string | undefined,
  path?: string,
): string | null {
  if (SAFE_METHODS.has(method.toUpperCase())) return null;
  if (isCrossSiteEntry(method, path)) return null;
  if (!host) return "The request has no Host header.";
  const source = headers.get("origin") ?? headers.get("referer");
  if (!source || source === "null") return "The request did not say which site it came from.";
  let sourceHost: string;
  try {
    sourceHost = new URL(source).host;
  } catch {
    return "The request's origin could not be read.";
  }
  return sourceHost.toLowerCase() === host.toLowerCase() ? null : "The request came from another site.";
}

export type CspOptions = {
  nonce: string;
  stripe: boolean;
  chatScriptOrigin?: string;
  /** Where a configured non-Stripe payment API (a local stand-in) serves its hosted payment page. */
  paymentPageOrigin?: string;
  /** Origins this one response's page posts a form to (allowFormAction: the 3-D Secure hand-off). */
  formActionOrigins?: readonly string[];
  /**
   * Origins that may show this one response's page in a frame (allowFrameAncestor: the procurement system of a
   * punchout session), or "*" for a page with nothing to click (a punchout refusal). None: 'none'.
   */
  frameAncestors?: readonly string[];
  https: boolean;
};

// a CSP source that is an origin and nothing else, so no value can widen the policy or add a directive
const PLAIN_ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

export function contentSecurityPolicy({
  nonce,
  stripe,
  chatScriptOrigin,
  paymentPageOrigin,
  formActionOrigins = [],
  frameAncestors = [],
}: CspOptions): string {
  const scripts = ["'self'", `'nonce-${nonce}'`];
  const frames = ["'self'"];
  const connect = ["'self'"];
  if (stripe) {
    scripts.push("https://js.stripe.com");
    frames.push("https://js.stripe.com", "https://hooks.stripe.com");
    connect.push("https://api.stripe.com");
  }
  if (chatScriptOrigin) scripts.push(chatScriptOrigin);
  // forms post to this site; without JavaScript a card checkout's post is redirected to Stripe's hosted Checkout
  // (form-action governs that redirect); a stand-in payment page (e2e) and the origins one response allowed besides
  const formTargets = new Set(["'self'"]);
  if (stripe) formTargets.add("https://checkout.stripe.com");
  for (const origin of [paymentPageOrigin, ...formActionOrigins])
    if (origin && PLAIN_ORIGIN.test(origin)) formTargets.add(origin);
  const directives = [
    "default-src 'self'",
    `script-src ${scripts.join(" ")}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect.join(" ")}`,
    `frame-src ${frames.join(" ")}`,
    "object-src 'none'",
    "base-uri 'self'",
    `form-action ${[...formTargets].join(" ")}`,
    `frame-ancestors ${frameAncestorSources(frameAncestors)}`,
  ];
  return directives.join("; ");
}

function frameAncestorSources(frameAncestors: readonly string[]): string {
  if (frameAncestors.includes("*")) return "*";
  const origins = new Set(frameAncestors.filter((origin) => PLAIN_ORIGIN.test(origin)));
  return origins.size > 0 ? [...origins].join(" ") : "'none'";
}

export function securityHeaders(options: CspOptions): Record<string, string> {
  const headers: Record<string, string> = {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    "Cross-Origin-Opener-Policy": "same-origin",
  };
  // the old header cannot name an origin; a page that may be framed leaves it out and CSP frame-ancestors decides
  if (!options.frameAncestors?.length) headers["X-Frame-Options"] = "DENY";
  if (options.https) headers["Strict-Transport-Security"] = "max-age=31536000; includeSubDomains";
  return headers;
}

// Internet Explorer and pre-Chromium Edge cannot run the portal's CSS or its enhancements safely.
const OLD_BROWSER = /MSIE [1-9]\.|MSIE 1[01]\.|Trident\/|Edge\/1[2-8]\./;

/** Whether a page request comes from a browser too old to be kept secure (sent to /old-browser). */
export function isOldBrowser(method: string, path: string, userAgent: string | undefined): boolean {
  if (method !== "GET" || path === "/old-browser" || path.startsWith("/assets/")) return false;
  return OLD_BROWSER.test(userAgent ?? "");
}

/**
 * Whether a request's path (before the query) is one no portal page has and a browser could read as another host:
 * a leading `//` or any backslash (`/\evil.example` is `//evil.example` to the URL parser). Such a path is answered
 * 404 before Remix, so no redirect built from the request's own path (the maintenance bypass, the log-in way back)
 * can echo it as a protocol-relative Location.
 */
export function isOffSitePath(originalUrl: string): boolean {
  const path = originalUrl.split("?", 1)[0];
  return path.startsWith("//") || path.includes("\\");
}
