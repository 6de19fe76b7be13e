import { describe, expect, it } from "vitest";
import {
  contentSecurityPolicy,
  crossSiteRefusal,
  isCrossSiteEntry,
  isOffSitePath,
  isOldBrowser,
  securityHeaders,
} from "./security.server";

describe("crossSiteRefusal (CSRF check on every non-GET)", () => {
  const h = (init: Record<string, string>) => new Headers(init);

  it.each(["GET", "HEAD", "OPTIONS"])("lets %s through without an Origin", (method) => {
    expect(crossSiteRefusal(method, h({}), "portal.test")).toBeNull();
  });

  it("accepts a POST from the same origin", () => {
    expect(crossSiteRefusal("POST", h({ origin: "http://portal.test:3000" }), "portal.test:3000")).toBeNull();
  });

  it("falls back to the Referer when there is no Origin", () => {
    expect(crossSiteRefusal("POST", h({ referer: "http://portal.test/basket" }), "portal.test")).toBeNull();
  });

  it.each([
    [{ origin: "https://evil.example" }, "The request came from another site."],
    [{ origin: "http://portal.test.evil.example" }, "The request came from another site."],
    [{ origin: "null" }, "The request did not say which site it came from."],
    [{}, "The request did not say which site it came from."],
    [{ origin: "::::" }, "The request's origin could not be read."],
  ])("refuses a POST with %j", (headers, reason) => {
    expect(crossSiteRefusal("POST", h(headers), "portal.test")).toBe(reason);
  });

  it.each(["PUT", "PATCH", "DELETE"])("checks %s too", (method) => {
    expect(crossSiteRefusal(method, h({ origin: "https://evil.example" }), "portal.test")).not.toBeNull();
  });

  it.each(["/punchout/cxml/setup", "/punchout/cxml/order", "/punchout/oci"])(
    "exempts a POST to %s, which authenticates by its shared secret (issue 16 item 8)",
    (path) => {
      expect(crossSiteRefusal("POST", h({}), "portal.test", path)).toBeNull();
      expect(crossSiteRefusal("POST", h({ origin: "https://buyer.example" }), "portal.test", path)).toBeNull();
    },
  );

  it.each([
    "/punchout/start/abc",
    "/punchout/transfer",
    "/punchout/cancel",
    "/punchout/oci/",
    "/punchout/oci.data",
    "/PUNCHOUT/OCI",
    "/punchout/cxml/setup/x",
    "/basket",
    "/login",
    "/checkout",
  ])("keeps the check for a POST to %s", (path) => {
    expect(crossSiteRefusal("POST", h({ origin: "https://buyer.example" }), "portal.test", path)).toBe(
      "The request came from another site.",
    );
    expect(crossSiteRefusal("POST", h({}), "portal.test", path)).toBe(
      "The request did not say which site it came from.",
    );
  });

  it("isCrossSiteEntry: a POST to exactly those paths (the HTTP server then drops its Origin, which Remix would refuse)", () => {
    expect(isCrossSiteEntry("POST", "/punchout/oci")).toBe(true);
    expect(isCrossSiteEntry("post", "/punchout/cxml/order")).toBe(true);
    expect(isCrossSiteEntry("GET", "/punchout/oci")).toBe(false);
    expect(isCrossSiteEntry("POST", "/punchout/oci/")).toBe(false);
    expect(isCrossSiteEntry("POST", undefined)).toBe(false);
  });

  it("exempts posts only: another method to an entry point keeps the check", () => {
    for (const method of ["PUT", "PATCH", "DELETE"]) {
      expect(
        crossSiteRefusal(method, h({ origin: "https://buyer.example" }), "portal.test", "/punchout/oci"),
      ).not.toBeNull();
    }
  });

  it("refuses a request without a Host", () => {
    expect(crossSiteRefusal("POST", h({ origin: "http://portal.test" }), undefined)).toBe(
      "The request has no Host header.",
    );
  });
});

describe("security headers", () => {
  it("allows scripts only from this site and with the request's nonce", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", stripe: false, https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("stripe");
  });

  it("opens Stripe's origins only when card payments are configured", () => {
    const csp = contentSecurityPolicy({ nonce: "abc", stripe: true, https: true });
    expect(csp).toContain("https://js.stripe.com");
  });

  it("sends HSTS only when served over HTTPS", () => {
    expect(securityHeaders({ nonce: "n", stripe: false, https: true })["Strict-Transport-Security"]).toBe(
      "max-age=31536000; includeSubDomains",
    );
    expect(securityHeaders({ nonce: "n", stripe: false, https: false })["Strict-Transport-Security"]).toBeUndefined();
  });
});

