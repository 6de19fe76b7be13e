// SPEC §4 maintenance mode and §8 "maintenance check failure: navigation continues".

export const MAINTENANCE_PATH = "/maintenance";

export interface MaintenanceStatusLike {
  isMaintenanceEnabled: boolean;
  bypassToken: string;
}

export interface MaintenanceRequest {
  /** null when the status call failed. */
  status: MaintenanceStatusLike | null;
  pathname: string;
  searchParams: URLSearchParams;
  bypassRemembered: boolean;
}

export interface MaintenanceDecision {
  redirectTo: string | null;
  /** Store the bypass in the session so later pages need no query key. */
  rememberBypass: boolean;
}

export function maintenanceDecision({
  status,
  pathname,
  searchParams,
  bypassRemembered,
}: MaintenanceRequest): MaintenanceDecision {
  if (status === null) return { redirectTo: null, rememberBypass: false };
  const onMaintenancePage = pathname.replace(/\/+$/, "") === MAINTENANCE_PATH;
  if (!status.isMaintenanceEnabled) return { redirectTo: onMaintenancePage ? "/" : null, rememberBypass: false };
  // An empty token would let any URL bypass, so it never matches.
  const keyMatches = status.bypassToken !== "" && searchParams.has(status.bypassToken);
  if (bypassRemembered || keyMatches) return { redirectTo: null, rememberBypass: keyMatches && !bypassRemembered };
  return { redirectTo: onMaintenancePage ? null : MAINTENANCE_PATH, rememberBypass: false };
}
