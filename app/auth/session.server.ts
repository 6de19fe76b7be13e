import { createCookie, createCookieSessionStorage, type Session } from "@remix-run/node";
import { getEnv } from "~/env.server";

export type Toast = { kind: "success" | "error" | "info"; message: string };

/** What the portal keeps in its signed cookie: the provider's opaque token and a few ids, nothing else. */
export type SessionData = {
  token: string;
  customerId: string;
  contactId: string;
  catalogueId: string;
};
export type SessionFlash = { toast: Toast };
export type PortalSession = Session<SessionData, SessionFlash>;

type Storage = ReturnType<typeof createCookieSessionStorage<SessionData, SessionFlash>>;
let storage: Storage | undefined;

function sessionStorage(): Storage {
  if (!storage) {
    const env = getEnv();
    storage = createCookieSessionStorage<SessionData, SessionFlash>({
      cookie: {
        name: "__portal_session",
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        secure: env.secureCookies,
        // the first secret signs; all of them verify, so secrets can be rotated
        secrets: env.SESSION_SECRETS,
        maxAge: 60 * 60 * 12,
      },
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

export function commitSession(session: PortalSession): Promise<string> {
  return sessionStorage().commitSession(session);
}

export function destroySession(session: PortalSession): Promise<string> {
  return sessionStorage().destroySession(session);
}

/** Adds a toast for the next page the user sees and returns the Set-Cookie header to send. */
export async function flashToast(request: Request, toast: Toast): Promise<HeadersInit> {
  const session = await getSession(request);
  session.flash("toast", toast);
  return { "Set-Cookie": await commitSession(session) };
}

const cookies = new Map<string, ReturnType<typeof createCookie>>();

function portalCookie(name: string, options: { signed: boolean; maxAge?: number }) {
  let cookie = cookies.get(name);
  if (!cookie) {
    const env = getEnv();
    cookie = createCookie(name, {
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secure: env.secureCookies,
      secrets: options.signed ? env.SESSION_SECRETS : undefined,
      maxAge: options.maxAge,
    });
    cookies.set(name, cookie);
  }
  return cookie;
}

/** Remembers, for the browser session only, that the maintenance bypass key was given. */
export const maintenanceBypassCookie = () => portalCookie("__portal_bypass", { signed: true });

/** The id of the site banner the user dismissed; kept for a year. */
export const bannerDismissedCookie = () => portalCookie("__portal_banner", { signed: false, maxAge: 60 * 60 * 24 * 365 });

/** Tests switch secrets between cases. */
export function resetSessionStorageForTests(): void {
  storage = undefined;
  cookies.clear();
}
