import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { SubmitRow } from "~/components/form-fields";
import { FormError } from "~/components/field-error";
import { TextField } from "~/components/text-field";
import { requireUser } from "~/auth/require-user.server";
import { myAccountPageData, submitMyAccount } from "~/account/my-account.server";
import { page } from "~/auth/route-access";

// the user's own account, and the customer's site users and invitations (issue 17 items 1 and 2, decision 113);
// both closed within a punchout session (issue 16 item 3, decision 115)
export const access = page("user", {
  punchout: "refused",
  nav: [{ to: "/my-account", label: "My account", group: "Account" }],
});

export const meta: MetaFunction = () => [{ title: "My account · Workwear ordering portal" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return myAccountPageData(await requireUser(request));
}

export async function action({ request, context }: ActionFunctionArgs) {
  return submitMyAccount(await requireUser(request), request, context?.clientIp);
}

/** /my-account (issue 17 item 1): the user, their business units, what they may do, their password and sessions. */
export default function MyAccount() {
  const data = useLoaderData<typeof loader>();
  const { errors, formError, busy } = useFormAnswer<typeof action>();
  return (
    <section className="stack my-account">
      <h1>My account</h1>
      <dl className="stack">
        <div>
          <dt>Name</dt>
          <dd>{data.name}</dd>
        </div>
        <div>
          <dt>Email</dt>
          <dd>{data.email}</dd>
        </div>
      </dl>
      <h2>Business units</h2>
      {data.businessUnits.length === 0 ? (
        <p>You belong to no business unit.</p>
      ) : (
        <ul>
          {data.businessUnits.map((b) => (
            <li key={b.id}>
              {b.name}
              {b.selected ? <span className="muted"> (selected)</span> : null}
            </li>
          ))}
        </ul>
      )}
      <h2>What you may do</h2>
      {data.abilities.length === 0 ? (
        <p>Your account has no permissions in this business unit.</p>
      ) : (
        <ul className="my-account__abilities">
          {data.abilities.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {data.links.length > 0 ? (
        <>
          <h2>Your account screens</h2>
          <ul>
            {data.links.map((l) => (
              <li key={l.to}>
                <Link to={l.to}>{l.label}</Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>Change your password</h2>
      <FormError id="change-password-error" message={formError} />
      <Form
        method="post"
        className="stack"
        noValidate
        aria-describedby={formError ? "change-password-error" : undefined}
      >
        <input type="hidden" name="intent" value="change-password" />
        <TextField
          name="currentPassword"
          label="Current password"
          type="password"
          autoComplete="current-password"
          required
          maxLength={200}
          error={errors.currentPassword}
        />
        <TextField
          name="newPassword"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          maxLength={200}
          aria-describedby="new-password-hint"
          error={errors.newPassword}
        />
        <p className="muted" id="new-password-hint">
          At least 10 characters. You stay signed in here; every other device is signed out.
        </p>
        <TextField
          name="confirmPassword"
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
          required
          maxLength={200}
          error={errors.confirmPassword}
        />
        <SubmitRow busy={busy}>Change password</SubmitRow>
      </Form>
      <h2>Sign out everywhere</h2>
      <p className="muted">Ends every session of your account, on every device, this one too.</p>
      <Form method="post">
        <input type="hidden" name="intent" value="sign-out-everywhere" />
        <button type="submit" className="button" disabled={busy}>
          Sign out everywhere
        </button>
      </Form>
    </section>
  );
}
