import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";

// POST /stop-view-as (issue 20 item 6, decision 129): the banner's Stop. It lives outside /admin because while viewing
// as someone the caller is that customer's user, whom the guard keeps out of /admin. DELETE /api/admin/view-as/:id goes
// with the admin's own token; the portal session goes back to it, and the admin to /admin/view-as with a toast.

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { commitSession, getSession } = await import("~/session/session.server");
  const { restoreAdmin, STOPPED, VIEW_AS_PAGE, viewAsOf } = await import("~/upstream/view-as.server");
  const { createUpstreamClient } = await import("~/upstream/client.server");
  const { stopViewAs } = await import("~/admin/admin-session.server");
  const { isRefusal } = await import("~/upstream/errors.server");
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
