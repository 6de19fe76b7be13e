import { z } from "zod";

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

export const permissionSchema = z.enum(PERMISSIONS);
export type Permission = z.infer<typeof permissionSchema>;

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

const STOCK_CATALOGUE_PERMISSIONS = [
  "canViewFullCatalogue",
  "canViewMyCatalogue",
  "canViewUserCatalogue",
] as const satisfies readonly Permission[];

// SPEC §6: these two restrict a user, and a punchout session lifts the restriction.
const LIFTED_IN_PUNCHOUT: readonly Permission[] = ["punchoutOnly", "browseOnly"];

function holds(account: AccountLike, permission: Permission): boolean {
  return account.permissions.includes(permission);
}

export function hasPermission(account: AccountLike, permission: Permission, ctx: PunchoutContext): boolean {
  if (ctx.inPunchout && LIFTED_IN_PUNCHOUT.includes(permission)) return false;
  return holds(account, permission);
}

export function canOrderStock(account: AccountLike): boolean {
  return STOCK_CATALOGUE_PERMISSIONS.some((p) => holds(account, p));
}

export function canApprove(account: AccountLike, setting: SettingLike): boolean {
  return holds(account, "orderApproval") && setting.isApprover;
}

export function isManpackOnly(account: AccountLike): boolean {
  return holds(account, "canViewManpack") && !canOrderStock(account);
}

export function hasNoCatalogue(account: AccountLike): boolean {
  return !canOrderStock(account) && !holds(account, "canViewManpack");
}

export function canAccessManpack(account: AccountLike): boolean {
  return holds(account, "canViewManpack") && holds(account, "manpackOrders");
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

/** wp_contact_only limits the contact list to the user's own contact. */
export function isOwnContactOnly(setting: SettingLike): boolean {
  return setting.wp_contact_only;
}

export function canOpenAdmin(account: AccountLike): boolean {
  return account.isEvolveUser;
}

// Remix matches routes case-insensitively and on decoded paths, so the guard must compare the same
// way, or '/ADMIN' or '/%61dmin' would reach a page the guard thought was something else.
function pathSegments(pathname: string): string[] {
  return pathname
    .split("/")
    .filter((s) => s !== "")
    .map((s) => {
      try {
        return decodeURIComponent(s).toLowerCase();
      } catch {
        return s.toLowerCase();
      }
    });
}

/** True when `pathname` is `base` or anything below it, compared segment by segment. */
export function isPathWithin(pathname: string, base: string): boolean {
  const path = pathSegments(pathname);
  const prefix = pathSegments(base);
  return prefix.length <= path.length && prefix.every((seg, i) => path[i] === seg);
}

function isExactPath(pathname: string, base: string): boolean {
  return isPathWithin(pathname, base) && pathSegments(pathname).length === pathSegments(base).length;
}

/**
 * SPEC §2 public paths, less /basket (decision 051: a portal basket lives upstream and needs a user;
 * punchout hand-off establishes the session on its own route before sending the user to /basket).
 */
export const PUBLIC_PATHS = [
  "/login",
  "/customer",
  "/customer/forgot",
  "/customer/reset-password",
  "/customer/invitation",
  "/old-browser",
  "/maintenance",
  "/punchout-only",
] as const;

// The reset link carries its token as a path segment (/customer/reset-password/{slug}).
const PUBLIC_PATH_TREES = ["/customer/reset-password"] as const;

export function isPublicPath(pathname: string): boolean {
  return (
    PUBLIC_PATHS.some((p) => isExactPath(pathname, p)) || PUBLIC_PATH_TREES.some((p) => isPathWithin(pathname, p))
  );
}

/**
 * SPEC §5 path→permission table, then the routes the portal really serves (decision 052).
 * A path needs the permission of the longest entry it falls within.
 */
export const PATH_PERMISSIONS: ReadonlyArray<readonly [path: string, permission: Permission]> = [
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
  ["/wearer-pack", "canViewManpack"],
  ["/reporting", "viewReporting"],
  ["/add-wearer", "addManpackUser"],
  ["/add-site-user", "addSiteUser"],
  ["/add-delivery-address", "addAddress"],
];

export function requiredPermissionForPath(pathname: string): Permission | null {
  let best: { depth: number; permission: Permission } | null = null;
  for (const [path, permission] of PATH_PERMISSIONS) {
    const depth = pathSegments(path).length;
    if (isPathWithin(pathname, path) && (best === null || depth > best.depth)) best = { depth, permission };
  }
  return best?.permission ?? null;
}

/** Paths that fill a basket or place an order: closed to browse-only users outside punchout. */
export const ORDER_PLACING_PATHS = ["/basket", "/checkout", "/saved-baskets", "/quick-order"] as const;

// A punchout-only user must still be able to log in, log out and read why they were stopped.
const PUNCHOUT_ONLY_EXEMPT_PATHS = ["/login", "/logout", "/punchout-only"] as const;

export type AccessDecision = { allow: true } | { allow: false; redirectTo: string };

export interface AccessRequest {
  pathname: string;
  account: AccountLike;
  inPunchout: boolean;
}

const ALLOW: AccessDecision = { allow: true };
const deny = (redirectTo: string): AccessDecision => ({ allow: false, redirectTo });

/** SPEC §5 access guard, rules applied in the SPEC's order; the first that fires decides. */
export function accessGuard({ pathname, account, inPunchout }: AccessRequest): AccessDecision {
  const ctx = { inPunchout };
  if (isPunchoutOnly(account, ctx) && !PUNCHOUT_ONLY_EXEMPT_PATHS.some((p) => isPathWithin(pathname, p))) {
    return deny("/punchout-only");
  }
  if (isPathWithin(pathname, "/admin") && !canOpenAdmin(account)) return deny("/");
  const required = requiredPermissionForPath(pathname);
  if (required !== null && !holds(account, required)) return deny("/");
  if (!canPlaceOrders(account, ctx) && ORDER_PLACING_PATHS.some((p) => isPathWithin(pathname, p))) {
    return deny("/");
  }
  return ALLOW;
}
