import { createRequire } from "node:module";

/**
 * The render's route objects built once per build, not once per page (issue 37 item 3, decision 186).
 *
 * For every document request Remix's `RemixServer` builds the server route objects from the build's manifest
 * (`createServerRoutes`, ~6.5 % of the portal's CPU on the floor page), and React Router's `createStaticRouter` turns
 * them into data routes (`convertRoutesToDataRoutes`), a new table each time, so the route-match cache (decision 095)
 * must work out the new table's shape again (~4 %). Both depend only on the build: the manifest, the route modules and
 * the framework's route-property mapper. Remix 2 offers no hook, but both calls go through CommonJS exports objects
 * (`@remix-run/react`'s routes module, `@remix-run/router`), as `matchRoutes` does, so the remembering versions are put
 * there at start-up, and a self-check renders once through `RemixServer` and fails the start if either is bypassed.
 */

type Modules = Record<string, unknown>;
type CreateServerRoutes = (
  manifest: Modules,
  routeModules: Modules,
  future: unknown,
  isSpaMode: boolean,
  ...rest: unknown[]
) => unknown[];
type Convert = (routes: unknown[], mapRouteProperties: unknown, parentPath?: unknown, manifest?: Modules) => unknown[];

/** True when both maps hold the same modules under the same ids. */
function sameModules(a: Modules, b: Modules): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => a[key] === b[key]);
}

/**
 * `createServerRoutes` remembered per manifest (one per build) while the route modules are the same ones (Remix passes
 * a new map of the same modules each request). Other calls (the framework's own recursion passes more arguments) go
 * to the original.
 */
export function rememberingServerRoutes(original: CreateServerRoutes): CreateServerRoutes {
  const kept = new WeakMap<
    Modules,
    { routeModules: Modules; future: unknown; isSpaMode: boolean; routes: unknown[] }
  >();
  return function createServerRoutes(manifest, routeModules, future, isSpaMode, ...rest) {
    if (rest.length > 0 || !manifest || typeof manifest !== "object")
      return original(manifest, routeModules, future, isSpaMode, ...rest);
    const hit = kept.get(manifest);
    if (hit && hit.future === future && hit.isSpaMode === isSpaMode && sameModules(hit.routeModules, routeModules))
      return hit.routes;
    const routes = original(manifest, routeModules, future, isSpaMode);
    kept.set(manifest, { routeModules: { ...routeModules }, future, isSpaMode, routes });
    return routes;
  };
}

/**
 * `convertRoutesToDataRoutes` remembered per route table and mapper: the same data routes come back, and the caller's
 * id → route map is filled as the original fills it. A call with a parent path (the framework's recursion) goes to
 * the original.
 */
export function rememberingDataRoutes(original: Convert): Convert {
  const kept = new WeakMap<unknown[], { map: unknown; dataRoutes: unknown[]; byId: Modules }>();
  return function convertRoutesToDataRoutes(routes, mapRouteProperties, parentPath, manifest) {
    if (parentPath !== undefined || !Array.isArray(routes))
      return original(routes, mapRouteProperties, parentPath, manifest);
    const hit = kept.get(routes);
    if (hit && hit.map === mapRouteProperties) {
      if (manifest) Object.assign(manifest, hit.byId);
      return hit.dataRoutes;
    }
    const byId: Modules = {};
    const dataRoutes = original(routes, mapRouteProperties, undefined, byId);
    kept.set(routes, { map: mapRouteProperties, dataRoutes, byId });
    if (manifest) Object.assign(manifest, byId);
    return dataRoutes;
  };
}

let installed: { serverRoutes: CreateServerRoutes; dataRoutes: Convert; calls: number } | null = null;

function frameworkModules() {
  const require = createRequire(import.meta.url);
  const fromRemixReact = createRequire(require.resolve("@remix-run/react"));
  return {
    remixRoutes: fromRemixReact("./routes.js") as { createServerRoutes: CreateServerRoutes },
    router: createRequire(fromRemixReact.resolve("react-router-dom"))("@remix-run/router") as {
      UNSAFE_convertRoutesToDataRoutes: Convert;
    },
    remixServer: fromRemixReact("./server.js") as { RemixServer: (props: object) => unknown },
  };
}

/** Puts both remembering functions on the framework's exports objects, once per process, then checks they are used. */
export function installRenderRoutesMemo(): void {
  if (!installed) {
    const { remixRoutes, router } = frameworkModules();
    const serverRoutes = rememberingServerRoutes(remixRoutes.createServerRoutes);
    const dataRoutes = rememberingDataRoutes(router.UNSAFE_convertRoutesToDataRoutes);
    const state: { calls: number; serverRoutes: CreateServerRoutes; dataRoutes: Convert } = {
      calls: 0,
      serverRoutes: ((...args: Parameters<CreateServerRoutes>) => (
        state.calls++,
        serverRoutes(...args)
      )) as CreateServerRoutes,
      dataRoutes: ((...args: Parameters<Convert>) => (state.calls++, dataRoutes(...args))) as Convert,
    };
    remixRoutes.createServerRoutes = state.serverRoutes;
    router.UNSAFE_convertRoutesToDataRoutes = state.dataRoutes;
    installed = state;
  }
  checkRenderRoutesMemo();
}

/**
 * The start-up self-check: `RemixServer` is called once, as a render calls it, on a one-route build; it must reach
 * both remembering functions (two calls), or the portal does not start. An upgrade that binds them directly would
 * otherwise lose the saving without a sound.
 */
export function checkRenderRoutesMemo(): void {
  const { remixServer } = frameworkModules();
  const before = installed?.calls ?? 0;
  const route = { id: "root", path: "", hasLoader: false, module: "" };
  const context = {
    manifest: { routes: { root: route }, entry: { module: "", imports: [] }, url: "", version: "" },
    routeModules: { root: { default: () => null } },
    future: {},
    isSpaMode: false,
    serverHandoffString: "",
    staticHandlerContext: {
      basename: "/",
      location: { pathname: "/", search: "", hash: "", state: null, key: "default" },
      matches: [],
      loaderData: {},
      actionData: null,
      errors: null,
      statusCode: 200,
      loaderHeaders: {},
      actionHeaders: {},
      activeDeferreds: null,
    },
  };
  let problem: string | null = installed ? null : "it is not installed";
  if (!problem) {
    try {
      remixServer.RemixServer({ context, url: "http://localhost/" });
      if (installed!.calls !== before + 2) problem = "RemixServer no longer builds its routes through them";
    } catch (error) {
      problem = `RemixServer could not be called as a render calls it (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  if (problem)
    throw new Error(
      `The render-routes memo (decision 186) no longer works with this Remix: ${problem}. ` +
        "Re-check app/http/render-routes.server.ts against the framework's module layout, or remove it.",
    );
}
