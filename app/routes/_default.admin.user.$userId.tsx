import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/field-error";
import { CheckboxList } from "~/components/form-fields";
import { LoginAttemptsTable } from "~/components/login-attempts";
import { ScrollingTable } from "~/components/scrolling-table";
import { adminErrorBoundary, adminPage } from "~/components/admin-page";
import { requireUser } from "~/auth/require-user.server";
import { adminUserPageData, submitAdminUser } from "~/admin/admin-users.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen();

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? data.user.name : "User"} · Admin · Workwear ordering portal` },
];
export const { links, headers } = adminPage();

export async function loader({ request, params }: LoaderFunctionArgs) {
  return adminUserPageData(await requireUser(request), params.userId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  return submitAdminUser(await requireUser(request), request, params.userId);
}

type Data = ReturnType<typeof useLoaderData<typeof loader>>;
type Refused = { ok: false; contactId: string | null; fieldErrors: Record<string, string>; formError: string | null };

/** /admin/user/{userId} (issue 20 item 3): the user, each business unit's permissions and settings, the account's state, log-ins and audit. */
export default function AdminUser() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>() as Refused | undefined;
  const busy = useNavigation().state !== "idle";
  const { user } = data;
  return (
    <section className="stack orders admin-user">
      <p>
        <Link to="/admin/user">Find another user</Link>
      </p>
      <h1>{user.name}</h1>
      <dl className="order-facts">
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>State</dt>
        <dd>{user.isActive ? "Active" : "Deactivated"}</dd>
        <dt>Admin</dt>
        <dd>{user.isAdmin ? "Yes" : "No"}</dd>
        <dt>Created</dt>
        <dd>{user.created}</dd>
        <dt>Last log-in</dt>
        <dd>{user.lastLogin}</dd>
        <dt>Sessions open now</dt>
        <dd>{user.activeSessions}</dd>
      </dl>

      <h2>Account</h2>
      <div className="order-filters__actions">
        <Form method="post">
          <input type="hidden" name="intent" value={user.isActive ? "deactivate" : "reactivate"} />
          <button type="submit" className="button" disabled={busy || (user.isActive && user.isSelf)}>
            {user.isActive ? "Deactivate" : "Reactivate"}
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="reset" />
          <button type="submit" className="button" disabled={busy || !user.isActive}>
            Send a password reset
          </button>
        </Form>
      </div>
      <p className="muted">
        {user.isActive
          ? "Deactivating ends every session of theirs at once; they cannot log in until reactivated."
          : "Reactivate them before sending a password reset."}
      </p>

      <h2>Business units</h2>
      {data.units.length === 0 ? (
        <p>This user has no business unit.</p>
      ) : (
        data.units.map((unit) => (
          <UnitForm
            key={unit.contactId}
            unit={unit}
            refused={answer && answer.contactId === unit.contactId ? answer : null}
            busy={busy}
          />
        ))
      )}
      {answer && !answer.contactId ? (
        <FormError id="unit-error" message={answer.formError ?? Object.values(answer.fieldErrors)[0]} />
      ) : null}

      <h2 id="logins-heading">Recent log-ins</h2>
      {data.logins.length === 0 ? (
        <p>No log-in attempts recorded.</p>
      ) : (
        <LoginAttemptsTable rows={data.logins} withUser={false} labelledBy="logins-heading" />
      )}
      <p>
        <Link to={`/admin/login-history?email=${encodeURIComponent(user.email)}`}>
          Every log-in attempt with this e-mail
        </Link>
      </p>

      <h2 id="audit-heading">Audit</h2>
      {data.audit.length === 0 ? (
        <p>No audit entries about this user.</p>
      ) : (
        <ScrollingTable labelledBy="audit-heading">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Admin</th>
              <th scope="col">Viewing as</th>
              <th scope="col">What</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {data.audit.map((row) => (
              <tr key={row.id}>
                <th scope="row">{row.when}</th>
                <td>{row.admin}</td>
                <td>{row.asUser ?? "—"}</td>
                <td>
                  {row.summary}
                  {row.customer ? <span className="muted"> ({row.customer})</span> : null}
                </td>
                <td>
                  {row.changes.length === 0 ? (
                    "—"
                  ) : (
                    <ul className="audit-changes">
                      {row.changes.map((line) => (
                        <li key={line}>{line}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollingTable>
      )}
    </section>
  );
}

/** One business unit: every permission as a checkbox in words, the three settings, saved together. */
function UnitForm({ unit, refused, busy }: { unit: Data["units"][number]; refused: Refused | null; busy: boolean }) {
  const prefix = `unit-${unit.contactId}`;
  const headingId = `${prefix}-heading`;
  return (
    <Form method="post" className="stack" aria-labelledby={headingId}>
      <h3 id={headingId}>{unit.customer}</h3>
      <FormError id={`${prefix}-error`} message={refused?.formError ?? refused?.fieldErrors.contactId} />
      <input type="hidden" name="intent" value="unit" />
      <input type="hidden" name="contactId" value={unit.contactId} />
      <CheckboxList
        name="permissions"
        idPrefix={`${prefix}-permissions`}
        legend={`What they may do in ${unit.customer}`}
        options={unit.permissions}
        chosen={unit.permissions.filter((p) => p.held).map((p) => p.value)}
        error={refused?.fieldErrors.permissions}
      />
      <fieldset className="stack">
        <legend>Settings in {unit.customer}</legend>
        <div className="checkbox-list">
          <label className="checkbox">
            <input type="checkbox" name="isApprover" value="on" defaultChecked={unit.isApprover} /> Approver: approves
            colleagues&apos; orders
          </label>
          <label className="checkbox">
            <input type="checkbox" name="needsApproval" value="on" defaultChecked={unit.needsApproval} /> Their orders
            need approval
          </label>
          <label className="checkbox">
            <input type="checkbox" name="wpContactOnly" value="on" defaultChecked={unit.wpContactOnly} /> Sees only
            their own contact (wp_contact_only)
          </label>
        </div>
      </fieldset>
      <div>
        <button type="submit" className="button button--primary" disabled={busy}>
          Save {unit.customer}
        </button>
      </div>
    </Form>
  );
}

export const ErrorBoundary = adminErrorBoundary(
  "The user",
  [
    { to: "/admin/user", label: "Find a user" },
    { to: "/admin/login-history", label: "Log-in history" },
  ],
  "There is no user with this id.",
);
