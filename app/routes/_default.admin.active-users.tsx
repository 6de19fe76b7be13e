import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Pagination } from "~/components/pagination";
import { DataTable } from "~/components/data-table";
import { AdminScreen, adminErrorBoundary, adminPage } from "~/components/admin-page";
import { activeUsersPageData, submitActiveUsers } from "~/admin/admin-session.server";
import { adminLoader, adminAction } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

// the admin area, part 1 (issue 20; decisions 129, 130): evolve users only (the guard sends everyone else to /, and
// the provider answers 403 to every admin call); the sidebar's admin sections (decision 164)
export const access = adminScreen({ to: "/admin/active-users", label: "Active users", group: "People" });

// /admin/active-users (issue 20 item 1, decision 129): the provider's sessions seen in the last 15 minutes, 16 a page;
// "End session" per row (the user's next request goes to the log-in page). Evolve users only.
export const { meta, links, headers } = adminPage("Active users");

export const loader = adminLoader(activeUsersPageData);

export const action = adminAction(submitActiveUsers);

export default function ActiveUsers() {
  const { sessions, total, page, pages } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <AdminScreen
      title="Active users"
      name="active-users"
      intro="Sessions that made a request in the last 15 minutes, most recent first."
    >
      <DataTable
        rows={sessions.map((s) => ({ ...s, id: s.sessionId }))}
        columns={[
          {
            header: "User",
            cell: (s) => (
              <>
                <Link to={`/admin/user/${s.userId}`}>{s.user}</Link>
                <br />
                <span className="muted">{s.email}</span>
              </>
            ),
          },
          { header: "Customer", cell: (s) => s.customer },
          { header: "Last request", cell: (s) => s.lastSeen },
          { header: "Punchout", cell: (s) => (s.punchout ? "Yes" : "No") },
          { header: "Viewing as", cell: (s) => s.viewingAs },
        ]}
        rowButton={(s) => ({
          intent: "end",
          fields: { sessionId: s.sessionId },
          label: `End the session of ${s.user} (${s.email})`,
          text: "End session",
        })}
        busy={busy}
        label={`Active sessions (${total})`}
        empty={<p>No one has been active in the last 15 minutes.</p>}
      />
      <Pagination page={page} pages={pages} total={total} counted="session" />
    </AdminScreen>
  );
}

export const ErrorBoundary = adminErrorBoundary(
  "The active users",
  [{ to: "/admin/active-users", label: "Active users" }],
  "There is no such session.",
);
