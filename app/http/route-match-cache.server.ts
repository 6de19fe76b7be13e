import { createRequire } from "node:module";

/**
 * Remembers route matches by path (decision 095). React Router's `matchRoutes` flattens and ranks the whole route
 * table and compiles a regular expression per route tried, on every call; a page request calls it several times
 * (Remix's server matching, the partial manifest of lazy route discovery for each parent path, React Router's render),
 * which was ~9 % of the portal's CPU in a profile of the category page (issue 13 item 4).
 *
 * What a path matches depends only on the table's shape (each route's id, path, index, caseSensitive and children),
 * the basename and the path, so the answer is kept under those, as route ids, params and pathnames, and rebuilt
 * against the route objects of the table passed in (Remix builds a new table of the same shape for each render).
 * A table whose routes lack ids, or a location that is neither a string nor `{ pathname }`, goes to the original.
 */

type RouteLike = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteLike[] };
type Match = { params: Record<string, string | undefined>; pathname: string; pathnameBase: string; route: RouteLike };
type MatchRoutes = (routes: RouteLike[], location: unknown, basename?: string) => Match[] | null;
type Kept =
  { routeId: string; params: Record<string, string | undefined>; pathname: string; pathnameBase: string }[] | null;
type Table = { shape: string; byId: Map<string, RouteLike> } | null;

/** Wraps `matchRoutes`; `limit` paths are kept (least recently used dropped first). */
export function rememberingMatchRoutes(original: MatchRoutes, limit = 2000): MatchRoutes {
  const tables = new WeakMap<RouteLike[], Table>();
  const kept = new Map<string, Kept>();

  const tableOf = (routes: RouteLike[]): Table => {
    if (tables.has(routes)) return tables.get(routes) ?? null;
    const byId = new Map<string, RouteLike>();
    let complete = true;
    const shapeOf = (list: RouteLike[]): string =>
      list
        .map((route) => {
          if (typeof route.id !== "string" || byId.has(route.id)) complete = false;
          else byId.set(route.id, route);
          const children = route.children?.length ? `[${shapeOf(route.children)}]` : "";
          return `${JSON.stringify([route.id, route.path ?? null, route.index === true, route.caseSensitive === true])}${children}`;
        })
        .join(",");
    const shape = shapeOf(routes);
    const table = complete ? { shape, byId } : null;
    tables.set(routes, table);
    return table;
  };

  return function matchRoutes(routes, location, basename = "/") {
    const path =
      typeof location === "string"
        ? location
        : location &&
            typeof location === "object" &&
            Object.keys(location).every((k) => k === "pathname") &&
            typeof (location as { pathname?: unknown }).pathname === "string"
          ? (location as { pathname: string }).pathname
          : null;
    const table = Array.isArray(routes) && path !== null ? tableOf(routes) : null;
    if (!table || path === null) return original(routes, location, basename);

    const key = `${table.shape}\u0000${basename}\u0000${path}`;
    let answer = kept.get(key);
    if (answer === undefined) {
      const matches = original(routes, location, basename);
      answer = matches
        ? matches.map((m) => ({
            routeId: m.route.id as string,
            params: m.params,
            pathname: m.pathname,
            pathnameBase: m.pathnameBase,
          }))
        : null;
      if (kept.size >= limit) kept.delete(kept.keys().next().value as string);
    } else kept.delete(key); // re-inserted below: most recently used last
    kept.set(key, answer);
    if (!answer) return null;
    return answer.map((m) => ({
      params: { ...m.params },
      pathname: m.pathname,
      pathnameBase: m.pathnameBase,
      route: table.byId.get(m.routeId) as RouteLike,
    }));
  };
}

let installed = false;
let callsThroughCache = 0;
let installedMatchRoutes: MatchRoutes | undefined;

/**
 * Puts the remembering `matchRoutes` on @remix-run/router's CommonJS exports, which Remix's server runtime, its
 * lazy route discovery and React Router's render read at each call. Once per process; then checks that they do.
 */
export function installRouteMatchCache(): void {
  if (installed) return;
  installed = true;
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
  const remembering = rememberingMatchRoutes(router.matchRoutes);
  installedMatchRoutes = (routes, location, basename) => {
    callsThroughCache++;
    return remembering(routes, location, basename);
  };
  router.matchRoutes = installedMatchRoutes;
  checkRouteMatchCache();
}

const CHECK_ROUTE = { id: "route-match-cache-check", path: "route-match-cache-check" };

/**
 * The start-up self-check (decision 171): the cache saves ~2.3 ms of portal CPU a request only while the framework
 * calls `matchRoutes` through the router's exports object, which an upgrade can change without a sound. Remix's own
 * server matching is called once (it must go through the cache) and the `matchRoutes` React Router renders with, as
 * @remix-run/react reaches it, must be the installed one; otherwise the portal does not start.
 */
export function checkRouteMatchCache(): void {
  const require = createRequire(import.meta.url);
  const before = callsThroughCache;
  const { matchServerRoutes } = require("@remix-run/server-runtime/dist/routeMatching.js") as {
    matchServerRoutes: (routes: RouteLike[], pathname: string) => Array<{ route: RouteLike }> | null;
  };
  const matched = matchServerRoutes([CHECK_ROUTE], `/${CHECK_ROUTE.path}`)?.[0]?.route.id === CHECK_ROUTE.id;
  const fromRemixReact = createRequire(require.resolve("@remix-run/react"))("react-router-dom") as {
    matchRoutes: unknown;
  };
  const problems = [
    ...(installedMatchRoutes ? [] : ["it is not installed"]),
    ...(matched && callsThroughCache === before + 1 ? [] : ["Remix's server matching does not call it"]),
    ...(fromRemixReact.matchRoutes === installedMatchRoutes ? [] : ["React Router's render does not call it"]),
  ];
  if (problems.length > 0)
    throw new Error(
      `The route-match cache (decisions 095, 171) no longer works with this Remix: ${problems.join("; ")}. ` +
        "Re-check app/http/route-match-cache.server.ts against the framework's module layout, or remove it.",
    );
}
