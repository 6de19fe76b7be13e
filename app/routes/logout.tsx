import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { destroySession, getSession } from "~/session/session.server";
import { revokeAdminTokenOnLogout } from "~/upstream/view-as.server";
import { revokeAuthentication } from "~/upstream/auth.server";
import { createUpstreamClient } from "~/upstream/client.server";
import { isRedirect, isRefusal, logFailure } from "~/upstream/errors.server";
import { page } from "~/auth/route-access";

export const access = page("user", { punchoutOnlyUsers: true });

export async function loader() {
  // logging out changes state, so it is a POST only; a typed-in /logout lands on the dashboard
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const { upstream } = await requireUser(request);
  // while viewing as someone, the admin's own session ends too (decision 129)
  await revokeAdminTokenOnLogout(request, (token) => revokeAuthentication(createUpstreamClient(request, token)));
  try {
    await revokeAuthentication(upstream);
  } catch (error) {
    // the cookie goes regardless; a provider that cannot revoke now expires the session on its own. A refusal, or the
    // log-in redirect of a session that has already ended, is no failure to log.
    if (!isRefusal(error) && !isRedirect(error)) logFailure(request, "revoking the upstream session failed", error);
  }
  const session = await getSession(request);
  return redirect("/login", { headers: { "Set-Cookie": await destroySession(session) } });
}
