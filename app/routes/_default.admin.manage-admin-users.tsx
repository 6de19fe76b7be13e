import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FormError } from "~/components/field-error";
import { MoreThanShown } from "~/components/customer-picker";
import { Pagination } from "~/components/pagination";
import { DataTable } from "~/components/data-table";
import { TextField } from "~/components/text-field";
import { AdminScreen, adminErrorBoundary, adminPage } from "~/components/admin-page";
import { manageAdminsPageData, submitManageAdmins } from "~/admin/admin-session.server";
import { adminLoader, adminAction } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/manage-admin-users", label: "Admin users", group: "People" });

// /admin/manage-admin-users (issue 20 item 5, decision 129): the evolve users, revoke per row, grant to a user found by
// name or e-mail (GET ?q=). The provider keeps the rules (not oneself, at least one active admin); its 409s show as
// error toasts. Evolve users only.
export const { meta, links, headers } = adminPage("Admin users");

export const loader = adminLoader(manageAdminsPageData);

export const action = adminAction(submitManageAdmins);

export default function ManageAdminUsers() {
  const data = useLoaderData<typeof loader>();
  const { refused, errors, busy } = useFormAnswer<typeof action>();
  const formError = refused ? [refused.formError, ...Object.values(errors)].filter(Boolean).join(" ") : null;
  return (
    <AdminScreen
      title="Admin users"
      name="manage-admin-users"
      intro="Admin users open the admin area. You cannot revoke your own admin rights, and at least one active admin must remain."
    >
      <FormError id="admin-users-error" message={formError} />

      <h2 id="admins-heading">Admins</h2>
      <DataTable
        rows={data.admins}
        columns={[
          {
            header: "Name",
            cell: (a) => (
              <>
                <Link to={`/admin/user/${a.id}`}>{a.name}</Link>
                {a.email.toLowerCase() === data.me ? <span className="muted"> (you)</span> : null}
              </>
            ),
          },
          { header: "Email", cell: (a) => a.email },
          { header: "Active", cell: (a) => (a.active ? "Yes" : "No") },
          { header: "Last log-in", cell: (a) => a.lastLogin },
        ]}
        rowButton={(a) => ({
          intent: "revoke",
          fields: { userId: a.id },
          label: `Revoke the admin rights of ${a.name} (${a.email})`,
          text: "Revoke",
        })}
        busy={busy}
        labelledBy="admins-heading"
      />
      <Pagination page={data.page} pages={data.pages} total={data.total} counted="admin" />

      <h2>Make a user an admin</h2>
      <Form method="get" className="stack" role="search" aria-label="Users">
        <TextField name="q" label="Name or email contains" type="search" maxLength={100} defaultValue={data.q} />
        <div>
          <button type="submit" className="button">
            Find users
          </button>
        </div>
      </Form>
      {data.candidates === null ? null : data.candidates.length === 0 ? (
        <p>No user who is not an admin matches “{data.q}”.</p>
      ) : (
        <DataTable
          rows={data.candidates}
          columns={[
            {
              header: "Name",
              cell: (u) => (
                <>
                  {u.name}
                  {u.active ? null : <span className="muted"> (inactive)</span>}
                </>
              ),
            },
            { header: "Email", cell: (u) => u.email },
            { header: "Customers", cell: (u) => u.customers || "—" },
          ]}
          rowButton={(u) => ({
            intent: "grant",
            fields: { userId: u.id },
            label: `Make ${u.name} (${u.email}) an admin`,
            text: "Make admin",
          })}
          busy={busy}
          label={`Users matching “${data.q}”`}
        />
      )}
      {data.candidates ? (
        <MoreThanShown shown={data.candidates.length} total={data.candidatesTotal} what="users" />
      ) : null}
    </AdminScreen>
  );
}

export const ErrorBoundary = adminErrorBoundary(
  "The admin users",
  [{ to: "/admin/manage-admin-users", label: "Admin users" }],
  "There is no such user.",
);