describe("CSP form-action: this site, plus only what a page really posts to (issue 11 item 10)", () => {
  const formAction = (options: Partial<Parameters<typeof contentSecurityPolicy>[0]>) =>
    contentSecurityPolicy({ nonce: "n", stripe: false, https: true, ...options })
      .split("; ")
      .find((d) => d.startsWith("form-action "));

  it("without card payments: 'self' only, no https: wildcard", () => {
    expect(formAction({})).toBe("form-action 'self'");
  });

  it("with Stripe: its hosted Checkout, where the no-JavaScript card checkout's form post is redirected", () => {
    expect(formAction({ stripe: true })).toBe("form-action 'self' https://checkout.stripe.com");
  });

  it("a configured payment stand-in's origin (e2e) besides", () => {
    expect(formAction({ stripe: true, https: false, paymentPageOrigin: "http://127.0.0.1:3160" })).toBe(
      "form-action 'self' https://checkout.stripe.com http://127.0.0.1:3160",
    );
  });

  it("origins one response allowed (the 3-D Secure hand-off), once each", () => {
    expect(formAction({ formActionOrigins: ["https://acs.bank.test", "https://acs.bank.test"] })).toBe(
      "form-action 'self' https://acs.bank.test",
    );
  });

  it("never anything that is not a plain origin, so no value can add a directive", () => {
    expect(formAction({ formActionOrigins: ["https://a.test;script-src *", "*", "https:", "'unsafe-inline'"] })).toBe(
      "form-action 'self'",
    );
  });
});

describe("CSP frame-ancestors: 'none', unless one response lets a procurement system frame it (decision 109)", () => {
  const policy = (frameAncestors?: string[]) =>
    contentSecurityPolicy({ nonce: "n", stripe: false, https: true, frameAncestors })
      .split("; ")
      .find((d) => d.startsWith("frame-ancestors "));

  it("'none' by default, with X-Frame-Options DENY", () => {
    expect(policy()).toBe("frame-ancestors 'none'");
    expect(securityHeaders({ nonce: "n", stripe: false, https: true })["X-Frame-Options"]).toBe("DENY");
  });

  it("the allowed origin instead of 'none', and no X-Frame-Options (it cannot name an origin)", () => {
    expect(policy(["https://buyer.example", "https://buyer.example"])).toBe("frame-ancestors https://buyer.example");
    expect(
      securityHeaders({ nonce: "n", stripe: false, https: true, frameAncestors: ["https://buyer.example"] })[
        "X-Frame-Options"
      ],
    ).toBeUndefined();
  });

  it("'*' for a page with nothing to click", () => {
    expect(policy(["*"])).toBe("frame-ancestors *");
  });

  it("never anything that is not a plain origin", () => {
    expect(policy(["https://a.test; script-src *", "https:", "'self'"])).toBe("frame-ancestors 'none'");
  });
});

describe("isOldBrowser", () => {
  const IE11 = "Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko";
  const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
  const OLD_EDGE =
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0 Safari/537.36 Edge/18.17763";

  it.each([
    ["GET", "/dashboard", IE11, true],
    ["GET", "/login", OLD_EDGE, true],
    ["GET", "/dashboard", CHROME, false],
    ["GET", "/old-browser", IE11, false],
    ["GET", "/assets/root-BC1x2Yz4.js", IE11, false],
    ["POST", "/logout", IE11, false],
    ["GET", "/dashboard", undefined, false],
  ])("%s %s (%s) → %s", (method, path, ua, expected) => {
    expect(isOldBrowser(method, path, ua)).toBe(expected);
  });
});

describe("isOffSitePath (answered 404 before Remix, so no redirect can echo it)", () => {
  it.each([
    ["//evil.example/?bypass=token", true],
    ["///evil.example", true],
    ["/\\evil.example?token", true],
    ["/basket\\..\\x", true],
    ["/%5Cevil.example", false],
    ["/", false],
    ["/order-history?redirect=//evil.example", false],
    ["/search?q=a\\b", false],
  ])("%j → %s", (url, expected) => {
    expect(isOffSitePath(url)).toBe(expected);
  });
});
