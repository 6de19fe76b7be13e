import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { http as mswHttp, passthrough } from "msw";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testLoadContext } from "~/http/context";
import { action as checkoutAction } from "~/routes/_basket.checkout";
import { JACKET } from "../../tests/mocks/checkout";
import { post, sessionCookie, settle } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { basketHandlers, emptyBasket } from "../../tests/mocks/upstream/basket";
import { checkoutHandlers } from "../../tests/mocks/upstream/checkout";
import { sessionAnswer } from "../../tests/mocks/upstream/fixtures";
import {
  allowedFormActions,
  allowedFrameAncestors,
  allowFormAction,
  allowFrameAncestor,
  setPolicyWhenHeadersGo,
  widenedPolicy,
} from "./form-action.server";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "./request-scope.server";
import { contentSecurityPolicy, securityHeaders, type CspOptions } from "./security.server";

// Issue 11 item 10: CSP form-action is 'self' (+ Stripe's Checkout); the one response that renders a form posting
// elsewhere (the 3-D Secure hand-off, later a punchout return) allows that form's origin for itself only.
const server = useUpstreamMock();

/** A real HTTP server for the describe block that calls it, answering with `handle`; `base()` is its address. */
function useHttpServer(handle: RequestListener): () => string {
  let http: Server;
  let base = "";
  beforeAll(async () => {
    http = createServer(handle);
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())));
  return () => base;
}

function scoped(path: string, form: Record<string, string>, cookie?: string) {
  const scope = openRequestScope();
  const request = post(path, form, cookie);
  request.headers.set(REQUEST_SCOPE_HEADER, scope.key);
  return { scope, request };
}

describe("allowFormAction", () => {
  it("adds the target's origin to this request's response only", () => {
    const one = openRequestScope();
    const other = openRequestScope();
    const request = new Request("http://portal.test/checkout", {
      method: "POST",
      headers: { [REQUEST_SCOPE_HEADER]: one.key },
    });
    expect(allowFormAction(request, "https://acs.bank.test/challenge?x=1")).toBe("https://acs.bank.test");
    expect(allowFormAction(request, "https://ACS.bank.test:8443/again")).toBe("https://acs.bank.test:8443");
    expect(allowedFormActions(one.key)).toEqual(["https://acs.bank.test", "https://acs.bank.test:8443"]);
    expect(allowedFormActions(other.key)).toEqual([]);
    one.close();
    expect(allowedFormActions(one.key)).toEqual([]);
    other.close();
  });

  it.each(["javascript:alert(1)", "data:text/html,x", "/relative", "not a url", "ftp://files.bank.test/"])(
    "refuses %j",
    (target) => {
      const scope = openRequestScope();
      const request = new Request("http://portal.test/", {
        method: "POST",
        headers: { [REQUEST_SCOPE_HEADER]: scope.key },
      });
      expect(allowFormAction(request, target)).toBeNull();
      expect(allowedFormActions(scope.key)).toEqual([]);
      scope.close();
    },
  );

  it("keeps only the origin of a URL with credentials", () => {
    const scope = openRequestScope();
    const request = new Request("http://portal.test/", {
      method: "POST",
      headers: { [REQUEST_SCOPE_HEADER]: scope.key },
    });
    expect(allowFormAction(request, "https://user:pw@acs.bank.test/x")).toBe("https://acs.bank.test");
    scope.close();
  });

  it("does nothing outside an HTTP request's scope (route tests, scripts)", () => {
    expect(allowFormAction(new Request("http://portal.test/"), "https://acs.bank.test/")).toBeNull();
    expect(allowedFormActions(undefined)).toEqual([]);
  });
});

describe("the checkout's 3-D Secure hand-off", () => {
  let cookie: string;
  beforeAll(async () => {
    cookie = await sessionCookie();
  });

  function setUp(orderAnswer?: Record<string, string>) {
    const session = sessionAnswer({ permissions: ["canViewFullCatalogue"], setting: { needsAproval: false } });
    const basket = basketHandlers({
      store: {
        state: { ...emptyBasket(), stock: [JACKET], instructions: { stock: "", manpack: "" }, version: 5 },
        patches: [],
        reorders: [],
      },
    });
    const checkout = checkoutHandlers({ usableAddresses: ["701"], orderAnswer });
    server.use(...authHandlers({ session }), ...basket.handlers, ...checkout.handlers);
  }
  const form = {
    idempotencyKey: "3c1b2f8e-0d1c-4c59-9d7e-5c2a1b0e9f11",
    shippingMethod: "2",
    paymentMethod: "0",
    deliveryInstructions: "",
  };

  it("the checkout's answer is a document redirect that allows nothing itself: the 3-D Secure page's response does", async () => {
    setUp({ threeDSUrl: "https://acs.bank.test/challenge", cReq: "eyJjcmVxIjoxfQ", transactionId: "tx-9" });
    const { scope, request } = scoped("/checkout", form, cookie);
    const answer = (await settle(() =>
      checkoutAction({ request, params: {}, context: testLoadContext() }),
    )) as Response;
    expect(answer.headers.get("Location")).toBe("/checkout/3-d-secure");
    expect(allowedFormActions(scope.key)).toEqual([]);
    scope.close();
  });

  it("an order placed without 3-D Secure allows nothing more", async () => {
    setUp();
    const { scope, request } = scoped("/checkout", form, cookie);
    await settle(() => checkoutAction({ request, params: {}, context: testLoadContext() }));
    expect(allowedFormActions(scope.key)).toEqual([]);
    scope.close();
  });
});

