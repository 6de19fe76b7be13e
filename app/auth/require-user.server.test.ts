import { http, HttpResponse } from "msw";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { action as logout } from "~/routes/logout";
import { testLoadContext } from "~/http/context";
import { MAINTENANCE_CACHE_MS, SESSION_CACHE_MS, setUpstreamCachingForTests } from "~/upstream/cache.server";
import { getUpstream } from "~/upstream/client.server";
import { EVERY_CUSTOMER_PERMISSION } from "../../tests/mocks/permissions";
import { authHandlers } from "../../tests/mocks/upstream/auth";
import { sessionAnswer, UPSTREAM } from "../../tests/mocks/upstream/fixtures";
import { get, locationOf, post, sessionCookie, settle } from "../../tests/mocks/requests";
import { useUpstreamMock } from "../../tests/mocks/server";
import { allowedFrameAncestors } from "~/http/form-action.server";
import { openRequestScope, REQUEST_SCOPE_HEADER } from "~/http/request-scope.server";
import { checkMaintenance, requireAnonymous, requireUser, safeRedirect } from "./require-user.server";

const server = useUpstreamMock();

describe("guard order: maintenance → logged in → business unit → access guard", () => {
  it("sends everyone to /maintenance while it is on, before asking for a login", async () => {
    server.use(...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "open-sesame" } }));
    expect(locationOf(await settle(async () => requireUser(get("/order-history"))))).toBe("/maintenance");
    const cookie = await sessionCookie();
    expect(locationOf(await settle(async () => requireUser(get("/order-history", cookie))))).toBe("/maintenance");
  });

  it("remembers the bypass key for the browser session and drops it from the address", async () => {
    server.use(...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "open-sesame" } }));
    const cookie = await sessionCookie();
    const result = await settle(async () => requireUser(get("/order-history?page=2&open-sesame", cookie)));
    expect(locationOf(result)).toBe("/order-history?page=2");
    const setCookie = (result as Response).headers.get("Set-Cookie") ?? "";
    expect(setCookie).toContain("__portal_bypass=");
    const bypass = setCookie.split(";")[0];
    const user = await requireUser(get("/order-history", `${cookie}; ${bypass}`));
    expect(user.session.user.email).toBe("buyer@demo.test");
  });

  it("takes the bypass as bypass=TOKEN too, as the provider's CLI prints it", async () => {
    server.use(...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "open-sesame" } }));
    const result = await settle(async () => requireUser(get("/basket?bypass=open-sesame", await sessionCookie())));
    expect(locationOf(result)).toBe("/basket");
  });

  it.each([
    ["//evil.example/?bypass=open-sesame", "/"],
    ["/\\evil.example?open-sesame", "/"],
    ["//evil.example/path?open-sesame&page=2", "/"],
    ["/.//evil.example?open-sesame", "/"],
    ["/search?bypass=open-sesame&q=%E3%80%82", "/search?q=%E3%80%82"],
    ["/search?open-sesame&q=\u3002", "/search?q=%E3%80%82"],
  ])("the bypass redirect from %j stays on this site (%j)", async (path, expected) => {
    server.use(...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "open-sesame" } }));
    const result = (await settle(async () => requireUser(get(path, await sessionCookie())))) as Response;
    expect(result.status).toBe(302);
    expect(locationOf(result)).toBe(expected);
    expect(result.headers.get("Set-Cookie")).toContain("__portal_bypass=");
  });

  it("a wrong bypass key is no bypass", async () => {
    server.use(...authHandlers({ maintenance: { isMaintenanceEnabled: true, bypassToken: "open-sesame" } }));
    const cookie = await sessionCookie();
    expect(locationOf(await settle(async () => requireUser(get("/?sesame", cookie))))).toBe("/maintenance");
  });

  it("carries on when the maintenance check itself fails (SPEC §8)", async () => {
    server.use(...authHandlers({ maintenance: "error" }));
    const user = await requireUser(get("/dashboard", await sessionCookie()));
    expect(user.session.selectedCustomer?.name).toBe("Northwind Facilities");
  });

  it("sends a visitor with no session to /login with the full path to come back to", async () => {
    server.use(...authHandlers());
    const result = await settle(async () => requireUser(get("/order-history?status=Closed&page=2")));
    expect(locationOf(result)).toBe(`/login?redirect=${encodeURIComponent("/order-history?status=Closed&page=2")}`);
  });

  it("uses the page path, not Remix's .data path, as the place to come back to", async () => {
    server.use(...authHandlers());
    const result = await settle(async () => requireUser(get("/order-history.data?page=2&_routes=routes%2F_default")));
    expect(locationOf(result)).toBe(`/login?redirect=${encodeURIComponent("/order-history?page=2")}`);
  });

  it("sends a user with several business units and none chosen to /select-your-customer", async () => {
    server.use(...authHandlers({ session: sessionAnswer({ customers: 2, selected: false }) }));
    const result = await settle(async () => requireUser(get("/dashboard", await sessionCookie())));
    expect(locationOf(result)).toBe(`/select-your-customer?redirect=${encodeURIComponent("/dashboard")}`);
    const onChooser = await requireUser(get("/select-your-customer", await sessionCookie()));
    expect(onChooser.session.customers).toHaveLength(2);
  });

  it("fetches GET /api/session once per request however many loaders ask", async () => {
    const counter = { session: 0 };
    server.use(...authHandlers({ counter }));
    const request = get("/dashboard", await sessionCookie());
    await Promise.all([requireUser(request), requireUser(request), requireUser(request)]);
    expect(counter.session).toBe(1);
    await requireUser(get("/dashboard", await sessionCookie()));
    expect(counter.session).toBe(2);
  });
});

