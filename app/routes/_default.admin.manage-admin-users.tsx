import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FormError } from "~/components/field-error";
import { IntentButton } from "~/components/intent-button";
import { MoreThanShown } from "~/components/customer-picker";
import { PageErrorBoundary } from "~/components/page-error";
import { Pagination } from "~/components/pagination";
import { ScrollingTable } from "~/components/scrolling-table";
import { TextField } from "~/components/text-field";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { manageAdminsPageData, submitManageAdmins } from "~/admin/admin-session.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/manage-admin-users", label: "Admin users", group: "People" });

// /admin/manage-admin-users (issue 20 item 5, decision 129): the evolve users, revoke per row, grant to a user found by
// name or e-mail (GET ?q=). The provider keeps the rules (not oneself, at least one active admin); its 409s show as
// error toasts. Evolve users only.
export const meta: MetaFunction = () => [{ title: "Admin users · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return manageAdminsPageData(await requireUser(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitManageAdmins(await requireUser(request), request);
}

export default function ManageAdminUsers() {
  const data = useLoaderData<typeof loader>();
  const { refused, errors, busy } = useFormAnswer<typeof action>();
  const formError = refused ? [refused.formError, ...Object.values(errors)].filter(Boolean).join(" ") : null;
  return (
    <section className="stack orders manage-admin-users">
      <h1>Admin users</h1>
      <p className="muted">
        Admin users open the admin area. You cannot revoke your own admin rights, and at least one active admin must
        remain.
      </p>
      <FormError id="admin-users-error" message={formError} />

      <h2 id="admins-heading">Admins</h2>
      <ScrollingTable labelledBy="admins-heading">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Active</th>
            <th scope="col">Last log-in</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {data.admins.map((a) => (
            <tr key={a.id}>
              <th scope="row">
                <Link to={`/admin/user/${a.id}`}>{a.name}</Link>
                {a.email.toLowerCase() === data.me ? <span className="muted"> (you)</span> : null}
              </th>
              <td>{a.email}</td>
              <td>{a.active ? "Yes" : "No"}</td>
              <td>{a.lastLogin}</td>
              <td>
                <IntentButton
                  intent="revoke"
                  fields={{ userId: a.id }}
                  label={`Revoke the admin rights of ${a.name} (${a.email})`}
                  disabled={busy}
                >
                  Revoke
                </IntentButton>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
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
        <ScrollingTable label={`Users matching “${data.q}”`}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Customers</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {data.candidates.map((u) => (
              <tr key={u.id}>
                <th scope="row">
                  {u.name}
                  {u.active ? null : <span className="muted"> (inactive)</span>}
                </th>
                <td>{u.email}</td>
                <td>{u.customers || "—"}</td>
                <td>
                  <IntentButton
                    intent="grant"
                    fields={{ userId: u.id }}
                    label={`Make ${u.name} (${u.email}) an admin`}
                    disabled={busy}
                  >
                    Make admin
                  </IntentButton>
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      {data.candidates ? (
        <MoreThanShown shown={data.candidates.length} total={data.candidatesTotal} what="users" />
      ) : null}
    </section>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="There is no such user."
    failed="The admin users could not be loaded. Please try again."
    links={[{ to: "/admin/manage-admin-users", label: "Admin users" }]}
  />
);
