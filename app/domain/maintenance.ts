// SPEC §4 maintenance mode and §8 "maintenance check failure: navigation continues". The guard chain's first step
// (app/auth/require-user.server.ts) applies this rule; the maintenance page sends home whoever it would let through.

export const MAINTENANCE_PATH = "/maintenance";

export interface MaintenanceStatusLike {
  isMaintenanceEnabled: boolean;
  bypassToken: string;
}

export interface MaintenanceRequest {
  /** null when the status call failed. */
  status: MaintenanceStatusLike | null;
  /** The page asked for (without Remix's `.data` suffix). */
  pathname: string;
  searchParams: URLSearchParams;
  /** The bypass token this browser session remembered (the bypass cookie), if any. */
  rememberedToken: string | null | undefined;
}

export type MaintenanceDecision =
  /** The page is served; `enabled` and `bypassed` say why. */
  | { action: "continue"; enabled: boolean; bypassed: boolean }
  /** The bypass key was given: remember the token, and load the page again without `param` (home from the
   * maintenance page itself). */
  | { action: "bypass"; remember: string; param: string; toHome: boolean }
  | { action: "redirect"; to: typeof MAINTENANCE_PATH };

export function maintenanceDecision({
  status,
  pathname,
  searchParams,
  rememberedToken,
}: MaintenanceRequest): MaintenanceDecision {
  if (status === null || !status.isMaintenanceEnabled) return { action: "continue", enabled: false, bypassed: false };
  const token = status.bypassToken;
  // An empty token would let any URL bypass, so it never matches.
  if (token && rememberedToken === token) return { action: "continue", enabled: true, bypassed: true };
  // the SPEC's query key equal to the token (`/?TOKEN`); the provider's CLI prints `/?bypass=TOKEN`, taken too
  const keyGiven = searchParams.has(token);
  const valueGiven = searchParams.get("bypass") === token;
  if (token && (keyGiven || valueGiven)) {
    return {
      action: "bypass",
      remember: token,
      param: keyGiven ? token : "bypass",
      toHome: pathname === MAINTENANCE_PATH,
    };
  }
  if (pathname !== MAINTENANCE_PATH) return { action: "redirect", to: MAINTENANCE_PATH };
  return { action: "continue", enabled: true, bypassed: false };
}

/** What the maintenance page says until an admin writes another message (issue 32 item 7, decision 151). */
export const DEFAULT_MAINTENANCE_MESSAGE =
  "The ordering portal is being updated and will be back shortly. Your baskets and orders are safe.";

/** The longest message the maintenance page shows. */
export const MAX_MAINTENANCE_MESSAGE = 500;
