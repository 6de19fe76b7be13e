import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FieldError, FormError } from "~/components/field-error";
import { AdminScreen, adminErrorBoundary, adminPage } from "~/components/admin-page";
import { requireUser } from "~/auth/require-user.server";
import { maintenancePageData, submitMaintenance } from "~/admin/admin-maintenance.server";
import { adminAction } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

// issue 32 item 7 (decision 151): maintenance switched from the admin area
export const access = adminScreen({ to: "/admin/maintenance", label: "Maintenance", group: "System" });

// /admin/maintenance (issue 32 item 7, decision 151): switch maintenance on or off with the message users see, and
// the bypass link that lets staff through meanwhile. Evolve users only; the provider audits every switch.
export const { meta, links, headers } = adminPage("Maintenance · Admin");

export async function loader({ request }: LoaderFunctionArgs) {
  return maintenancePageData(await requireUser(request), request);
}

export const action = adminAction(submitMaintenance);

export default function AdminMaintenance() {
  const data = useLoaderData<typeof loader>();
  const { refused, busy } = useFormAnswer<typeof action>();
  const error = refused?.fieldErrors.message;
  return (
    <AdminScreen title="Maintenance">
      <p role="status" className={`notice ${data.enabled ? "notice--error" : "notice--success"}`}>
        {data.enabled
          ? "Maintenance is on: everyone without the bypass link sees the maintenance page."
          : "Maintenance is off: the portal is open."}
      </p>
      <FormError id="maintenance-form-error" message={refused?.formError} />
      <Form method="post" className="stack" noValidate key={refused ? "refused" : String(data.enabled)}>
        <div className="field">
          <label htmlFor="maintenance-message">Message users see</label>
          <textarea
            id="maintenance-message"
            name="message"
            rows={4}
            maxLength={data.maxMessage}
            defaultValue={refused ? refused.message : data.message}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "maintenance-message-error" : undefined}
          />
          <FieldError id="maintenance-message-error" message={error} />
        </div>
        <div className="maintenance-actions">
          {data.enabled ? (
            <>
              <button type="submit" name="intent" value="off" className="button button--primary" disabled={busy}>
                Switch maintenance off
              </button>
              <button type="submit" name="intent" value="save" className="button" disabled={busy}>
                Save the message
              </button>
            </>
          ) : (
            <button type="submit" name="intent" value="on" className="button button--primary" disabled={busy}>
              Switch maintenance on
            </button>
          )}
        </div>
      </Form>
      <h2>Bypass link</h2>
      <p>
        While maintenance is on, this link lets a browser use the portal for the rest of its session. Share it with
        staff only.
      </p>
      <p>
        <a href={data.bypassLink}>{data.bypassLink}</a>
      </p>
    </AdminScreen>
  );
}

export const ErrorBoundary = adminErrorBoundary("The maintenance settings", [
  { to: "/admin/active-users", label: "Active users" },
]);
