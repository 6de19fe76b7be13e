import { redirect } from "@remix-run/node";
import { z } from "zod";
import { beginViewAs } from "~/upstream/view-as.server";
import type { PortalUser } from "~/upstream/client.server";
import { commitSession, flashToast, getSession, type Toast } from "~/session/session.server";
import { PAGE_SIZE } from "~/domain/constants";
import { formatDate } from "~/domain/dates";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { isUpstreamIdValue } from "~/domain/upstream-id";
import { idField, invalidForm, parseForm } from "~/utils/forms.server";
import { endActiveSession, listActiveSessions } from "~/upstream/admin-active-sessions.server";
import { grantAdmin, listAdminUsers, revokeAdmin } from "~/upstream/admin-admin-users.server";
import { getCustomer, searchCustomers } from "~/upstream/admin-customers.server";
import { searchUsers } from "~/upstream/admin-users.server";
import { startViewAs, type ViewAsStarted } from "~/upstream/admin-view-as.server";
import { refusal, refusalForm } from "~/upstream/errors.server";
import { personName } from "./admin-shared.server";

// The admin area's session screens (issue 20 items 1, 5, 6; decision 129): view-as (C20 §6: `api/admin/customer`,
// `api/admin/user?customerId=`, `api/admin/view-as`), active users (§1 `api/admin/active-session`), admin users
// (§5 `api/admin/admin-user`, the grant's picker `api/admin/user?q=`) and the audit (§8). The provider refuses every
// one of them (403) to a caller who is not an evolve user, an act-as token included. The calls are in app/upstream
// (decision 174); this module holds the pages' data and actions.

// ---------------------------------------------------------------- the pages (loaders and actions)

/** The query a screen keeps when it posts back to itself (the page only), so Post/Redirect/Get lands where it was. */
function backTo(request: Request, pathname: string): string {
  const page = new URL(request.url).searchParams.get("page");
  return page && /^\d{1,6}$/.test(page) ? `${pathname}?page=${page}` : pathname;
}

async function toastRedirect(request: Request, to: string, toast: Toast) {
  return redirect(to, { headers: await flashToast(request, toast) });
}

const dateTime = (iso: string | null) => (iso ? formatDate(iso, "dd.MM.yy HH:mm") : "Never");

// /admin/view-as

const Q_MAX = 100;
const VIEW_AS_PICKER_SIZE = 100;

/** /admin/view-as: the customer search (GET ?q=), the chosen customer (GET ?customerId=) and its users (GET ?userQ=). */
export async function viewAsPageData(user: PortalUser, url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, Q_MAX);
  const userQ = (url.searchParams.get("userQ") ?? "").trim().slice(0, Q_MAX);
  const chosen = url.searchParams.get("customerId");
  if (chosen !== null && chosen !== "" && !isUpstreamIdValue(chosen))
    throw new Response("There is no such customer.", { status: 404 });
  const [customers, customer, users] = await Promise.all([
    searchCustomers(user.upstream, q),
    chosen ? getCustomer(user.upstream, chosen) : Promise.resolve(null),
    chosen
      ? searchUsers(user.upstream, { q: userQ, customerId: chosen, isEvolveUser: false }, VIEW_AS_PICKER_SIZE)
      : Promise.resolve(null),
  ]);
  return {
    q,
    userQ,
    customers: customers.data.map((c) => ({ id: c.id, name: c.name, userCount: c.userCount })),
    customersTotal: customers.total,
    customer: customer ? { id: customer.id, name: customer.name } : null,
    users: (users?.data ?? []).map((u) => ({ id: u.id, name: personName(u), email: u.email, active: u.isActive })),
    usersTotal: users?.total ?? 0,
  };
}

const viewAsSchema = () =>
  z.object({
    customerId: idField("Choose a customer", "Choose a customer from the list"),
    userId: idField("Choose a user to view as", "Choose a user from the list"),
  });

/**
 * POST /admin/view-as {customerId, userId}: POST /api/admin/view-as with the admin's token; the portal session then
 * carries the act-as token (decision 129) and the admin goes to / as that user. 400 `userId` → under the field,
 * 409 → an error toast back on the picker, 404 → the 404 page.
 */
