import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  checkRenderRoutesMemo,
  installRenderRoutesMemo,
  rememberingDataRoutes,
  rememberingServerRoutes,
} from "./render-routes.server";

// Decision 186: the render's route objects remembered per build, compared with what the framework builds itself.

const require = createRequire(import.meta.url);
const fromRemixReact = createRequire(require.resolve("@remix-run/react"));
type Fn = (...args: unknown[]) => unknown[];
const remixRoutes = fromRemixReact("./routes.js") as { createServerRoutes: Fn };
const router = createRequire(fromRemixReact.resolve("react-router-dom"))("@remix-run/router") as {
  UNSAFE_convertRoutesToDataRoutes: Fn;
};
const mapRouteProperties = (
  createRequire(fromRemixReact.resolve("react-router-dom"))("react-router") as { UNSAFE_mapRouteProperties: unknown }
).UNSAFE_mapRouteProperties;

// the portal's shape in small: a root, a pathless layout, an index route, dynamic and splat paths
const entry = (id: string, parentId: string | undefined, extra: object = {}) => ({
  id,
  parentId,
  module: `/assets/${id}.js`,
  hasLoader: true,
  hasAction: false,
  hasClientLoader: false,
  hasClientAction: false,
  hasErrorBoundary: id === "root",
  ...extra,
});
const manifest = () => ({
  root: entry("root", undefined, { path: "" }),
  "routes/_default": entry("routes/_default", "root"),
  "routes/_default._index": entry("routes/_default._index", "routes/_default", { index: true }),
  "routes/_default.product.$slug": entry("routes/_default.product.$slug", "routes/_default", { path: "product/:slug" }),
  "routes/_default.$": entry("routes/_default.$", "routes/_default", { path: "*" }),
});
const component = (name: string) => Object.assign(() => null, { displayName: name });
const modules = {
  root: { default: component("Root"), ErrorBoundary: component("RootError"), handle: { root: true } },
  "routes/_default": { default: component("Layout") },
  "routes/_default._index": { default: component("Index") },
  "routes/_default.product.$slug": { default: component("Product"), handle: { product: true } },
  "routes/_default.$": { default: component("NotFound") },
};

/** A route table as data: each function by its name (the framework makes a new `loader: () => null` each time). */
function shape(value: unknown): unknown {
  if (typeof value === "function") return `function ${(value as { displayName?: string }).displayName ?? value.name}`;
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]));
  return value;
}

describe("rememberingServerRoutes (decision 186)", () => {
  it("answers what createServerRoutes answers, and the same objects again for the same build", () => {
    const remembering = rememberingServerRoutes(remixRoutes.createServerRoutes as never);
    const built = manifest();
    const future = { v3_singleFetch: true };
    const first = remembering(built, { ...modules }, future, false);
    expect(shape(first)).toEqual(shape(remixRoutes.createServerRoutes(built, { ...modules }, {}, false)));
    expect(JSON.stringify(shape(first))).toContain('"Component":"function Product"');
    // Remix passes a new map of the same modules with each request (and the build's own future flags)
    expect(remembering(built, { ...modules }, future, false)).toBe(first);
  });

  it("builds again for another build, other modules or SPA mode", () => {
    const remembering = rememberingServerRoutes(remixRoutes.createServerRoutes as never);
    const built = manifest();
    const future = {};
    const first = remembering(built, modules, future, false);
    expect(remembering(manifest(), modules, future, false)).not.toBe(first);
    const changed = { ...modules, "routes/_default._index": { default: component("Index2") } };
    const again = remembering(built, changed, future, false);
    expect(again).not.toBe(first);
    expect(shape(again)).toEqual(shape(remixRoutes.createServerRoutes(built, changed, future, false)));
    expect(remembering(built, changed, future, true)).not.toBe(again);
  });
});

describe("rememberingDataRoutes (decision 186)", () => {
  it("answers what convertRoutesToDataRoutes answers, fills the caller's map alike, and reuses its answer", () => {
    const remembering = rememberingDataRoutes(router.UNSAFE_convertRoutesToDataRoutes as never);
    const routes = remixRoutes.createServerRoutes(manifest(), modules, {}, false);
    const theirs: Record<string, unknown> = {};
    const expected = router.UNSAFE_convertRoutesToDataRoutes(routes, mapRouteProperties, undefined, theirs);
    const ours: Record<string, unknown> = {};
    const first = remembering(routes, mapRouteProperties, undefined, ours);
    expect(shape(first)).toEqual(shape(expected));
    expect(Object.keys(ours).sort()).toEqual(Object.keys(theirs).sort());
    const again: Record<string, unknown> = {};
    expect(remembering(routes, mapRouteProperties, undefined, again)).toBe(first);
    expect(again).toEqual(ours);
    // each id names the data route object in the answer, as the framework's map does
    expect((again["routes/_default.product.$slug"] as { path: string }).path).toBe("product/:slug");
  });

  it("passes a call with a parent path, or with another table, to the framework", () => {
    const remembering = rememberingDataRoutes(router.UNSAFE_convertRoutesToDataRoutes as never);
    const routes = remixRoutes.createServerRoutes(manifest(), modules, {}, false);
    const first = remembering(routes, mapRouteProperties, undefined, {});
    expect(remembering(routes, mapRouteProperties, ["0"], {})).not.toBe(first);
    expect(remembering([...routes], mapRouteProperties, undefined, {})).not.toBe(first);
  });
});

describe("installRenderRoutesMemo", () => {
  it("puts both on the framework's exports, and the self-check fails loudly once the framework bypasses them", () => {
    installRenderRoutesMemo();
    const ours = remixRoutes.createServerRoutes;
    expect(() => checkRenderRoutesMemo()).not.toThrow();
    // as if an upgrade bound createServerRoutes directly: the render no longer reaches the memo
    remixRoutes.createServerRoutes = () => [];
    try {
      expect(() => checkRenderRoutesMemo()).toThrow(/decision 186.*no longer builds its routes through them/);
    } finally {
      remixRoutes.createServerRoutes = ours;
    }
    expect(() => checkRenderRoutesMemo()).not.toThrow();
  });
});