describe("access guard (SPEC §5 and decision 052)", () => {
  const rows: Array<[path: string, permission: string]> = [
    ["/manpack", "canViewManpack"],
    ["/catalogue", "canViewFullCatalogue"],
    ["/my-catalogue", "canViewMyCatalogue"],
    ["/employee-catalogue", "canViewUserCatalogue"],
    ["/order-history", "viewOrderHistory"],
    ["/order-history/123", "viewOrderHistory"],
    ["/order-to-approve", "orderApproval"],
    ["/report", "viewReporting"],
    ["/new-manpack-user", "addManpackUser"],
    ["/categories/full/hi-vis", "canViewFullCatalogue"],
    ["/categories/my", "canViewMyCatalogue"],
    ["/categories/user/7/gloves", "canViewUserCatalogue"],
    // /wearer-pack needs canViewManpack and manpackOrders (decision 098): app/auth/access-guard.server.test.ts
    ["/reporting", "viewReporting"],
    ["/add-wearer", "addManpackUser"],
    ["/add-site-user", "addSiteUser"],
    ["/add-delivery-address", "addAddress"],
  ];

  it.each(rows)("%s without %s → /", async (path, permission) => {
    server.use(
      ...authHandlers({
        session: sessionAnswer({ permissions: EVERY_CUSTOMER_PERMISSION.filter((p) => p !== permission) }),
      }),
    );
    expect(locationOf(await settle(async () => requireUser(get(path, await sessionCookie()))))).toBe("/");
  });

  it.each(rows)("%s with %s is allowed", async (path, permission) => {
    // the approval screens need the isApprover setting as well (SPEC §6; a table rule since decision 057)
    server.use(
      ...authHandlers({ session: sessionAnswer({ permissions: [permission], setting: { isApprover: true } }) }),
    );
    const user = await requireUser(get(path, await sessionCookie()));
    expect(user.session.account.permissions).toContain(permission);
  });

  it("sends a punchout-only user outside punchout to /punchout-only, except on /login", async () => {
    server.use(...authHandlers({ session: sessionAnswer({ permissions: ["punchoutOnly", "canViewFullCatalogue"] }) }));
    expect(locationOf(await settle(async () => requireUser(get("/dashboard", await sessionCookie()))))).toBe(
      "/punchout-only",
    );
    const onPage = await requireUser(get("/punchout-only", await sessionCookie()));
    expect(onPage.inPunchout).toBe(false);
  });

  it("ignores punchoutOnly and browseOnly inside a punchout session", async () => {
    server.use(
      ...authHandlers({
        session: sessionAnswer({
          permissions: ["punchoutOnly", "browseOnly", "canViewFullCatalogue"],
          punchoutSession: "po-1",
        }),
      }),
    );
    const user = await requireUser(get("/basket", await sessionCookie()));
    expect(user.inPunchout).toBe(true);
  });

  it("lets the punchout session's procurement system frame the page, and nobody else (decision 109)", async () => {
    const punchout = {
      id: "po-1",
      protocol: "cxml",
      operation: "create",
      orderingAllowed: false,
      returnOrigin: "https://buyer.example",
    } as const;
    const scoped = async (punchoutSession: string | null, values: Parameters<typeof sessionCookie>[0]) => {
      server.use(
        ...authHandlers({ session: sessionAnswer({ permissions: ["canViewFullCatalogue"], punchoutSession }) }),
      );
      const scope = openRequestScope();
      const request = get("/basket", await sessionCookie(values));
      request.headers.set(REQUEST_SCOPE_HEADER, scope.key);
      await requireUser(request);
      const allowed = allowedFrameAncestors(scope.key);
      scope.close();
      return allowed;
    };
    expect(await scoped("po-1", { token: "token-1", punchout })).toEqual(["https://buyer.example"]);
    // no return origin remembered, another punchout session, or none at all: 'none' stays
    expect(await scoped("po-1", { token: "token-1", punchout: { ...punchout, returnOrigin: null } })).toEqual([]);
    expect(await scoped("po-2", { token: "token-1", punchout })).toEqual([]);
    expect(await scoped(null, { token: "token-1", punchout })).toEqual([]);
  });

  it("keeps browse-only users away from the basket outside punchout (decision 050)", async () => {
    server.use(...authHandlers({ session: sessionAnswer({ permissions: ["browseOnly", "canViewFullCatalogue"] }) }));
    expect(locationOf(await settle(async () => requireUser(get("/basket", await sessionCookie()))))).toBe("/");
  });

  it("sends non-evolve users away from /admin and lets evolve users in", async () => {
    server.use(...authHandlers());
    expect(locationOf(await settle(async () => requireUser(get("/admin/orders", await sessionCookie()))))).toBe("/");
    server.use(...authHandlers({ session: sessionAnswer({ isEvolveUser: true }) }));
    const admin = await requireUser(get("/admin/orders", await sessionCookie()));
    expect(admin.session.account.isEvolveUser).toBe(true);
  });

  it("a missing route permission redirects a page load to / and refuses a post with 403", async () => {
    server.use(...authHandlers({ session: sessionAnswer({ permissions: ["canViewFullCatalogue"] }) }));
    const cookie = await sessionCookie();
    const page = await settle(async () => requireUser(get("/dashboard", cookie), { permission: "orderApproval" }));
    expect(locationOf(page)).toBe("/");
    const posted = await settle(async () =>
      requireUser(post("/dashboard", {}, cookie), { permission: "orderApproval" }),
    );
    expect((posted as Response).status).toBe(403);
  });
});

