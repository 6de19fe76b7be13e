import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { FilterDisclosure } from "~/components/form-fields";
import { FieldError } from "~/components/field-error";
import { Pagination } from "~/components/pagination";
import { ScrollingTable } from "~/components/scrolling-table";
import ordersStyles from "~/styles/orders.css?url";
import { data } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { userSearchPageData } from "~/admin/admin-users.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/user", label: "Users", group: "People" });

export const meta: MetaFunction = () => [{ title: "Users · Admin · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const found = await userSearchPageData(await requireUser(request), new URL(request.url));
  return found.error ? data(found, { status: 400 }) : found;
}

/** /admin/user: find a user by name or e-mail (a GET form), 16 a page, each a link to their page. */
export default function AdminUsers() {
  const data = useLoaderData<typeof loader>();
  const location = useLocation();
  return (
    <section className="stack orders">
      <h1>Users</h1>
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
      {data.rows.length === 0 ? (
        <p className="notice">No users found.</p>
      ) : (
        <ScrollingTable label="Users">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Customers</th>
              <th scope="col">Admin</th>
              <th scope="col">Active</th>
            </tr>
          </thead>
          <tbody>
            {data.rows.map((u) => (
              <tr key={u.id}>
                <th scope="row">
                  <Link to={`/admin/user/${u.id}`}>{u.name}</Link>
                </th>
                <td>{u.email}</td>
                <td>{u.customers || "—"}</td>
                <td>{u.admin ? "Yes" : "No"}</td>
                <td>{u.active ? "Yes" : "No"}</td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
      <Pagination page={data.page} pages={data.pageCount} total={data.total} counted="user" />
    </section>
  );
}
