import { redirect } from "@remix-run/node";
import { commitSession, getSession, type PortalSession, type ViewAsState } from "~/session/session.server";
import { isRedirect, isRefusal, logFailure } from "./errors.server";

// Viewing the portal as a customer's user (issue 20 item 6, decision 129). The portal session's `token` becomes the
// act-as token, so every call the portal makes (session, basket, orders…) is that user's; `viewAs` keeps the admin's
// own token and unit beside it, to go back to on Stop, when the act-as token dies (401), and to log out fully.

export const VIEW_AS_PAGE = "/admin/view-as";
export const STOPPED = (label: string) => `You have stopped viewing as ${label}`;
export const ACT_AS_ENDED = "The view-as session has ended. You are back in your own account.";

/** The view-as state of a portal session when its token is still the act-as token, else null. */
export function viewAsOf(session: PortalSession): ViewAsState | null {
  const state = session.get("viewAs");
  return state && state.actAsToken === session.get("token") ? state : null;
}

/** What the session keeps of POST /api/admin/view-as's answer (the admin module parses it). */
type ViewAsStarted = {
  sessionId: string;
  accessToken: string;
  user: { email: string; firstName: string; lastName: string };
  customer: { id: string; name: string };
};

/** Swaps the session to the act-as token, keeping the admin's own token and unit (the caller commits the session). */
export function beginViewAs(session: PortalSession, started: ViewAsStarted): void {
  const adminToken = session.get("token");
  if (!adminToken) throw new Error("view-as needs the admin's own session");
  session.set("viewAs", {
    sessionId: started.sessionId,
    actAsToken: started.accessToken,
    adminToken,
    adminCustomerId: session.get("customerId") ?? null,
    adminContactId: session.get("contactId") ?? null,
    label: `${[started.user.firstName, started.user.lastName].filter(Boolean).join(" ") || started.user.email} of ${started.customer.name}`,
  });
  session.set("token", started.accessToken);
  session.set("customerId", started.customer.id);
  session.unset("contactId");
  session.unset("catalogueId");
  session.unset("punchout");
}

/** Back to the admin's own token and unit (the caller commits the session); returns what was ended, or null. */
export function restoreAdmin(session: PortalSession): ViewAsState | null {
  const state = session.get("viewAs");
  if (!state) return null;
  session.unset("viewAs");
  session.set("token", state.adminToken);
  if (state.adminCustomerId) session.set("customerId", state.adminCustomerId);
  else session.unset("customerId");
  if (state.adminContactId) session.set("contactId", state.adminContactId);
  else session.unset("contactId");
  session.unset("catalogueId");
  return state;
}

/**
 * The upstream client's answer to a 401 (decision 129): when the token that died is the act-as token, the admin's own
 * session takes over and the admin lands on /admin/view-as, told so; otherwise null (the log-in page, as ever).
 */
export async function fallBackToAdmin(request: Request, deadToken: string | null): Promise<Response | null> {
  const session = await getSession(request);
  const state = session.get("viewAs");
  if (!state || deadToken === null || state.actAsToken !== deadToken) return null;
  restoreAdmin(session);
  session.flash("toast", { kind: "info", message: ACT_AS_ENDED });
  return redirect(VIEW_AS_PAGE, { headers: { "Set-Cookie": await commitSession(session) } });
}

/** Log-out while viewing as logs the admin out fully: their own token is revoked too (the act-as one by the caller). */
export async function revokeAdminTokenOnLogout(
  request: Request,
  revoke: (token: string) => Promise<unknown>,
): Promise<void> {
  const state = (await getSession(request)).get("viewAs");
  if (!state) return;
  try {
    await revoke(state.adminToken);
  } catch (error) {
    if (!isRefusal(error) && !isRedirect(error)) logFailure(request, "revoking the admin's own session failed", error);
  }
}