describe("route rules from the access table (decision 057)", () => {
  it("an approval screen: a page load by a non-approver goes to /, a post is refused with 403", async () => {
    server.use(...authHandlers({ session: sessionAnswer({ permissions: ["orderApproval"] }) }));
    const cookie = await sessionCookie();
    expect(locationOf(await settle(async () => requireUser(get("/order-to-approve/5", cookie))))).toBe("/");
    const posted = await settle(async () => requireUser(post("/saved-punchout-baskets/5", {}, cookie)));
    expect((posted as Response).status).toBe(403);
    server.use(
      ...authHandlers({ session: sessionAnswer({ permissions: ["orderApproval"], setting: { isApprover: true } }) }),
    );
    const user = await requireUser(post("/order-to-approve/5", {}, await sessionCookie()));
    expect(user.session.setting.isApprover).toBe(true);
  });

  it("amending an order's address: the page opens with viewOrderHistory, the post needs amendOrderDeliveryAddress", async () => {
    server.use(...authHandlers({ session: sessionAnswer({ permissions: ["viewOrderHistory"] }) }));
    const cookie = await sessionCookie();
    const user = await requireUser(get("/order-history/5", cookie));
    expect(user.session.account.permissions).toEqual(["viewOrderHistory"]);
    const posted = await settle(async () => requireUser(post("/order-history/5", {}, cookie)));
    expect((posted as Response).status).toBe(403);
  });
});

describe("401 from the provider", () => {
  it("clears the session and sends the user to /login with the way back", async () => {
    server.use(...authHandlers({ session: "unauthorized" }));
    const result = (await settle(async () => requireUser(get("/order-history/5", await sessionCookie())))) as Response;
    expect(locationOf(result)).toBe(`/login?redirect=${encodeURIComponent("/order-history/5")}`);
    expect(result.headers.get("Set-Cookie")).toMatch(/__portal_session=;.*Expires=Thu, 01 Jan 1970/);
  });

  it("on /login itself passes the error on instead of redirecting", async () => {
    server.use(...authHandlers({ session: "unauthorized" }));
    const result = (await settle(async () => requireUser(get("/login", await sessionCookie())))) as Response;
    expect(result.status).toBe(401);
    expect(result.headers.get("Location")).toBeNull();
  });
});

