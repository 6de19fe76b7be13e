import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { commitSession, getSession } from "~/session/session.server";
import { restoreAdmin, STOPPED, VIEW_AS_PAGE, viewAsOf } from "~/upstream/view-as.server";
import { createUpstreamClient } from "~/upstream/client.server";
import { stopViewAs } from "~/upstream/admin-view-as.server";
import { isRefusal } from "~/upstream/errors.server";
import { page } from "~/auth/route-access";

// the view-as banner's Stop (decision 129): outside /admin, as the caller is then the customer's user; any user
// viewed as may be a punchout-only one, so it stays open to them
export const access = page("user", { punchoutOnlyUsers: true });

// POST /stop-view-as (issue 20 item 6, decision 129): the banner's Stop. It lives outside /admin because while viewing
// as someone the caller is that customer's user, whom the guard keeps out of /admin. DELETE /api/admin/view-as/:id goes
// with the admin's own token; the portal session goes back to it, and the admin to /admin/view-as with a toast.

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  await requireUser(request);
  const session = await getSession(request);
  const state = viewAsOf(session);
  if (!state) return redirect("/");
  try {
    await stopViewAs(createUpstreamClient(request, state.adminToken), state.sessionId);
  } catch (error) {
    // already ended (the provider ended it, or another tab stopped it): nothing left to stop
    if (!isRefusal(error, 404)) throw error;
  }
  restoreAdmin(session);
  session.flash("toast", { kind: "success", message: STOPPED(state.label) });
  return redirect(VIEW_AS_PAGE, { headers: { "Set-Cookie": await commitSession(session) } });
}
