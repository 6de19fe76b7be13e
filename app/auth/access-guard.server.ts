import {
  ADDRESS_RIGHTS,
  canApprove,
  canOpenAdmin,
  canPlaceOrders,
  hasStockCatalogue,
  isPunchoutOnly,
  type AccountLike,
  type Permission,
  type SettingLike,
} from "~/domain/permissions";
import { isPathWithin } from "~/domain/paths";
import { requiredPermissionsForPath } from "~/domain/path-permissions";
import { fullPath, routeMatcher, routeTable, type RouteTable } from "~/http/route-tree.server";
import { NAV_GROUPS, SIDEBAR_ORDER, type NavEntry, type Provision, type RouteAccess } from "./route-access";

// The access guard (SPEC §5, decision 176): the rules of the route Remix serves a path with, each declared beside its
// route (route-access.ts), read from Remix's route tree: the server build's routes, registered when the portal starts.

/** One route of the table, as the guard reads it: its id, its whole URL pattern (null: a layout), its access. */
export interface DeclaredRoute {
  id: string;
  path: string | null;
  access: RouteAccess;
}

interface Compiled {
  routes: readonly DeclaredRoute[];
  /** The route Remix answers a path with, if it declares access. */
  routeFor: (pathname: string) => DeclaredRoute | null;
  /** Whether a path is at or below a route with placesOrders, or with punchoutOnlyUsers. */
  belowOrdering: (pathname: string) => boolean;
  belowPunchoutOnlyUsers: (pathname: string) => boolean;
}

// Every request runs the guard and every page's sidebar asks it of each link: a table is read once.
const compiledTables = new WeakMap<RouteTable, Compiled>();

function compiled(table: RouteTable): Compiled {
  let done = compiledTables.get(table);
  if (done) return done;
  const routes = Object.values(table).flatMap((r) =>
    r.module.access ? [{ id: r.id, path: fullPath(table, r.id), access: r.module.access as RouteAccess }] : [],
  );
  const byId = new Map(routes.map((r) => [r.id, r]));
  const matchIds = routeMatcher(table);
  // "at or below a route": its pattern with a splat after it, matched by the same matcher
  const below = (flag: (a: RouteAccess) => boolean) => {
    const flagged = routes.filter((r) => r.path !== null && flag(r.access));
    const within = routeMatcher(
      Object.fromEntries(
        flagged.map((r) => [r.id, { id: r.id, path: r.path!.endsWith("*") ? r.path! : `${r.path}/*` }]),
      ),
    );
    return (pathname: string) => within(pathname).length > 0;
  };
  done = {
    routes,
    routeFor: (pathname) => byId.get(matchIds(pathname).at(-1) ?? "") ?? null,
    belowOrdering: below((a) => a.placesOrders),
    belowPunchoutOnlyUsers: below((a) => a.punchoutOnlyUsers),
  };
  compiledTables.set(table, done);
  return done;
}

/** Every route that declares its access, with its whole path. */
export function declaredRoutes(table: RouteTable = routeTable()): readonly DeclaredRoute[] {
  return compiled(table).routes;
}

/** The route Remix would serve `pathname` with, if it declares access. */
export function routeFor(pathname: string, table: RouteTable = routeTable()): DeclaredRoute | null {
  return compiled(table).routeFor(pathname);
}

/** The access rules of the route Remix would serve `pathname` with, if any. */
export function routeAccessFor(pathname: string, table: RouteTable = routeTable()): RouteAccess | null {
  return routeFor(pathname, table)?.access ?? null;
}

/**
 * A refusal. `redirectTo` is where a page load goes; with `forbidsPost` a post (anything but GET or HEAD) is
 * refused with 403 instead: the route's own rules, as against SPEC §5's path rules, which always redirect.
 */
export type AccessDecision = { allow: true } | { allow: false; redirectTo: string; forbidsPost?: true };

