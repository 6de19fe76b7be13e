import type { Permission } from "~/domain/permissions";

// What a route module declares about who may use it (decision 176): each module under app/routes with a loader or an
// action exports `access`, built here; the guard (access-guard.server.ts) reads every route's from Remix's route tree.
// A route module's `access` never reaches the browser: Remix's browser build keeps only a route's browser exports, and
// the builders are marked free of side effects, so a call whose result nothing uses is dropped.

/**
 * Where a screen stands with punchout sessions: open in and out of them, only within one, never within one, or
 * "ordering": ordering in the portal itself (checkout, wearer packs), closed within a punchout session unless its
 * profile allows ordering in the portal (issue 16 item 3; the provider refuses such an order too).
 */
export type PunchoutRule = "allowed" | "only" | "refused" | "ordering";

/**
 * The admin area's sidebar sections (issue 34 item 4, decision 164), each under its heading: who uses the portal,
 * what is sold and promoted, the product data and its ERP pull, and the running of the system.
 */
export const ADMIN_NAV_GROUPS = ["People", "Sales and promotions", "Product data", "System"] as const;

/** The sidebar's groups, in the order the sidebar shows them: the customer's, then the admin area's. */
export const NAV_GROUPS = ["Overview", "Catalogue", "Ordering", "Orders", "Account", ...ADMIN_NAV_GROUPS] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];
type AdminNavGroup = (typeof ADMIN_NAV_GROUPS)[number];

/**
 * What a screen is of no use without, beyond a permission (issue 34 item 3, decision 161): a stock catalogue (any
 * of STOCK_CATALOGUE), the customer's punchout profile (the session's `hasPunchoutProfile`), both the stock and the
 * wearer-pack baskets, or an address right (any of ADDRESS_RIGHTS). The sidebar hides such a screen and its guard
 * refuses it, as for a missing permission.
 */
export type Provision = "stockCatalogue" | "punchoutProfile" | "addressRights";

/** A sidebar link. */
export interface NavEntry {
  /** The link: the route's own path, or for a route with parameters the instance it links to (`/categories/full`). */
  to: string;
  label: string;
  group: NavGroup;
}

/**
 * One route module's access rules (decision 176, after 057). Rules are applied in SPEC §5's order by `accessGuard`;
 * the path they apply at is the route's own in Remix's route tree.
 */
export interface RouteAccess {
  /**
   * Who may use the route: "anyone" (a login-layout page, guarded by requireAnonymous), any logged-in "user",
   * a permission, or "approver" (orderApproval and the isApprover setting, SPEC §6). SPEC §5's path table
   * (PATH_PERMISSIONS) applies on top, by path.
   */
  needs: "anyone" | "user" | "approver" | Permission;
  /** What the user or customer must have for the screen to be of use (decision 161); all of them. */
  requires?: readonly Provision[];
  /** A permission the route's action needs beyond `needs` (a post its viewers may not make). */
  actionNeeds?: Permission;
  /** Writes the basket or places orders: closed, with everything below its path, to browse-only users outside punchout (decision 050). */
  placesOrders: boolean;
  punchout: PunchoutRule;
  /** A punchout-only user outside punchout may still open it (and everything below it): logging in and out, and the page saying why. */
  punchoutOnlyUsers: boolean;
  /** Evolve users only (SPEC §5); `/admin` and below are admin whatever the route says. */
  admin: boolean;
  nav?: readonly NavEntry[];
}

/** A route's access: who may use it, and any rule beyond the defaults (open in punchout, orders nothing). */
export const page = /* @__NO_SIDE_EFFECTS__ */ (
  needs: RouteAccess["needs"],
  more: Partial<Omit<RouteAccess, "needs">> = {},
): RouteAccess => ({
  needs,
  placesOrders: false,
  punchout: "allowed",
  punchoutOnlyUsers: false,
  admin: false,
  ...more,
});

/** A route that writes the basket or places orders (decision 050: browse-only users outside punchout are sent home). */
export const ordering = /* @__NO_SIDE_EFFECTS__ */ (
  more: Partial<Omit<RouteAccess, "needs" | "placesOrders">> = {},
): RouteAccess => page("user", { placesOrders: true, ...more });

/** An admin screen (issue 20): evolve users only; with a link, in one of the sidebar's admin sections. */
export const adminScreen = /* @__NO_SIDE_EFFECTS__ */ (link?: NavEntry & { group: AdminNavGroup }): RouteAccess =>
  page("user", { admin: true, ...(link ? { nav: [link] } : {}) });

/**
 * The sidebar's links in the order it shows them within each group (groups in NAV_GROUPS order): which routes have a
 * link, with what words and under which heading, each route says beside itself; where it stands, this list.
 */
export const SIDEBAR_ORDER: readonly string[] = [
  "/dashboard",
  "/news",
  "/categories/full",
  "/categories/my",
  "/search",
  "/basket",
  "/quick-order",
  "/saved-baskets",
  "/wearer-pack",
  "/add-wearer",
  "/order-history",
  "/order-to-approve",
  "/saved-punchout-baskets",
  "/punchedout-baskets",
  "/reporting",
  "/my-account",
  "/add-site-user",
  "/add-delivery-address",
  "/manage-delivery-addresses",
  "/admin/active-users",
  "/admin/login-history",
  "/admin/user",
  "/admin/invitation",
  "/admin/manage-admin-users",
  "/admin/view-as",
  "/admin/orders",
  "/admin/promo",
  "/admin/my-catalogue",
  "/admin/category-manager",
  "/admin/netsuite-pull",
  "/admin/sync-status",
  "/admin/e-mails",
  "/admin/maintenance",
];