describe("requireAnonymous (login layout)", () => {
  it("lets a visitor with no session see the page", async () => {
    server.use(...authHandlers());
    await expect(requireAnonymous(get("/login"))).resolves.toBeUndefined();
  });

  it("sends a logged-in user where they were heading, only if it is on this site", async () => {
    server.use(...authHandlers());
    const cookie = await sessionCookie();
    expect(
      locationOf(await settle(async () => requireAnonymous(get("/login?redirect=%2Forder-history", cookie)))),
    ).toBe("/order-history");
    expect(
      locationOf(await settle(async () => requireAnonymous(get("/login?redirect=%2F%2Fevil.example", cookie)))),
    ).toBe("/");
  });

  it("percent-encodes a way back that holds characters above U+00FF instead of failing (a Location is bytes)", async () => {
    server.use(...authHandlers());
    const cookie = await sessionCookie();
    const result = (await settle(async () =>
      requireAnonymous(get("/login?redirect=%2F%E3%80%82x", cookie)),
    )) as Response;
    expect(result.status).toBe(302);
    expect(locationOf(result)).toBe("/%E3%80%82x");
  });
});

describe("safeRedirect: same-site relative paths only", () => {
  it.each([
    ["/order-history?page=2", "/order-history?page=2"],
    ["/", "/"],
    ["//evil.example", "/"],
    ["/\\evil.example", "/"],
    ["https://evil.example/", "/"],
    ["http:evil.example", "/"],
    ["javascript:alert(1)", "/"],
    ["evil.example", "/"],
    ["/%0d%0aSet-Cookie:x", "/%0d%0aSet-Cookie:x"],
    ["/\t/evil.example", "/"],
    ["", "/"],
    // characters a Location header cannot carry are percent-encoded (UTF-8), never passed through
    ["/\u3002x", "/%E3%80%82x"],
    ["/product/caf\u00e9?q=\u{1F600}#d\u00e9", "/product/caf%C3%A9?q=%F0%9F%98%80#d%C3%A9"],
    ["/search?q=a b", "/search?q=a%20b"],
    // normalising must not turn a harmless path into a protocol-relative one
    ["/.//evil.example", "/"],
    ["/a/..//evil.example", "/"],
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
  ])("%j → %j", (input, expected) => {
    expect(safeRedirect(input)).toBe(expected);
  });

  it("always answers something a Location header can hold", () => {
    for (const input of ["/\u3002x", "/\u00ff", "/?q=\u0100", "/#\u4e2d"]) {
      expect(() => new Headers({ Location: safeRedirect(input) })).not.toThrow();
      expect(safeRedirect(input)).toMatch(/^\/[\x21-\x7e]*$/);
    }
  });

  it("ignores anything that is not a string", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined, "/dashboard")).toBe("/dashboard");
  });
});