export interface AccessRequest {
  pathname: string;
  account: AccountLike;
  inPunchout: boolean;
  /** Within a punchout session: whether its profile allows ordering in the portal (absent: it does not). */
  punchoutOrdering?: boolean;
  /** The request's method; a page load (GET) when absent. */
  method?: string;
  /** The user's settings; the approver rule needs them (absent: not an approver). */
  setting?: SettingLike;
  /** Whether the customer has a punchout profile (GET /api/session `hasPunchoutProfile`; absent: it has none). */
  hasPunchoutProfile?: boolean;
}

const ALLOW: AccessDecision = { allow: true };
const deny = (redirectTo: string): AccessDecision => ({ allow: false, redirectTo });
const FORBID: AccessDecision = { allow: false, redirectTo: "/", forbidsPost: true };
const NOT_AN_APPROVER: SettingLike = { isApprover: false, needsAproval: false, wp_contact_only: false };

const isPost = (method: string | undefined) => method !== undefined && method !== "GET" && method !== "HEAD";

/** A route-level permission rule: a page load goes home, a post is refused with 403 (one place for both). */
export function permissionDecision(account: AccountLike, permission: Permission): AccessDecision {
  return account.permissions.includes(permission) ? ALLOW : FORBID;
}

/**
 * SPEC §5 access guard, rules applied in the SPEC's order (the first that fires decides), then the rules the route
 * declares.
 */
export function accessGuard(request: AccessRequest, table: RouteTable = routeTable()): AccessDecision {
  const { pathname, account, inPunchout } = request;
  const ctx = { inPunchout };
  const tree = compiled(table);
  const route = tree.routeFor(pathname)?.access ?? null;
  if (isPunchoutOnly(account, ctx) && !tree.belowPunchoutOnlyUsers(pathname)) return deny("/punchout-only");
  if ((isPathWithin(pathname, "/admin") || route?.admin) && !canOpenAdmin(account)) return deny("/");
  if (!requiredPermissionsForPath(pathname).every((p) => account.permissions.includes(p))) return deny("/");
  if (!canPlaceOrders(account, ctx) && tree.belowOrdering(pathname)) return deny("/");
  if (route === null) return ALLOW;
  if ((route.punchout === "only" && !inPunchout) || (route.punchout === "refused" && inPunchout)) return deny("/");
  if (route.punchout === "ordering" && inPunchout && !request.punchoutOrdering) return deny("/");
  if (route.needs === "approver") {
    if (!canApprove(account, request.setting ?? NOT_AN_APPROVER)) return FORBID;
  } else if (route.needs !== "anyone" && route.needs !== "user") {
    const decision = permissionDecision(account, route.needs);
    if (!decision.allow) return decision;
  }
  if (route.requires && !route.requires.every((what) => provides(request, what))) return FORBID;
  if (route.actionNeeds && isPost(request.method)) return permissionDecision(account, route.actionNeeds);
  return ALLOW;
}

/** Whether the user or customer has what a screen needs to be of use (decision 161). */
function provides(request: AccessRequest, what: Provision): boolean {
  switch (what) {
    case "stockCatalogue":
      return hasStockCatalogue(request.account);
    case "punchoutProfile":
      return request.hasPunchoutProfile === true;
    case "addressRights":
      return ADDRESS_RIGHTS.some((p) => request.account.permissions.includes(p));
  }
}

const sidebarPlace = (to: string) => {
  const at = SIDEBAR_ORDER.indexOf(to);
  return at < 0 ? SIDEBAR_ORDER.length : at;
};

/** The sidebar: every route's links, grouped in NAV_GROUPS order, that the guard lets the user open. */
export function navigationFor(
  request: Omit<AccessRequest, "pathname" | "method">,
  table: RouteTable = routeTable(),
): NavEntry[] {
  const entries = declaredRoutes(table)
    .flatMap((r) => r.access.nav ?? [])
    .sort((a, b) => sidebarPlace(a.to) - sidebarPlace(b.to));
  return NAV_GROUPS.flatMap((group) => entries.filter((n) => n.group === group)).filter(
    (n) => accessGuard({ ...request, pathname: n.to, method: "GET" }, table).allow,
  );
}
