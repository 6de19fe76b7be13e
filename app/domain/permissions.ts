import { isPathWithin, pathSegments } from "./paths";

/** SPEC §6: every permission string an account can carry. */
export const PERMISSIONS = [
  "canViewFullCatalogue",
  "canViewMyCatalogue",
  "canViewUserCatalogue",
  "canViewManpack",
  "manpackOrders",
  "fullCatalogue",
  "punchoutOnly",
  "browseOnly",
  "addSiteUser",
  "viewOrderHistory",
  "orderApproval",
  "viewReporting",
  "addManpackUser",
  "dellAddress",
  "indAddress",
  "addAddress",
  "customAddressOnly",
  "viewAllOrders",
  "pricingHidden",
  "amendOrderDeliveryAddress",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

/** The permissions that take something away (SPEC §6): an account holding one may do less, not more. */
export const RESTRICTING_PERMISSIONS: readonly Permission[] = [
  "punchoutOnly",
  "browseOnly",
  "customAddressOnly",
  "pricingHidden",
];

/**
 * Every permission that grants something: what provider staff acting for a customer may do there (the provider's
 * customer switch), all of SPEC §6's list but the restrictions.
 */
export const GRANTING_PERMISSIONS: readonly Permission[] = PERMISSIONS.filter(
  (p) => !RESTRICTING_PERMISSIONS.includes(p),
);

// a Set, not a zod enum: this module reaches the browser, and a zod schema built at load time pulls zod (~14 KB
// gzip) into every page that imports it
const KNOWN = new Set<string>(PERMISSIONS);

/** Whether a string is one of SPEC §6's permissions. */
export const isPermission = (value: string): value is Permission => KNOWN.has(value);

// Accounts come from the upstream and may carry permissions this portal does not know yet,
// so the list stays `string[]` rather than failing on an unknown entry.
export interface AccountLike {
  permissions: readonly string[];
  isEvolveUser: boolean;
}

export interface SettingLike {
  isApprover: boolean;
  needsAproval: boolean;
  wp_contact_only: boolean;
}

export interface PunchoutContext {
  inPunchout: boolean;
}

// SPEC §6: these two restrict a user, and a punchout session lifts the restriction.
const LIFTED_IN_PUNCHOUT: readonly Permission[] = ["punchoutOnly", "browseOnly"];

function holds(account: Pick<AccountLike, "permissions">, permission: Permission): boolean {
  return account.permissions.includes(permission);
}

export function hasPermission(account: AccountLike, permission: Permission, ctx: PunchoutContext): boolean {
  if (ctx.inPunchout && LIFTED_IN_PUNCHOUT.includes(permission)) return false;
  return holds(account, permission);
}

export function canApprove(
  account: Pick<AccountLike, "permissions">,
  setting: Pick<SettingLike, "isApprover">,
): boolean {
  return holds(account, "orderApproval") && setting.isApprover;
}

/** SPEC §6 "Manpack access": both, for /wearer-pack and everything below it (decision 098). */
export const MANPACK_ACCESS = ["canViewManpack", "manpackOrders"] as const satisfies readonly Permission[];

export function canAccessManpack(account: AccountLike): boolean {
  return MANPACK_ACCESS.every((p) => holds(account, p));
}

/** SPEC §6: the stock catalogue, and stock ordering with it, come with any of these (the provider enforces with it). */
const STOCK_CATALOGUE = [
  "canViewFullCatalogue",
  "canViewMyCatalogue",
  "canViewUserCatalogue",
] as const satisfies readonly Permission[];

export function hasStockCatalogue(account: AccountLike): boolean {
  return STOCK_CATALOGUE.some((p) => holds(account, p));
}

/** SPEC §6: the address rights (dellAddress stock, indAddress wearer packs, addAddress, customAddressOnly). */
export const ADDRESS_RIGHTS = [
  "dellAddress",
  "indAddress",
  "addAddress",
  "customAddressOnly",
] as const satisfies readonly Permission[];

type BasketKind = "stock-order-basket" | "manpack-order-basket";

/** The baskets a user may fill (decision 161): stock with a stock catalogue, wearer packs with Manpack access. */
export function usableBaskets(account: AccountLike): Record<BasketKind, boolean> {
  return { "stock-order-basket": hasStockCatalogue(account), "manpack-order-basket": canAccessManpack(account) };
}

/**
 * The basket the basket page shows and checkout orders (decision 161): the one selected, unless the user may use
 * only the other (a wearer-pack-only user lands on the wearer-pack basket whatever was stored).
 */
export function shownBasketType(account: AccountLike, selected: BasketKind): BasketKind {
  const usable = usableBaskets(account);
  if (usable[selected]) return selected;
  const other = selected === "stock-order-basket" ? "manpack-order-basket" : "stock-order-basket";
  return usable[other] ? other : selected;
}

export function isPunchoutOnly(account: AccountLike, ctx: PunchoutContext): boolean {
  return hasPermission(account, "punchoutOnly", ctx);
}

export function isBrowseOnly(account: AccountLike, ctx: PunchoutContext): boolean {
  return hasPermission(account, "browseOnly", ctx);
}

/** Decision 050: browse-only users outside punchout may look but not fill a basket or check out. */
export function canPlaceOrders(account: AccountLike, ctx: PunchoutContext): boolean {
  return !isBrowseOnly(account, ctx);
}

/** Users whose orders go to a supervisor before fulfilment (SPEC §6, spelling as upstream sends it). */
export function needsApproval(setting: SettingLike): boolean {
  return setting.needsAproval;
}

export function canOpenAdmin(account: AccountLike): boolean {
  return account.isEvolveUser;
}

/**
 * SPEC §5 path→permission table, then the routes the portal really serves (decision 052). A path needs the
 * permission of the longest entry it falls within; an entry naming several needs all of them (decision 098).
 */
export const PATH_PERMISSIONS: ReadonlyArray<readonly [path: string, permission: Permission | readonly Permission[]]> =
  [
    ["/manpack", "canViewManpack"],
    ["/catalogue", "canViewFullCatalogue"],
    ["/my-catalogue", "canViewMyCatalogue"],
    ["/employee-catalogue", "canViewUserCatalogue"],
    ["/order-history", "viewOrderHistory"],
    ["/order-to-approve", "orderApproval"],
    ["/report", "viewReporting"],
    ["/new-manpack-user", "addManpackUser"],
    ["/categories/full", "canViewFullCatalogue"],
    ["/categories/my", "canViewMyCatalogue"],
    ["/categories/user", "canViewUserCatalogue"],
    ["/wearer-pack", MANPACK_ACCESS],
    ["/reporting", "viewReporting"],
    ["/add-wearer", "addManpackUser"],
    ["/add-site-user", "addSiteUser"],
    ["/add-delivery-address", "addAddress"],
  ];

/** Every permission SPEC §5's path table asks of `pathname` (none: an empty list). */
export function requiredPermissionsForPath(pathname: string): readonly Permission[] {
  const path = pathSegments(pathname);
  let best: { depth: number; permissions: readonly Permission[] } | null = null;
  for (const { prefix, permissions } of pathPermissionPrefixes()) {
    const within = prefix.length <= path.length && prefix.every((seg, i) => path[i] === seg);
    if (within && (best === null || prefix.length > best.depth)) best = { depth: prefix.length, permissions };
  }
  return best?.permissions ?? [];
}

// SPEC §5's path table split into segments once, not on every request
let pathPrefixes: ReadonlyArray<{ prefix: readonly string[]; permissions: readonly Permission[] }> | null = null;
function pathPermissionPrefixes() {
  pathPrefixes ??= PATH_PERMISSIONS.map(([path, permission]) => ({
    prefix: pathSegments(path),
    permissions: typeof permission === "string" ? [permission] : permission,
  }));
  return pathPrefixes;
}

// ---------------------------------------------------------------- the access table (decision 057)

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

export interface NavEntry {
  /** The link; a route with parameters names the instance it links to (`/categories/full`). */
  to: string;
  label: string;
  group: NavGroup;
}

/**
 * One route module's access rules. Every route module with a loader or action has one (routes/access-table.test.ts).
 * Rules are applied in SPEC §5's order by `accessGuard`; see decision 057.
 */
export interface RouteAccess {
  /** The URL pattern Remix gives the module (`:param`, `*` for a splat); null for a pathless layout. */
  path: string | null;
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
  /** Evolve users only (SPEC §5); `/admin` and below are admin whatever the table says. */
  admin: boolean;
  nav?: readonly NavEntry[];
}

const page = (path: string | null, needs: RouteAccess["needs"], more: Partial<RouteAccess> = {}): RouteAccess => ({
  path,
  needs,
  placesOrders: false,
  punchout: "allowed",
  punchoutOnlyUsers: false,
  admin: false,
  ...more,
});
const ordering = (path: string, more: Partial<RouteAccess> = {}) => page(path, "user", { placesOrders: true, ...more });
/** An admin screen (issue 20): evolve users only; with a label, a link in one of the sidebar's admin sections. */
const admin = (path: string, link: { label: string; group: AdminNavGroup } | null = null) =>
  page(path, "user", {
    admin: true,
    ...(link ? { nav: [{ to: path, label: link.label, group: link.group }] } : {}),
  });

/** Keyed by Remix route module id (the file name under app/routes without its extension). */
export const ROUTE_ACCESS = {
  // layouts: every page below them runs their loader too
  _basket: page(null, "user"),
  _default: page(null, "user"),
  _login: page(null, "anyone"),

  // the basket and checkout (decision 050: browse-only users outside punchout are sent home)
  "_basket.basket": ordering("/basket", { nav: [{ to: "/basket", label: "Basket", group: "Ordering" }] }),
  "_basket.basket_.checkout-success": ordering("/basket/checkout-success"),
  // ordering in the portal: within a punchout session the basket is transferred instead (issue 16 item 3)
  "_basket.checkout": ordering("/checkout", { punchout: "ordering" }),
  "_basket.checkout_.3-d-secure": ordering("/checkout/3-d-secure", { punchout: "ordering" }),
  "checkout.card-intent": ordering("/checkout/card-intent", { punchout: "ordering" }),
  // the confirmation of an order already placed
  "_basket.order-complete": page("/order-complete", "user"),
  "_default.quick-order": ordering("/quick-order", {
    requires: ["stockCatalogue"],
    nav: [{ to: "/quick-order", label: "Quick order", group: "Ordering" }],
  }),
  "_default.saved-baskets._index": ordering("/saved-baskets", {
    requires: ["stockCatalogue"],
    nav: [{ to: "/saved-baskets", label: "Saved baskets", group: "Ordering" }],
  }),
  "_default.saved-baskets.$basketId": ordering("/saved-baskets/:basketId", { requires: ["stockCatalogue"] }),
  // the wearers (issue 15 item 2); the path row asks canViewManpack and manpackOrders (decision 098)
  "_default.wearer-pack._index": page("/wearer-pack", "user", {
    punchout: "ordering",
    nav: [{ to: "/wearer-pack", label: "Wearer packs", group: "Ordering" }],
  }),
  // one wearer's entitlement, added to their pack in the basket (issue 15 item 3; decision 099: it writes the basket)
  "_default.wearer-pack.$contactId": ordering("/wearer-pack/:contactId", { punchout: "ordering" }),
  // adding a wearer (issue 15 item 7): addManpackUser, as the /add-wearer path row (decision 052); it writes no basket
  "_default.add-wearer": page("/add-wearer", "addManpackUser", {
    punchout: "refused",
    nav: [{ to: "/add-wearer", label: "Add a wearer", group: "Ordering" }],
  }),
  // the user's own account, and the customer's site users and invitations (issue 17 items 1 and 2, decision 113);
  // both closed within a punchout session (issue 16 item 3, decision 115)
  "_default.my-account": page("/my-account", "user", {
    punchout: "refused",
    nav: [{ to: "/my-account", label: "My account", group: "Account" }],
  }),
  "_default.add-site-user": page("/add-site-user", "addSiteUser", {
    punchout: "refused",
    nav: [{ to: "/add-site-user", label: "Site users", group: "Account" }],
  }),

  // browsing
  "_default._index": page("/", "user"),
  "_default.dashboard": page("/dashboard", "user", {
    nav: [{ to: "/dashboard", label: "Dashboard", group: "Overview" }],
  }),
  // news (issue 18 items 1 and 2, decision 118): every logged-in user, open in punchout
  "_default.news._index": page("/news", "user", { nav: [{ to: "/news", label: "News", group: "Overview" }] }),
  "_default.news.$slug": page("/news/:slug", "user"),
  // the catalogue a path names decides the permission (SPEC §5 table, decision 052)
  "_default.categories.$type.$": page("/categories/:type/*", "user", {
    nav: [
      { to: "/categories/full", label: "Full catalogue", group: "Catalogue" },
      { to: "/categories/my", label: "My catalogue", group: "Catalogue" },
    ],
  }),
  "_default.product-category": page("/product-category", "user"),
  // browsing; a post that adds to the basket refuses browse-only users in its own words (catalogue/product.server.ts)
  "_default.product.$productSlug": page("/product/:productSlug", "user"),
  "_default.search": page("/search", "user", {
    requires: ["stockCatalogue"],
    nav: [{ to: "/search", label: "Search", group: "Catalogue" }],
  }),
  "_default.site-search": page("/site-search", "user"),
  "_default.help": page("/help", "user"),
  "_default.$": page("/*", "user"),
  "wish-list": page("/wish-list", "user"),
  // CMS content (issue 18 items 3 and 4, decision 119): every logged-in user, open in punchout
  "_default.cms.$slug": page("/cms/:slug", "user"),
  "_default.cms.download": page("/cms/download", "user"),
  "cms.download.$id": page("/cms/download/:id", "user"),
  // a promotion's uploaded image (issue 34 item 4, decision 165): every logged-in user, as the dashboard shows it
  "promo-image.$id": page("/promo-image/:id", "user"),

  // account administration (issue 17); decision 114: the address list is open to every user (a customAddressOnly
  // user sees only the typed addresses), removing an address needs dellAddress
  "_default.add-delivery-address": page("/add-delivery-address", "addAddress", {
    punchout: "refused",
    nav: [{ to: "/add-delivery-address", label: "Add a delivery address", group: "Account" }],
  }),
  "_default.manage-delivery-addresses": page("/manage-delivery-addresses", "user", {
    punchout: "refused",
    requires: ["addressRights"],
    actionNeeds: "dellAddress",
    nav: [{ to: "/manage-delivery-addresses", label: "Delivery addresses", group: "Account" }],
  }),

  // orders
  "_default.order-history._index": page("/order-history", "viewOrderHistory", {
    nav: [{ to: "/order-history", label: "Order history", group: "Orders" }],
  }),
  "_default.order-history.export[.csv]": page("/order-history/export.csv", "viewOrderHistory"),
  "_default.order-history.$orderId._index": page("/order-history/:orderId", "viewOrderHistory", {
    actionNeeds: "amendOrderDeliveryAddress",
  }),
  "_default.order-history.$orderId.pdf": page("/order-history/:orderId/pdf", "viewOrderHistory"),
  "_default.order-history.$orderId.despatched.$id": page("/order-history/:orderId/despatched/:id", "viewOrderHistory"),
  "_default.order-to-approve._index": page("/order-to-approve", "approver", {
    nav: [{ to: "/order-to-approve", label: "Orders to approve", group: "Orders" }],
  }),
  "_default.order-to-approve.$orderId": page("/order-to-approve/:orderId", "approver"),
  "_default.saved-punchout-baskets._index": page("/saved-punchout-baskets", "approver", {
    punchout: "refused",
    nav: [{ to: "/saved-punchout-baskets", label: "Punchout baskets to approve", group: "Orders" }],
  }),
  "_default.saved-punchout-baskets.$basketId": page("/saved-punchout-baskets/:basketId", "approver", {
    punchout: "refused",
  }),
  // the customer's baskets transferred from punchout sessions (issue 16 item 6; decision 111)
  "_default.punchedout-baskets": page("/punchedout-baskets", "viewOrderHistory", {
    punchout: "refused",
    requires: ["punchoutProfile"],
    nav: [{ to: "/punchedout-baskets", label: "Punched-out baskets", group: "Orders" }],
  }),
  // reporting (issue 19, decision 124): viewReporting, as the /reporting path row; the downloads below the same path
  "_default.reporting._index": page("/reporting", "viewReporting", {
    nav: [{ to: "/reporting", label: "Reporting", group: "Orders" }],
  }),
  "_default.reporting.$taskId": page("/reporting/:taskId", "viewReporting"),
  "_default.reporting.$taskId_.export[.csv]": page("/reporting/:taskId/export.csv", "viewReporting"),
  "_default.reporting.$taskId_.export[.xlsx]": page("/reporting/:taskId/export.xlsx", "viewReporting"),
  // the end of a punchout session, within one only (issue 16 items 3 to 5; decision 111)
  "punchout.transfer": page("/punchout/transfer", "user", { punchout: "only" }),
  "punchout.cancel": page("/punchout/cancel", "user", { punchout: "only" }),

  // the punchout entry points (issue 16 items 1, 2, 3, 7; decision 109): public, authenticated by the shared secret
  // or the single-use start token, never by the guard chain
  "punchout.cxml.setup": page("/punchout/cxml/setup", "anyone"),
  "punchout.cxml.order": page("/punchout/cxml/order", "anyone"),
  "punchout.oci": page("/punchout/oci", "anyone"),
  "punchout.start.$token": page("/punchout/start/:token", "anyone"),

  // session and login pages
  "_login.login": page("/login", "anyone", { punchoutOnlyUsers: true }),
  "_login.customer._index": page("/customer", "anyone"),
  "_login.customer.forgot": page("/customer/forgot", "anyone"),
  "_login.customer.invitation": page("/customer/invitation", "anyone"),
  "_login.customer.reset-password.$slug": page("/customer/reset-password/:slug", "anyone"),
  "_login.maintenance": page("/maintenance", "anyone"),
  "_login.old-browser": page("/old-browser", "anyone"),
  "_login.punchout-only": page("/punchout-only", "user", { punchoutOnlyUsers: true }),
  "_login.select-your-customer": page("/select-your-customer", "user"),
  logout: page("/logout", "user", { punchoutOnlyUsers: true }),

  // the admin area, part 1 (issue 20; decisions 129, 130): evolve users only (the guard sends everyone else to /, and
  // the provider answers 403 to every admin call); the sidebar's admin sections (decision 164)
  "_default.admin.active-users": admin("/admin/active-users", { label: "Active users", group: "People" }),
  "_default.admin.login-history._index": admin("/admin/login-history", { label: "Log-in history", group: "People" }),
  "_default.admin.login-history.export[.csv]": admin("/admin/login-history/export.csv"),
  "_default.admin.user._index": admin("/admin/user", { label: "Users", group: "People" }),
  "_default.admin.user.$userId": admin("/admin/user/:userId"),
  "_default.admin.invitation": admin("/admin/invitation", { label: "Invite a user", group: "People" }),
  "_default.admin.manage-admin-users": admin("/admin/manage-admin-users", { label: "Admin users", group: "People" }),
  "_default.admin.view-as": admin("/admin/view-as", { label: "View as a user", group: "People" }),
  "_default.admin.orders._index": admin("/admin/orders", {
    label: "Orders (all customers)",
    group: "Sales and promotions",
  }),
  "_default.admin.orders.$orderId": admin("/admin/orders/:orderId"),
  // the admin area, part 2 (issue 21; decisions 133, 134): curation, the category manager, promotions, the ERP pull
  "_default.admin.my-catalogue": admin("/admin/my-catalogue", { label: "My catalogues", group: "Product data" }),
  "_default.admin.category-manager": admin("/admin/category-manager", {
    label: "Category manager",
    group: "Product data",
  }),
  "_default.admin.promo._index": admin("/admin/promo", { label: "Promotions", group: "Sales and promotions" }),
  "_default.admin.promo.new": admin("/admin/promo/new"),
  "_default.admin.promo.$promoId": admin("/admin/promo/:promoId"),
  "_default.admin.netsuite-pull": admin("/admin/netsuite-pull", { label: "ERP pull", group: "Product data" }),
  "_default.admin.sync-status._index": admin("/admin/sync-status", { label: "Sync status", group: "Product data" }),
  "_default.admin.sync-status.$runId": admin("/admin/sync-status/:runId"),
  // issue 32 (decision 147): the e-mails the provider sends, every customer's addresses among them
  "_default.admin.e-mails": admin("/admin/e-mails", { label: "E-mails", group: "System" }),
  // issue 32 item 7 (decision 151): maintenance switched from the admin area
  "_default.admin.maintenance": admin("/admin/maintenance", { label: "Maintenance", group: "System" }),
  "dismiss-banner": page("/dismiss-banner", "user"),
  "search-suggestions": page("/search-suggestions", "user"),
  // the view-as banner's Stop (decision 129): outside /admin, as the caller is then the customer's user; any user
  // viewed as may be a punchout-only one, so it stays open to them
  "stop-view-as": page("/stop-view-as", "user", { punchoutOnlyUsers: true }),
} as const satisfies Record<string, RouteAccess>;

export type RouteId = keyof typeof ROUTE_ACCESS;

// ---------------------------------------------------------------- matching a path to the table

function patternSegments(pattern: string): string[] {
  return pattern
    .split("/")
    .filter((s) => s !== "")
    .map((s) => (s.startsWith(":") || s === "*" ? s : s.toLowerCase()));
}

/** True when the path's segments are `parts` or below them; a `:param` stands for any one segment, a `*` for the rest. */
function isWithinParts(path: readonly string[], parts: readonly string[]): boolean {
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === "*") return true;
    if (i >= path.length) return false;
    if (!parts[i].startsWith(":") && parts[i] !== path[i]) return false;
  }
  return true;
}