describe("setPolicyWhenHeadersGo (the HTTP server writes the CSP as the headers go out)", () => {
  const base = useHttpServer((req, res) => {
    const scope = openRequestScope();
    res.setHeader("Content-Security-Policy", "form-action 'self'");
    setPolicyWhenHeadersGo(res, () =>
      contentSecurityPolicy({
        nonce: "n",
        stripe: false,
        https: false,
        formActionOrigins: allowedFormActions(scope.key),
      }),
    );
    // what an action does while the response is being made
    if (req.url === "/3ds")
      allowFormAction(
        new Request("http://portal.test/", { method: "POST", headers: { [REQUEST_SCOPE_HEADER]: scope.key } }),
        "https://acs.bank.test/c",
      );
    res.on("close", scope.close);
    res.end("ok");
  });

  it("a response that allowed an origin carries it; another response does not", async () => {
    server.use(mswHttp.all(`${base()}/*`, () => passthrough()));
    const withForm = await fetch(`${base()}/3ds`);
    expect(withForm.headers.get("Content-Security-Policy")).toContain("form-action 'self' https://acs.bank.test;");
    const plain = await fetch(`${base()}/other`);
    expect(plain.headers.get("Content-Security-Policy")).toContain("form-action 'self';");
    expect(plain.headers.get("Content-Security-Policy")).not.toContain("acs.bank.test");
  });
});

describe("allowFrameAncestor (a punchout session's pages in the procurement system's iframe, decision 109)", () => {
  it("keeps the origin of an http(s) URL, or '*', for this request's response only", () => {
    const scope = openRequestScope();
    const request = new Request("http://portal.test/basket", { headers: { [REQUEST_SCOPE_HEADER]: scope.key } });
    expect(allowFrameAncestor(request, "https://buyer.example/punchout/return?x=1")).toBe("https://buyer.example");
    expect(allowFrameAncestor(request, "javascript:alert(1)")).toBeNull();
    expect(allowedFrameAncestors(scope.key)).toEqual(["https://buyer.example"]);
    expect(allowedFrameAncestors(openRequestScope().key)).toEqual([]);
    scope.close();
    expect(allowFrameAncestor(new Request("http://portal.test/"), "*")).toBeNull();
  });

  describe("the HTTP server's headers (widenedPolicy)", () => {
    const csp: CspOptions = { nonce: "n", stripe: false, https: false };
    const base = useHttpServer((req, res) => {
      const scope = openRequestScope();
      for (const [name, value] of Object.entries(securityHeaders(csp))) res.setHeader(name, value);
      setPolicyWhenHeadersGo(res, () => widenedPolicy(res, csp, scope.key));
      const request = new Request("http://portal.test/", { headers: { [REQUEST_SCOPE_HEADER]: scope.key } });
      if (req.url === "/framed") allowFrameAncestor(request, "https://buyer.example/return");
      if (req.url === "/refusal") allowFrameAncestor(request, "*");
      if (req.url === "/return") allowFormAction(request, "https://buyer.example/return");
      res.on("close", scope.close);
      res.end("ok");
    });

    it("a framed page: frame-ancestors names the origin, and X-Frame-Options is gone", async () => {
      server.use(mswHttp.all(`${base()}/*`, () => passthrough()));
      const framed = await fetch(`${base()}/framed`);
      expect(framed.headers.get("Content-Security-Policy")).toContain("frame-ancestors https://buyer.example");
      expect(framed.headers.get("Content-Security-Policy")).toContain("form-action 'self';");
      expect(framed.headers.get("X-Frame-Options")).toBeNull();
      const refusal = await fetch(`${base()}/refusal`);
      expect(refusal.headers.get("Content-Security-Policy")).toMatch(/frame-ancestors \*$/);
      expect(refusal.headers.get("X-Frame-Options")).toBeNull();
    });

    it("any other page keeps frame-ancestors 'none' and X-Frame-Options DENY, a form-action widening included", async () => {
      server.use(mswHttp.all(`${base()}/*`, () => passthrough()));
      for (const path of ["/other", "/return"]) {
        const plain = await fetch(`${base()}${path}`);
        expect(plain.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
        expect(plain.headers.get("X-Frame-Options")).toBe("DENY");
      }
      expect((await fetch(`${base()}/return`)).headers.get("Content-Security-Policy")).toContain(
        "form-action 'self' https://buyer.example;",
      );
    });
  });
});
