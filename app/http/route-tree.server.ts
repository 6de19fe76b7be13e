import { createRequire } from "node:module";

/** A route as the server build lists it (`ServerBuild["routes"]`): its id, its parent's, its path below the parent's. */
export type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean };
type TreeRoute = BuildRoute & { children: TreeRoute[] };
type MatchRoutes = (routes: TreeRoute[], location: string) => Array<{ route: TreeRoute }> | null;

/**
 * The ids of the routes a path matches, the root first and the route that answers it last, as Remix matches them
 * (React Router's `matchRoutes` over the build's route tree); empty when none does.
 */
export function routeMatcher(routes: Readonly<Record<string, BuildRoute>>): (pathname: string) => string[] {
  const nodes = new Map<string, TreeRoute>();
  for (const route of Object.values(routes)) {
    const { id, parentId, path, index, caseSensitive } = route;
    nodes.set(id, { id, parentId, path, index, caseSensitive, children: [] });
  }
  const tree: TreeRoute[] = [];
  for (const node of nodes.values()) (node.parentId ? nodes.get(node.parentId)?.children : tree)?.push(node);
  // read at each call: installRouteMatchCache (decision 095) puts its remembering matchRoutes there
  const router = createRequire(import.meta.url)("@remix-run/router") as { matchRoutes: MatchRoutes };
  return (pathname) => router.matchRoutes(tree, pathname)?.map((m) => m.route.id) ?? [];
}

/**
 * A route's whole URL pattern, its parents' paths and its own joined (`/order-history/:orderId`); null for a layout
 * without a path of its own, whose pages each have theirs.
 */
export function fullPath(routes: Readonly<Record<string, BuildRoute>>, id: string): string | null {
  const route = routes[id];
  if (!route || (!route.path && !route.index)) return null;
  const parts: string[] = [];
  for (let r: BuildRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) {
    if (r.path) parts.unshift(r.path);
  }
  return `/${parts.join("/")}`.replace(/\/+/g, "/");
}

/** A route of the server build with its module (`ServerBuild["routes"]`). */
export type ModuleRoute = BuildRoute & { module: { loader?: unknown; action?: unknown; access?: unknown } };
export type RouteTable = Readonly<Record<string, ModuleRoute>>;

let registered: RouteTable | null = null;

/**
 * The portal's route table, from the server build (startPortal, through the build's entry module, and again for each
 * rebuild in development), which the
 * access guard reads each route's `access` from (decision 176). Fails when a route module with a loader or an action
 * exports no `access`, so the portal does not start with a route whose rules are missing.
 */
export function registerRoutes(table: RouteTable): void {
  const undeclared = Object.values(table).filter(
    (r) => r.id !== "root" && (r.module.loader || r.module.action) && !r.module.access,
  );
  if (undeclared.length > 0) {
    throw new Error(`Routes without an access export (decision 176): ${undeclared.map((r) => r.id).join(", ")}`);
  }
  registered = table;
}

/** The route table registered from the server build. */
export function routeTable(): RouteTable {
  if (!registered) throw new Error("No route table: startPortal registers the server build's routes (decision 176).");
  return registered;
}
