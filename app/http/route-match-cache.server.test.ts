import { createRequire } from "node:module";
import { matchRoutes } from "@remix-run/router";
import { describe, expect, it, vi } from "vitest";
import { checkRouteMatchCache, installRouteMatchCache, rememberingMatchRoutes } from "./route-match-cache.server";

// the portal's shape in small: pathless layouts, index routes, dynamic and splat segments, a case-sensitive path
const table = () => [
  {
    id: "root",
    path: "",
    children: [
      {
        id: "routes/_default",
        children: [
          { id: "routes/_default._index", index: true },
          { id: "routes/_default.product.$productSlug", path: "product/:productSlug" },
          { id: "routes/_default.categories.$type.$", path: "categories/:type/*" },
          {
            id: "routes/_default.order-history",
            path: "order-history",
            children: [
              { id: "routes/_default.order-history._index", index: true },
              { id: "routes/_default.order-history.$orderId", path: ":orderId" },
            ],
          },
          { id: "routes/_default.Help", path: "Help", caseSensitive: true },
          { id: "routes/_default.$", path: "*" },
        ],
      },
      { id: "routes/_login", children: [{ id: "routes/_login.login", path: "login" }] },
    ],
  },
];
const paths = [
  "/",
  "/product/hv200",
  "/product/hv200/",
  "/categories/full/hi-vis/hi-vis-jackets",
  "/order-history",
  "/order-history/42",
  "/Help",
  "/help",
  "/login",
  "/nowhere/at/all",
  "/product/caf%C3%A9",
  "",
];
const plain = (matches: ReturnType<typeof matchRoutes>) =>
  matches?.map((m) => ({ id: m.route.id, params: m.params, pathname: m.pathname, pathnameBase: m.pathnameBase })) ??
  null;

describe("rememberingMatchRoutes (decision 095)", () => {
  it("answers exactly what matchRoutes answers, first time and remembered, for strings and { pathname }", () => {
    const remembering = rememberingMatchRoutes(matchRoutes as never);
    const routes = table();
    for (let round = 0; round < 2; round++) {
      for (const path of paths) {
        expect(plain(remembering(routes, path) as never)).toEqual(plain(matchRoutes(routes, path)));
        expect(plain(remembering(routes, { pathname: path }) as never)).toEqual(
          plain(matchRoutes(routes, { pathname: path })),
        );
        expect(plain(remembering(routes, path, "/portal") as never)).toEqual(
          plain(matchRoutes(routes, path, "/portal")),
        );
      }
    }
  });

  it("matches once per path and table shape, and answers with the route objects of the table passed in", () => {
    const spy = vi.fn(matchRoutes);
    const remembering = rememberingMatchRoutes(spy as never);
    const first = table();
    const second = table(); // Remix builds a new table of the same shape for each render
    remembering(first, "/product/hv200");
    const again = remembering(second, "/product/hv200") as never as ReturnType<typeof matchRoutes>;
    expect(spy).toHaveBeenCalledTimes(1);
    expect(again?.at(-1)?.route).toBe(second[0].children[0].children[1]);
    expect(again?.at(-1)?.params).toEqual({ productSlug: "hv200" });
  });

  it("a table of another shape is matched afresh, and a caller changing the answer's params changes nothing kept", () => {
    const spy = vi.fn(matchRoutes);
    const remembering = rememberingMatchRoutes(spy as never);
    const routes = table();
    const answer = remembering(routes, "/order-history/42") as never as NonNullable<ReturnType<typeof matchRoutes>>;
    (answer[answer.length - 1].params as Record<string, string>).orderId = "changed";
    expect(
      (remembering(routes, "/order-history/42") as never as NonNullable<ReturnType<typeof matchRoutes>>).at(-1)?.params,
    ).toEqual({ orderId: "42" });
    const other = table();
    other[0].children[0].children[1].path = "item/:productSlug";
    expect(plain(remembering(other, "/product/hv200") as never)).toEqual(plain(matchRoutes(other, "/product/hv200")));
    expect(spy).toHaveBeenCalledTimes(2);
  });

  it("keeps at most `limit` paths, dropping the least recently used", () => {
    const spy = vi.fn(matchRoutes);
    const remembering = rememberingMatchRoutes(spy as never, 2);
    const routes = table();
    remembering(routes, "/a");
    remembering(routes, "/b");
    remembering(routes, "/a"); // /a used last: /b goes when /c arrives
    remembering(routes, "/c");
    expect(spy).toHaveBeenCalledTimes(3);
    remembering(routes, "/a");
    expect(spy).toHaveBeenCalledTimes(3);
    remembering(routes, "/b");
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it("goes to the original for routes without ids or a location with more than a pathname", () => {
    const spy = vi.fn(matchRoutes);
    const remembering = rememberingMatchRoutes(spy as never);
    const anonymous = [{ path: "/x" }, { path: "/y" }];
    remembering(anonymous, "/x");
    remembering(anonymous, "/x");
    remembering(table(), { pathname: "/login", search: "?a=1" });
    remembering(table(), { pathname: "/login", search: "?a=1" });
    expect(spy).toHaveBeenCalledTimes(4);
  });
});

describe("the route-match cache's start-up check (decision 171)", () => {
  it("passes once installed: Remix's server matching and React Router's render go through the cache", () => {
    installRouteMatchCache(); // checks itself; a second call is a no-op
    expect(() => checkRouteMatchCache()).not.toThrow();
  });

  it("stops the start-up when the framework no longer calls the installed matchRoutes", () => {
    installRouteMatchCache();
    const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: unknown };
    const installed = router.matchRoutes;
    router.matchRoutes = () => null; // as if an upgrade bound another matchRoutes directly
    try {
      expect(() => checkRouteMatchCache()).toThrow(
        "The route-match cache (decisions 095, 171) no longer works with this Remix: Remix's server matching does " +
          "not call it; React Router's render does not call it.",
      );
    } finally {
      router.matchRoutes = installed;
    }
  });
});