function patternScore(parts: readonly string[]): number {
  return parts.reduce((score, s) => score + (s === "*" ? -2 : s.startsWith(":") ? 3 : 10), 0);
}

function matchesExactly(path: readonly string[], parts: readonly string[]): boolean {
  if (!isWithinParts(path, parts)) return false;
  return parts.at(-1) === "*" || path.length === parts.length;
}

type Entries = Readonly<Record<string, RouteAccess>>;
type CompiledEntry = { entry: RouteAccess; parts: readonly string[]; score: number };

// Every request runs the guard: a table's patterns are split and scored once (issue 13: the profile showed the
// per-request splitting among the portal's own costs), and the request's path once per call.
const compiledTables = new WeakMap<Entries, readonly CompiledEntry[]>();
function compiledTable(table: Entries): readonly CompiledEntry[] {
  let compiled = compiledTables.get(table);
  if (!compiled) {
    compiled = Object.values(table).flatMap((entry) => {
      if (entry.path === null) return [];
      const parts = patternSegments(entry.path);
      return [{ entry, parts, score: patternScore(parts) }];
    });
    compiledTables.set(table, compiled);
  }
  return compiled;
}

function routeAccessForPath(path: readonly string[], table: Entries): RouteAccess | null {
  let best: CompiledEntry | null = null;
  for (const compiled of compiledTable(table)) {
    if (!matchesExactly(path, compiled.parts)) continue;
    if (best === null || compiled.score > best.score) best = compiled;
  }
  return best?.entry ?? null;
}

