import { Form, useLoaderData, useLocation } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FormError } from "~/components/field-error";
import { SelectField } from "~/components/form-fields";
import { InvitationFields } from "~/components/invitation-fields";
import { AdminScreen, adminPage } from "~/components/admin-page";
import { adminInvitationPageData, submitAdminInvitation } from "~/admin/admin-invitation.server";
import { adminLoader, adminAction } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/invitation", label: "Invite a user", group: "People" });

export const { meta, links, headers } = adminPage("Invite a user · Admin");

export const loader = adminLoader(adminInvitationPageData);

export const action = adminAction(submitAdminInvitation);

/** /admin/invitation (issue 20 item 4): invite a user to any customer, with any permissions, approver or needing approval. */
export default function AdminInvitation() {
  const data = useLoaderData<typeof loader>();
  const { answer, refused, errors, formError, busy } = useFormAnswer<typeof action>();
  const location = useLocation();
  const typed = refused ? refused.values : null;
  const customerId = typed?.customerId ?? data.customerId;
  return (
    <AdminScreen
      title="Invite a user"
      intro="They get an email with a link to choose a password. The link works for 7 days."
    >
      <Form method="get" className="order-filters" aria-label="Find a customer" key={location.search}>
        <div className="field">
          <label htmlFor="customer-q">Customer name contains</label>
          <input id="customer-q" name="q" type="search" maxLength={100} defaultValue={data.q} />
        </div>
        <div className="order-filters__actions">
          <button type="submit" className="button">
            Find customers
          </button>
        </div>
      </Form>
      {data.customersTotal > data.customers.length ? (
        <p className="muted">
          Showing the first {data.customers.length} of {data.customersTotal} customers: search to narrow the list.
        </p>
      ) : null}
      <FormError id="invite-error" message={formError} />
      <Form
        method="post"
        className="stack"
        noValidate
        aria-describedby={formError ? "invite-error" : undefined}
        key={`${location.search}|${answer ? "refused" : ""}`}
      >
        <SelectField
          name="customerId"
          label="Customer"
          blank="Choose a customer"
          options={data.customers}
          defaultValue={customerId}
          error={errors.customerId}
        />
        <InvitationFields
          typed={typed}
          errors={errors}
          permissions={data.permissions}
          chosen={typed?.permissions ?? data.defaults}
          approverOffered
        />
        <div>
          <button type="submit" className="button button--primary" disabled={busy}>
            Send invitation
          </button>
        </div>
      </Form>
    </AdminScreen>
  );
}
