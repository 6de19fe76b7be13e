import { createCookie, createCookieSessionStorage, type Cookie, type Session } from "@remix-run/node";
import { getEnv } from "~/env.server";
import { encryptedCookie } from "./sealed-cookie.server";

export type Toast = { kind: "success" | "error" | "info"; message: string };

/**
 * What the portal keeps in its session cookie: the provider's opaque token and a few ids, nothing else. The cookie is
 * encrypted (decision 006), so the browser holds it without being able to read the token.
 */
export type SessionData = {
  token: string;
  customerId: string;
  contactId: string;
  catalogueId: string;
  /** Set by /punchout/start when the session was opened from a procurement system (issue 16). */
  punchout: PunchoutState;
  /**
   * While an admin views the portal as a customer's user (issue 20, decision 129): `token` is then the act-as token,
   * and this keeps the admin's own token and unit, to go back to on Stop or when the act-as token dies.
   */
  viewAs: ViewAsState;
};

/** What the portal remembers of a view-as session (decision 129). */
export type ViewAsState = {
  /** The provider's act-as session id (DELETE /api/admin/view-as/:sessionId ends it). */
  sessionId: string;
  /** The act-as token, as `token` holds it while viewing as. */
  actAsToken: string;
  /** The admin's own token and unit, restored on Stop. */
  adminToken: string;
  adminCustomerId: string | null;
  adminContactId: string | null;
  /** For the toast on Stop: "Rory Requester of Northwind Facilities". */
  label: string;
};

/** What the portal remembers of the punchout session it started; the provider's session says whether one is open. */
export type PunchoutState = {
  /** The provider's punchout session id (GET /api/session's punchoutSession). */
  id: string;
  protocol: "cxml" | "oci";
  operation: "create" | "edit" | "inspect";
  /** The profile allows ordering in the portal itself (checkout stays open). */
  orderingAllowed: boolean;
  /** The origin of the procurement system's return URL (BrowserFormPost URL or HOOK_URL), or null. */
  returnOrigin: string | null;
};
/** The 3-D Secure challenge handed from the checkout to its own page (app/checkout/three-d-secure.server.ts). */
export type ThreeDSecureHandOff = { url: string; cReq: string; transactionId: string };
export type SessionFlash = { toast: Toast; threeDS: ThreeDSecureHandOff };
export type PortalSession = Session<SessionData, SessionFlash>;

type Storage = ReturnType<typeof createCookieSessionStorage<SessionData, SessionFlash>>;
let storage: Storage | undefined;

/**
 * A portal cookie's name: `__Host-portal_{base}` when cookies are Secure (production), which browsers accept only
 * with Secure, Path=/ and no Domain, so no subdomain or plain-HTTP page can set it; `__portal_{base}` on plain HTTP
 * (local runs, the e2e suite), where a `__Host-` cookie would be refused.
 */
export function portalCookieName(base: string): string {
  return getEnv().secureCookies ? `__Host-portal_${base}` : `__portal_${base}`;
}

/** The attributes every portal cookie shares (Path=/ and no Domain, as `__Host-` requires). */
function portalCookieAttributes(maxAge?: number) {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", secure: getEnv().secureCookies, maxAge };
}

function sessionStorage(): Storage {
  if (!storage) {
    storage = createCookieSessionStorage<SessionData, SessionFlash>({
      // encrypted with the first of SESSION_SECRETS, decrypted with any of them, so secrets can be rotated
      cookie: encryptedCookie(portalCookieName("session"), {
        ...portalCookieAttributes(60 * 60 * 12),
        secrets: getEnv().SESSION_SECRETS,
        purpose: "session",
      }),
    });
  }
  return storage;
}

const sessions = new WeakMap<Request, Promise<PortalSession>>();

/** One parsed session per request, however many loaders ask for it. */
export function getSession(request: Request): Promise<PortalSession> {
  let session = sessions.get(request);
  if (!session) {
    session = sessionStorage().getSession(request.headers.get("Cookie"));
    sessions.set(request, session);
  }
  return session;
}

/**
 * A punchout session's pages live in the procurement system's iframe, a cross-site context in which browsers send
 * and accept only `SameSite=None; Secure` cookies: its cookie is that when cookies are Secure (HTTPS). On plain HTTP
 * (local runs, e2e, where the stand-in is same-site) it stays Lax, as None without Secure is refused (decision 109).
 */
function crossSiteAttributes(session: PortalSession) {
  return session.get("punchout") && getEnv().secureCookies ? { sameSite: "none" as const } : undefined;
}

export function commitSession(session: PortalSession): Promise<string> {
  return sessionStorage().commitSession(session, crossSiteAttributes(session));
}

export function destroySession(session: PortalSession): Promise<string> {
  return sessionStorage().destroySession(session, crossSiteAttributes(session));
}

/** A new, empty session, whatever cookie the request carries: /punchout/start replaces the browser's session. */
export function newSession(): Promise<PortalSession> {
  return sessionStorage().getSession(null);
}

/** Adds a toast for the next page the user sees and returns the Set-Cookie header to send. */
export async function flashToast(request: Request, toast: Toast): Promise<HeadersInit> {
  const session = await getSession(request);
  session.flash("toast", toast);
  return { "Set-Cookie": await commitSession(session) };
}

const cookies = new Map<string, Cookie>();

/** A portal cookie other than the session (Path=/, HttpOnly, SameSite=Lax, `__Host-` and Secure in production). */
export function portalCookie(base: string, options: { encrypted: boolean; maxAge?: number }): Cookie {
  let cookie = cookies.get(base);
  if (!cookie) {
    const name = portalCookieName(base);
    const attributes = portalCookieAttributes(options.maxAge);
    cookie = options.encrypted
      ? encryptedCookie(name, { ...attributes, secrets: getEnv().SESSION_SECRETS, purpose: base })
      : createCookie(name, attributes);
    cookies.set(base, cookie);
  }
  return cookie;
}

/** Remembers, for the browser session only, that the maintenance bypass key was given (encrypted: it is a key). */
export const maintenanceBypassCookie = () => portalCookie("bypass", { encrypted: true });

/** The id of the site banner the user dismissed; kept for a year. */
export const bannerDismissedCookie = () => portalCookie("banner", { encrypted: false, maxAge: 60 * 60 * 24 * 365 });

/**
 * Tests switch secrets between cases.
 * @internal test seam
 */
export function resetSessionStorageForTests(): void {
  storage = undefined;
  cookies.clear();
}
