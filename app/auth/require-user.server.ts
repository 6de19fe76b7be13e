import { redirect } from "@remix-run/node";
import { maintenanceDecision } from "~/domain/maintenance";
import type { Permission } from "~/domain/permissions";
import { getCachedMaintenanceStatus, getCachedUpstreamSession } from "~/upstream/auth.server";
import { allowFrameAncestor } from "~/http/form-action.server";
import { perRequest } from "~/http/request-scope.server";
import { noteCaller } from "~/http/log.server";
import { createUpstreamClient, getUpstream, type PortalUser } from "~/upstream/client.server";
import { logFailure } from "~/upstream/errors.server";
import { accessGuard, permissionDecision, type AccessDecision } from "./access-guard.server";
import { refusalMessage } from "./refusal";
import {
  flashToast,
  getSession,
  maintenanceBypassCookie,
  type PortalSession,
  type PunchoutState,
} from "~/session/session.server";

// The signed-in caller is made of upstream pieces, so its type lives with the upstream client (decision 142)
export type { PortalUser };

/**
 * The punchout session the provider says this session is in, with what the portal remembered when it started it; a
 * provider punchout session the portal did not start here (or another id) is read as the most closed one.
 */
export function punchoutStateOf(portalSession: PortalSession, punchoutSession: string | null): PunchoutState | null {
  if (punchoutSession === null) return null;
  const kept = portalSession.get("punchout");
  if (kept && kept.id === punchoutSession) return kept;
  return { id: punchoutSession, protocol: "cxml", operation: "create", orderingAllowed: false, returnOrigin: null };
}

/** The page a request is for, without Remix's `.data` suffix and internal parameters. */
export function pagePath(request: Request): { pathname: string; full: string } {
  const url = new URL(request.url);
  let pathname = url.pathname.replace(/\.data$/, "");
  if (pathname === "/_root") pathname = "/";
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return { pathname, full: pathname + (search ? `?${search}` : "") };
}

/** `message`: what the maintenance page says (the provider's, issue 32 item 7), null when the check failed. */
type MaintenanceState = { enabled: boolean; bypassed: boolean; message: string | null };
const maintenanceChecks = new WeakMap<Request, Promise<MaintenanceState>>();

/**
 * Guard 1 (SPEC §2): maintenance. Everyone goes to /maintenance while it is on, unless this browser session
 * gave the bypass key (a query key equal to the bypass token, on any page). A failed check lets navigation
 * continue (SPEC §8).
 *
 * The log-in layout's pages (log-in, maintenance, recovery) call this and ask the provider afresh, refreshing the
 * process-wide answer: they are few, and the maintenance page lets its visitors out as soon as it is switched off.
 * The guard chain of every other page reads the cached answer, at most MAINTENANCE_CACHE_MS old (decision 044).
 */
export function checkMaintenance(request: Request): Promise<MaintenanceState> {
  return perRequest(request, "maintenance", maintenanceChecks, () => runMaintenanceCheck(request, true));
}

function checkMaintenanceCached(request: Request): Promise<MaintenanceState> {
  return perRequest(request, "maintenance", maintenanceChecks, () => runMaintenanceCheck(request, false));
}

async function runMaintenanceCheck(request: Request, fresh: boolean): Promise<MaintenanceState> {
  let status = null;
  try {
    status = await getCachedMaintenanceStatus(createUpstreamClient(request, null), { fresh });
  } catch (error) {
    logFailure(request, "maintenance check failed; continuing", error);
  }
  const { pathname } = pagePath(request);
  const cookie = maintenanceBypassCookie();
  const url = new URL(request.url);
  const decision = maintenanceDecision({
    status,
    pathname,
    searchParams: url.searchParams,
    rememberedToken: status?.isMaintenanceEnabled ? await cookie.parse(request.headers.get("Cookie")) : null,
  });
  if (decision.action === "continue")
    return { enabled: decision.enabled, bypassed: decision.bypassed, message: status?.message ?? null };
  if (decision.action === "redirect") throw redirect(decision.to);
  url.searchParams.delete(decision.param);
  // the page asked for, but only as a same-site path: `//evil.example/?bypass=…` must not lead off the site
  const target = decision.toHome ? "/" : safeRedirect(pagePath(new Request(url)).full);
  throw redirect(target, { headers: { "Set-Cookie": await cookie.serialize(decision.remember) } });
}

const users = new WeakMap<Request, Promise<PortalUser>>();

