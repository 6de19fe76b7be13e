import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { FieldError, FormError } from "~/components/field-error";
import { TextField } from "~/components/text-field";
import reportingStyles from "~/styles/reporting.css";
import ordersStyles from "~/styles/orders.css";

export const meta: MetaFunction = () => [{ title: "Invite a user · Admin · Workwear ordering portal" }];
export const links: LinksFunction = () => [
  // reporting.css for its `.report-picks`: a labelled column of checkboxes, one a line
  { rel: "stylesheet", href: reportingStyles },
  { rel: "stylesheet", href: ordersStyles },
];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { adminInvitationPageData } = await import("~/upstream/admin-users.server");
  return adminInvitationPageData(await requireUser(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { submitAdminInvitation } = await import("~/upstream/admin-users.server");
  return submitAdminInvitation(await requireUser(request), request);
}

/** /admin/invitation (issue 20 item 4): invite a user to any customer, with any permissions, approver or needing approval. */
export default function AdminInvitation() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const errors: Partial<Record<string, string>> = answer && !answer.ok ? answer.fieldErrors : {};
  const formError = answer && !answer.ok ? answer.formError : null;
  const typed = answer && !answer.ok ? answer.values : null;
  const chosen = new Set(typed?.permissions ?? data.defaults);
  const customerId = typed?.customerId ?? data.customerId;
  return (
    <section className="stack orders">
      <h1>Invite a user</h1>
      <p className="muted">They get an email with a link to choose a password. The link works for 7 days.</p>
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
      <Form method="post" className="stack" noValidate aria-describedby={formError ? "invite-error" : undefined} key={`${location.search}|${answer ? "refused" : ""}`}>
        <div className="field">
          <label htmlFor="customerId">Customer</label>
          <select id="customerId" name="customerId" defaultValue={customerId} aria-invalid={errors.customerId ? true : undefined} aria-describedby={errors.customerId ? "customerId-error" : undefined}>
            <option value="">Choose a customer</option>
            {data.customers.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id="customerId-error" message={errors.customerId} />
        </div>
        <TextField name="email" label="Email" type="email" autoComplete="off" required maxLength={320} defaultValue={typed?.email ?? ""} error={errors.email} />
        <TextField name="firstName" label="First name" autoComplete="off" required maxLength={100} defaultValue={typed?.firstName ?? ""} error={errors.firstName} />
        <TextField name="lastName" label="Last name" autoComplete="off" required maxLength={100} defaultValue={typed?.lastName ?? ""} error={errors.lastName} />
        <fieldset className="stack" aria-describedby={errors.permissions ? "permissions-error" : undefined}>
          <legend>What they may do</legend>
          <FieldError id="permissions-error" message={errors.permissions} />
          <div className="report-picks">
            {data.permissions.map((p) => (
              <label key={p.value} className="checkbox">
                <input type="checkbox" name="permissions" value={p.value} defaultChecked={chosen.has(p.value)} /> {p.label}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className="stack">
          <legend>Approval</legend>
          <label className="checkbox">
            <input type="checkbox" name="isApprover" value="on" defaultChecked={typed?.isApprover ?? false} /> Approver: approves colleagues&apos; orders
          </label>
          <FieldError id="isApprover-error" message={errors.isApprover} />
          <label className="checkbox">
            <input type="checkbox" name="needsApproval" value="on" defaultChecked={typed?.needsApproval ?? false} /> Their orders need approval
          </label>
          <FieldError id="needsApproval-error" message={errors.needsApproval} />
        </fieldset>
        <div>
          <button type="submit" className="button button--primary" disabled={busy}>
            Send invitation
          </button>
        </div>
      </Form>
    </section>
  );
}