/** The table entry of the route Remix would serve `pathname` with, if any. */
export function routeAccessFor(pathname: string, table: Entries = ROUTE_ACCESS): RouteAccess | null {
  return routeAccessForPath(pathSegments(pathname), table);
}

const withinAny = (path: readonly string[], table: Entries, flag: (e: RouteAccess) => boolean) =>
  compiledTable(table).some(({ entry, parts }) => flag(entry) && isWithinParts(path, parts));

// ---------------------------------------------------------------- the guard

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
  return holds(account, permission) ? ALLOW : FORBID;
}

/**
 * SPEC §5 access guard, rules applied in the SPEC's order (the first that fires decides), then the route's own
 * rules from ROUTE_ACCESS.
 */
export function accessGuard(request: AccessRequest, table: Entries = ROUTE_ACCESS): AccessDecision {
  const { pathname, account, inPunchout } = request;
  const ctx = { inPunchout };
  const path = pathSegments(pathname);
  const route = routeAccessForPath(path, table);
  if (isPunchoutOnly(account, ctx) && !withinAny(path, table, (e) => e.punchoutOnlyUsers)) {
    return deny("/punchout-only");
  }
  if ((isPathWithin(pathname, "/admin") || route?.admin) && !canOpenAdmin(account)) return deny("/");
  if (!requiredPermissionsForPath(pathname).every((p) => holds(account, p))) return deny("/");
  if (!canPlaceOrders(account, ctx) && withinAny(path, table, (e) => e.placesOrders)) return deny("/");
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
      return ADDRESS_RIGHTS.some((p) => holds(request.account, p));
  }
}

/** The sidebar: every table entry's links, grouped in NAV_GROUPS order, that the guard lets the user open. */
export function navigationFor(
  request: Omit<AccessRequest, "pathname" | "method">,
  table: Entries = ROUTE_ACCESS,
): NavEntry[] {
  const entries = Object.values(table).flatMap((e) => e.nav ?? []);
  return NAV_GROUPS.flatMap((group) => entries.filter((n) => n.group === group)).filter(
    (n) => accessGuard({ ...request, pathname: n.to, method: "GET" }, table).allow,
  );
}