/**
 * The guard chain every loader and action runs first (DESIGN §3): maintenance → logged in → business unit
 * chosen → access guard. Memoised per HTTP request (all its loaders), so GET /api/session is fetched at most once.
 */
export async function requireUser(request: Request, options: { permission?: Permission } = {}): Promise<PortalUser> {
  const resolved = await perRequest(request, "user", users, () => runChain(request));
  if (options.permission) await enforce(request, permissionDecision(resolved.session.account, options.permission));
  return resolved;
}

/**
 * A refusal becomes a redirect, or a 403 for a post the route's own rules refuse (decision 057): the one place
 * that tells the two apart. A page load sent to the dashboard carries a toast naming the screen refused (decision
 * 087); /punchout-only says why itself, and a prefetch (a link hovered, not followed) is told nothing.
 */
async function enforce(request: Request, decision: AccessDecision): Promise<void> {
  if (decision.allow) return;
  if (decision.forbidsPost && request.method !== "GET" && request.method !== "HEAD") {
    throw new Response("You do not have permission to do that.", { status: 403 });
  }
  if (decision.redirectTo !== "/" || isPrefetch(request)) throw redirect(decision.redirectTo);
  const toast = { kind: "error", message: refusalMessage(pagePath(request).pathname) } as const;
  throw redirect(decision.redirectTo, { headers: await flashToast(request, toast) });
}

/** A prefetch (a link hovered, a speculative load), not a visit: nothing that spends a token may run on one. */
export function isPrefetch(request: Request): boolean {
  const purpose = request.headers.get("Sec-Purpose") ?? request.headers.get("Purpose") ?? "";
  return purpose.includes("prefetch");
}

async function runChain(request: Request): Promise<PortalUser> {
  const { pathname, full } = pagePath(request);
  const portalSession = await getSession(request);
  const token = portalSession.get("token");
  const upstream = await getUpstream(request);
  // maintenance and session are fetched together (each from its cache when fresh enough); maintenance still decides first
  const sessionCall = token ? getCachedUpstreamSession(upstream) : null;
  sessionCall?.catch(() => undefined);
  await checkMaintenanceCached(request);

  if (!sessionCall) throw redirect(`/login?redirect=${encodeURIComponent(full)}`);
  const session = await sessionCall;
  // the request's access line names who asked (decision 144)
  noteCaller(request, { userId: session.user.id, customerId: session.selectedCustomer?.internalId ?? null });

  if (!session.selectedCustomer && pathname !== "/select-your-customer" && pathname !== "/logout") {
    throw redirect(`/select-your-customer?redirect=${encodeURIComponent(full)}`);
  }

  const inPunchout = session.punchoutSession !== null;
  const punchout = punchoutStateOf(portalSession, session.punchoutSession);
  const punchoutOrdering = punchout?.orderingAllowed ?? false;
  await enforce(
    request,
    accessGuard({
      pathname,
      account: session.account,
      inPunchout,
      punchoutOrdering,
      method: request.method,
      setting: session.setting,
      hasPunchoutProfile: session.hasPunchoutProfile,
    }),
  );
  // the procurement system shows a punchout session's pages in its iframe (decision 109)
  if (punchout?.returnOrigin) allowFrameAncestor(request, punchout.returnOrigin);
  return { upstream, session, inPunchout, punchout };
}

/** For the login-layout pages: maintenance still applies; a logged-in user goes where they were heading. */
export async function requireAnonymous(request: Request): Promise<void> {
  await checkMaintenance(request);
  const session = await getSession(request);
  if (session.get("token")) {
    throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirect")));
  }
}

/**
 * Only same-site relative paths; anything else falls back to `fallback`. The answer is the URL parser's own
 * serialisation of the path, query and fragment, so characters a Location header cannot carry (above U+00FF, spaces)
 * come back percent-encoded rather than failing the response; it is checked again after that normalisation, which
 * can turn `/.//host` into `//host`.
 */
export function safeRedirect(target: FormDataEntryValue | string | null | undefined, fallback = "/"): string {
  if (typeof target !== "string" || !isSameSitePath(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, "http://portal.invalid");
  } catch {
    return fallback;
  }
  if (url.origin !== "http://portal.invalid") return fallback;
  const normalised = url.pathname + url.search + url.hash;
  return isSameSitePath(normalised) ? normalised : fallback;
}

function isSameSitePath(target: string): boolean {
  if (!target.startsWith("/") || target.startsWith("//") || target.startsWith("/\\")) return false;
  // a backslash or control character anywhere can be read as a scheme or host by some browsers
  return !/[\\\u0000-\u001f]/.test(target);
}
