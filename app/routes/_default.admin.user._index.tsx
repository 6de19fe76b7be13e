import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { FilterDisclosure } from "~/components/form-fields";
import { FieldError } from "~/components/field-error";
import { Pagination } from "~/components/pagination";
import { DataTable } from "~/components/data-table";
import { AdminScreen, adminPage } from "~/components/admin-page";
import { data } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { userSearchPageData } from "~/admin/admin-users.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/user", label: "Users", group: "People" });

export const { meta, links, headers } = adminPage("Users · Admin");

export async function loader({ request }: LoaderFunctionArgs) {
  const found = await userSearchPageData(await requireUser(request), new URL(request.url));
  return found.error ? data(found, { status: 400 }) : found;
}

/** /admin/user: find a user by name or e-mail (a GET form), 16 a page, each a link to their page. */
export default function AdminUsers() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <AdminScreen title="Users">
      <FilterDisclosure open={Boolean(data.error)}>
        <Form method="get" className="order-filters" key={location.search} aria-label="Find a user" noValidate>
          <div className="field">
            <label htmlFor="user-q">Name or e-mail contains</label>
            <input
              id="user-q"
              name="q"
              type="search"
              maxLength={100}
              defaultValue={data.q}
              aria-invalid={data.error ? true : undefined}
              aria-describedby={data.error ? "user-q-error" : undefined}
            />
            <FieldError id="user-q-error" message={data.error ?? undefined} />
          </div>
          <div className="order-filters__actions">
            <button type="submit" className="button button--primary">
              Find
            </button>
          </div>
        </Form>
      </FilterDisclosure>
      <DataTable
        rows={data.rows}
        columns={[
          { header: "Name", cell: (u) => <Link to={`/admin/user/${u.id}`}>{u.name}</Link> },
          { header: "Email", cell: (u) => u.email },
          { header: "Customers", cell: (u) => u.customers || "—" },
          { header: "Admin", cell: (u) => (u.admin ? "Yes" : "No") },
          { header: "Active", cell: (u) => (u.active ? "Yes" : "No") },
        ]}
        label="Users"
        empty={<p className="notice">No users found.</p>}
      />
      <Pagination page={data.page} pages={data.pageCount} total={data.total} counted="user" />
    </AdminScreen>
  );
}