export async function submitViewAs(user: PortalUser, request: Request) {
  const form = await parseForm(request, viewAsSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  const { customerId, userId } = form.data;
  let started: ViewAsStarted;
  try {
    started = await startViewAs(user.upstream, { customerId, userId });
  } catch (error) {
    const refused = refusal(error, 400, 409);
    if (refused.status === 400) return refusalForm(refused, { fields: ["customerId", "userId"] });
    return toastRedirect(request, `/admin/view-as?customerId=${customerId}`, {
      kind: "error",
      message: refused.message,
    });
  }
  const session = await getSession(request);
  beginViewAs(session, started);
  session.flash("toast", {
    kind: "info",
    message: `You are now viewing the portal as ${personName(started.user)} of ${started.customer.name}`,
  });
  return redirect("/", { headers: { "Set-Cookie": await commitSession(session) } });
}

// /admin/active-users

/** /admin/active-users: the sessions seen in the last 15 minutes, 16 a page (GET ?page=). */
export async function activeUsersPageData(user: PortalUser, url: URL) {
  const asked = parsePage(url.searchParams.get("page"));
  let answer = await listActiveSessions(user.upstream, PAGE_SIZE, (asked - 1) * PAGE_SIZE);
  let page = asked;
  if (answer.data.length === 0 && answer.total > 0 && asked > 1) {
    page = pageCount(answer.total);
    answer = await listActiveSessions(user.upstream, PAGE_SIZE, (page - 1) * PAGE_SIZE);
  }
  return {
    sessions: answer.data.map((s) => ({
      sessionId: s.sessionId,
      userId: s.user.id,
      user: personName(s.user),
      email: s.user.email,
      customer: s.customer?.name ?? "—",
      lastSeen: dateTime(s.lastSeenAt),
      punchout: s.punchout,
      viewingAs: s.actAs ? (s.actingAdmin ? `Yes, by ${personName(s.actingAdmin)}` : "Yes") : "No",
    })),
    total: answer.total,
    page,
    pages: pageCount(answer.total),
  };
}

export const SESSION_ENDED = "The session has ended: that user has to log in again";
export const SESSION_GONE = "That session had already ended";

const endSessionSchema = () =>
  z.object({
    intent: z.literal("end"),
    sessionId: idField("Choose a session to end", "That is not a session of the list"),
  });

/** POST /admin/active-users {intent: end, sessionId}: DELETE /api/admin/active-session/:id, then back with a toast. */
export async function submitActiveUsers(user: PortalUser, request: Request) {
  const form = await parseForm(request, endSessionSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  const back = backTo(request, "/admin/active-users");
  try {
    await endActiveSession(user.upstream, form.data.sessionId);
  } catch (error) {
    // a session may end on its own between the page and the click: said in a toast, not a 404 page (decision 129)
    refusal(error, 404);
    return toastRedirect(request, back, { kind: "error", message: SESSION_GONE });
  }
  return toastRedirect(request, back, { kind: "success", message: SESSION_ENDED });
}

// /admin/manage-admin-users

const ADMIN_PAGE_SIZE = 50;
const GRANT_PICKER_SIZE = 16;

/** /admin/manage-admin-users: the evolve users (50 a page, GET ?page=) and, with GET ?q=, the users who may be made admins. */
export async function manageAdminsPageData(user: PortalUser, url: URL) {
  const asked = parsePage(url.searchParams.get("page"));
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, Q_MAX);
  const [admins, candidates] = await Promise.all([
    listAdminUsers(user.upstream, ADMIN_PAGE_SIZE, (asked - 1) * ADMIN_PAGE_SIZE),
    q ? searchUsers(user.upstream, { q, isEvolveUser: false }, GRANT_PICKER_SIZE) : Promise.resolve(null),
  ]);
  return {
    me: user.session.user.email.toLowerCase(),
    admins: admins.data.map((a) => ({
      id: a.id,
      name: personName(a),
      email: a.email,
      active: a.isActive,
      lastLogin: dateTime(a.lastLoginAt),
    })),
    total: admins.total,
    page: asked,
    pages: pageCount(admins.total, ADMIN_PAGE_SIZE),
    q,
    candidates:
      candidates?.data.map((u) => ({
        id: u.id,
        name: personName(u),
        email: u.email,
        active: u.isActive,
        customers: u.customers.map((c) => c.name).join(", "),
      })) ?? null,
    candidatesTotal: candidates?.total ?? 0,
  };
}

export const GRANTED = (name: string) => `${name} is now an admin`;
export const REVOKED = (name: string) => `${name} is no longer an admin`;

const manageAdminsSchema = () =>
  z.object({ intent: z.enum(["grant", "revoke"]), userId: idField("Choose a user", "Choose a user from the list") });

/**
 * POST /admin/manage-admin-users {intent: grant | revoke, userId}: POST /api/admin/admin-user or DELETE
 * /api/admin/admin-user/:userId; the provider's 409s ("You cannot revoke your own admin rights", "At least one active
 * admin must remain", …) as error toasts; an unknown user → the 404 page.
 */
export async function submitManageAdmins(user: PortalUser, request: Request) {
  const form = await parseForm(request, manageAdminsSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  const { intent, userId } = form.data;
  const back = backTo(request, "/admin/manage-admin-users");
  try {
    if (intent === "grant") {
      const granted = await grantAdmin(user.upstream, userId);
      return toastRedirect(request, back, { kind: "success", message: GRANTED(personName(granted)) });
    }
    const revoked = await revokeAdmin(user.upstream, userId);
    const name = revoked.email
      ? personName({ email: revoked.email, firstName: revoked.firstName ?? "", lastName: revoked.lastName ?? "" })
      : "The user";
    return toastRedirect(request, back, { kind: "success", message: REVOKED(name) });
  } catch (error) {
    const refused = refusal(error, 409);
    return toastRedirect(request, back, { kind: "error", message: refused.message });
  }
}