describe("guard answers reused for a few seconds (decision 044)", () => {
  type Answer = ReturnType<typeof sessionAnswer> | "unauthorized";
  /** The provider's state, changed by the test between page loads; calls counted per path. */
  let provider: { maintenance: boolean; sessions: Record<string, Answer>; calls: Record<string, number> };

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-03-01T09:00:00Z"));
    setUpstreamCachingForTests(true);
    provider = { maintenance: false, sessions: { "token-1": sessionAnswer() }, calls: {} };
    const count = (path: string) => (provider.calls[path] = (provider.calls[path] ?? 0) + 1);
    server.use(
      http.get(`${UPSTREAM}/api/maintenance-status`, () => {
        count("maintenance");
        return HttpResponse.json({ isMaintenanceEnabled: provider.maintenance, bypassToken: "open-sesame" });
      }),
      http.get(`${UPSTREAM}/api/session`, ({ request }) => {
        count("session");
        const answer = provider.sessions[(request.headers.get("authorization") ?? "").replace("Bearer ", "")];
        if (!answer || answer === "unauthorized")
          return HttpResponse.json({ name: "NotAuthenticated", message: "Not authenticated" }, { status: 401 });
        return HttpResponse.json(answer);
      }),
      http.put(`${UPSTREAM}/api/basket-session`, () => (count("basket write"), HttpResponse.json({}))),
      http.get(
        `${UPSTREAM}/api/order`,
        () => (count("orders"), HttpResponse.json({ message: "gone" }, { status: 401 })),
      ),
      http.delete(`${UPSTREAM}/api/authentication`, () => (count("log-out"), HttpResponse.json({ revoked: true }))),
    );
  });
  afterEach(() => {
    setUpstreamCachingForTests(false);
    vi.useRealTimers();
  });

  const later = (ms: number) => vi.setSystemTime(Date.now() + ms);
  const dashboard = async (token = "token-1") =>
    settle(async () => requireUser(get("/dashboard", await sessionCookie({ token }))));

  it("maintenance switched on reaches guarded pages within MAINTENANCE_CACHE_MS, asked once for all of them", async () => {
    await requireUser(get("/dashboard", await sessionCookie()));
    await requireUser(get("/basket", await sessionCookie()));
    expect(provider.calls.maintenance).toBe(1);
    provider.maintenance = true;
    later(MAINTENANCE_CACHE_MS - 1);
    expect(locationOf(await dashboard())).toBeNull();
    later(1);
    expect(locationOf(await dashboard())).toBe("/maintenance");
    expect(provider.calls.maintenance).toBe(2);
  });

  it("the log-in layout's pages ask afresh, and what they hear reaches the guarded pages at once (both ways)", async () => {
    await requireUser(get("/dashboard", await sessionCookie()));
    provider.maintenance = true;
    expect(locationOf(await settle(async () => checkMaintenance(get("/login"))))).toBe("/maintenance");
    expect(locationOf(await dashboard())).toBe("/maintenance");
    provider.maintenance = false;
    await expect(checkMaintenance(get("/maintenance"))).resolves.toEqual({
      enabled: false,
      bypassed: false,
      message: null,
    });
    expect(locationOf(await dashboard())).toBeNull();
  });

  it("a permission change at the provider shows within SESSION_CACHE_MS, GET /api/session asked once meanwhile", async () => {
    expect(locationOf(await settle(async () => requireUser(get("/order-history", await sessionCookie()))))).toBeNull();
    provider.sessions["token-1"] = sessionAnswer({ permissions: ["canViewFullCatalogue"] });
    later(SESSION_CACHE_MS - 1);
    expect(locationOf(await settle(async () => requireUser(get("/order-history", await sessionCookie()))))).toBeNull();
    expect(provider.calls.session).toBe(1);
    later(1);
    expect(locationOf(await settle(async () => requireUser(get("/order-history", await sessionCookie()))))).toBe("/");
    expect(provider.calls.session).toBe(2);
  });

  it("a log-out elsewhere (the provider now answers 401) sends the user to /login within SESSION_CACHE_MS", async () => {
    await dashboard();
    provider.sessions["token-1"] = "unauthorized";
    later(SESSION_CACHE_MS);
    expect(locationOf(await dashboard())).toBe(`/login?redirect=${encodeURIComponent("/dashboard")}`);
  });

  it("a write this portal makes with the token drops the token's entry at once", async () => {
    await dashboard();
    provider.sessions["token-1"] = sessionAnswer({
      basket: { selectedBasketType: "stock-order-basket", stock: [{ productId: "9", qty: 2 }], manpack: [] },
    });
    const upstream = await getUpstream(get("/basket", await sessionCookie()));
    await upstream.put("/api/basket-session", z.unknown(), { body: {} });
    const user = (await dashboard()) as Awaited<ReturnType<typeof requireUser>>;
    expect(user.session.basket?.stock).toEqual([{ productId: "9", qty: 2 }]);
    expect(provider.calls.session).toBe(2);
  });

  it("logging out through the portal drops the entry: the old cookie no longer gets a page", async () => {
    await dashboard();
    const cookie = await sessionCookie();
    const answer = (await settle(async () =>
      logout({ request: post("/logout", {}, cookie), params: {}, context: testLoadContext() }),
    )) as Response;
    expect(locationOf(answer)).toBe("/login");
    expect(provider.calls["log-out"]).toBe(1);
    provider.sessions["token-1"] = "unauthorized"; // the provider revoked it
    expect(locationOf(await dashboard())).toBe(`/login?redirect=${encodeURIComponent("/dashboard")}`);
  });

  it("a 401 on any call with the token drops its entry", async () => {
    await dashboard();
    const upstream = await getUpstream(get("/order-history", await sessionCookie()));
    await settle(() => upstream.get("/api/order", z.unknown()));
    await dashboard();
    expect(provider.calls.session).toBe(2);
  });

  it("two tokens never share an entry", async () => {
    provider.sessions["token-2"] = {
      ...sessionAnswer(),
      user: { id: 2, email: "other@demo.test", firstName: "O", lastName: "Ther" },
    };
    const first = (await dashboard("token-1")) as Awaited<ReturnType<typeof requireUser>>;
    const second = (await dashboard("token-2")) as Awaited<ReturnType<typeof requireUser>>;
    expect(first.session.user.email).toBe("buyer@demo.test");
    expect(second.session.user.email).toBe("other@demo.test");
    expect(provider.calls.session).toBe(2);
  });
});
