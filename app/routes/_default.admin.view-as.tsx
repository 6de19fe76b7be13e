import { Form, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { CustomerPicker, MoreThanShown } from "~/components/customer-picker";
import { FieldError, FormError } from "~/components/field-error";
import { TextField } from "~/components/text-field";
import { AdminScreen, adminErrorBoundary, adminPage } from "~/components/admin-page";
import { submitViewAs, viewAsPageData } from "~/admin/admin-session.server";
import { adminLoader, adminAction } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/view-as", label: "View as a user", group: "People" });

// /admin/view-as (issue 20 item 6, decision 129): choose a customer (GET ?q=, then ?customerId=) and one of its users;
// "View as" posts, and the portal then acts as that user, with the banner and its Stop on every page. Evolve users only
// (the access table's admin entry; the provider refuses the calls to anyone else).
export const { meta, links, headers } = adminPage("View as a user");

export const loader = adminLoader(viewAsPageData);

export const action = adminAction(submitViewAs);

export default function ViewAs() {
  const data = useLoaderData<typeof loader>();
  const { errors, formError, busy } = useFormAnswer<typeof action>();
  return (
    <AdminScreen
      title="View as a user"
      name="view-as"
      intro={
        <>
          See the portal as one of a customer&apos;s users: their catalogue, permissions and basket. Everything you
          change while viewing as them is recorded under your name. The banner at the top of every page ends it.
        </>
      }
    >
      <CustomerPicker q={data.q} customers={data.customers} total={data.customersTotal} chosenId={data.customer?.id} />

      {data.customer ? (
        <>
          <h2>2. Choose a user of {data.customer.name}</h2>
          <Form method="get" className="stack" role="search" aria-label="Users of the customer">
            {data.q ? <input type="hidden" name="q" value={data.q} /> : null}
            <input type="hidden" name="customerId" value={data.customer.id} />
            <TextField
              name="userQ"
              label="Name or email contains"
              type="search"
              maxLength={100}
              defaultValue={data.userQ}
            />
            <div>
              <button type="submit" className="button">
                Find users
              </button>
            </div>
          </Form>
          <FormError id="view-as-error" message={formError} />
          {data.users.length === 0 ? (
            <p>
              {data.userQ
                ? `No user of ${data.customer.name} matches “${data.userQ}”.`
                : `${data.customer.name} has no users you can view as.`}
            </p>
          ) : (
            <Form method="post" className="stack" aria-describedby={formError ? "view-as-error" : undefined}>
              <input type="hidden" name="customerId" value={data.customer.id} />
              <fieldset className="stack" aria-describedby={errors.userId ? "userId-error" : undefined}>
                <legend>User</legend>
                {data.users.map((u) => (
                  <label key={u.id} className="checkbox">
                    <input type="radio" name="userId" value={u.id} disabled={!u.active} /> {u.name}{" "}
                    <span className="muted">
                      ({u.email}
                      {u.active ? "" : ", inactive"})
                    </span>
                  </label>
                ))}
                <FieldError id="userId-error" message={errors.userId} />
                <FieldError id="customerId-error" message={errors.customerId} />
              </fieldset>
              <div>
                <button type="submit" className="button button--primary" disabled={busy}>
                  View as
                </button>
              </div>
            </Form>
          )}
          <MoreThanShown shown={data.users.length} total={data.usersTotal} what="users" />
        </>
      ) : null}
    </AdminScreen>
  );
}

export const ErrorBoundary = adminErrorBoundary(
  "The customers",
  [
    { to: "/admin/view-as", label: "View as a user" },
    { to: "/admin/active-users", label: "Active users" },
  ],
  "There is no such customer or user.",
);
