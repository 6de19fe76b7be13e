import { MANPACK_ACCESS, type Permission } from "./permissions";
import { pathSegments } from "./paths";

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
