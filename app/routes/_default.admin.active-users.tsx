import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { IntentButton } from "~/components/intent-button";
import { PageErrorBoundary } from "~/components/page-error";
import { Pagination } from "~/components/pagination";
import { ScrollingTable } from "~/components/scrolling-table";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { activeUsersPageData, submitActiveUsers } from "~/admin/admin-session.server";
import { adminScreen } from "~/auth/route-access";

// the admin area, part 1 (issue 20; decisions 129, 130): evolve users only (the guard sends everyone else to /, and
// the provider answers 403 to every admin call); the sidebar's admin sections (decision 164)
export const access = adminScreen({ to: "/admin/active-users", label: "Active users", group: "People" });

// /admin/active-users (issue 20 item 1, decision 129): the provider's sessions seen in the last 15 minutes, 16 a page;
// "End session" per row (the user's next request goes to the log-in page). Evolve users only.
export const meta: MetaFunction = () => [{ title: "Active users · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return activeUsersPageData(await requireUser(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitActiveUsers(await requireUser(request), request);
}

export default function ActiveUsers() {
  const { sessions, total, page, pages } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <section className="stack orders active-users">
      <h1>Active users</h1>
      <p className="muted">Sessions that made a request in the last 15 minutes, most recent first.</p>
      {sessions.length === 0 ? (
        <p>No one has been active in the last 15 minutes.</p>
      ) : (
        <ScrollingTable label={`Active sessions (${total})`}>
          <thead>
            <tr>
              <th scope="col">User</th>
              <th scope="col">Customer</th>
              <th scope="col">Last request</th>
              <th scope="col">Punchout</th>
              <th scope="col">Viewing as</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {sessions.map((s) => (
              <tr key={s.sessionId}>
                <th scope="row">
                  <Link to={`/admin/user/${s.userId}`}>{s.user}</Link>
                  <br />
                  <span className="muted">{s.email}</span>
                </th>
                <td>{s.customer}</td>
                <td>{s.lastSeen}</td>
                <td>{s.punchout ? "Yes" : "No"}</td>
                <td>{s.viewingAs}</td>
                <td>
                  <IntentButton
                    intent="end"
                    fields={{ sessionId: s.sessionId }}
                    label={`End the session of ${s.user} (${s.email})`}
                    disabled={busy}
                  >
                    End session
                  </IntentButton>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      <Pagination page={page} pages={pages} total={total} counted="session" />
    </section>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="There is no such session."
    failed="The active users could not be loaded. Please try again."
    links={[{ to: "/admin/active-users", label: "Active users" }]}
  />
);
