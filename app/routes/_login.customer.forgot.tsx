import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData } from "@remix-run/react";
import { FormError } from "~/components/field-error";
import { checkMaintenance } from "~/auth/require-user.server";
import { TextField } from "~/components/text-field";
import { createUpstreamClient } from "~/upstream/client.server";
import { refusal, refusalForm } from "~/upstream/errors.server";
import { requestPasswordReset } from "~/upstream/recovery.server";
import { emailField, invalidForm, parseForm } from "~/utils/forms.server";
import { z } from "zod";
import { page } from "~/auth/route-access";

export const access = page("anyone");

export const meta: MetaFunction = () => [{ title: "Forgotten password · Workwear ordering portal" }];

// public route: account recovery (SPEC §2).
export async function loader({ request }: LoaderFunctionArgs) {
  await checkMaintenance(request);
  return null;
}

const forgotSchema = (z: typeof import("zod").z) =>
  z.object({
    email: emailField(),
  });

// public route: asking for a reset link needs no session.
export async function action({ request, context }: ActionFunctionArgs) {
  await checkMaintenance(request);
  const form = await parseForm(request, forgotSchema(z));
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  // the provider limits the e-mails per browser address and per e-mail (decision 027) and answers the same either way
  try {
    await requestPasswordReset(createUpstreamClient(request, null), form.data.email, context?.clientIp);
  } catch (error) {
    // a refusal (the limit, an address it will not take) is said on the form with its status; a failure is the error page
    return refusalForm(refusal(error), { fields: ["email"] });
  }
  // the same answer whether or not the address has an account, so nobody can probe for accounts
  return { ok: true as const, email: form.data.email };
}

export default function ForgotPassword() {
  const actionData = useActionData<typeof action>();
  if (actionData?.ok) {
    return (
      <>
        <h1>Check your email</h1>
        <p role="status">
          If <strong>{actionData.email}</strong> has an account, we have sent it a link to choose a new password. The
          link works once, for an hour.
        </p>
        <p>
          <Link to="/login">Back to log in</Link>
        </p>
      </>
    );
  }
  const errors = actionData && !actionData.ok ? actionData.fieldErrors : {};
  const formError = actionData && !actionData.ok ? actionData.formError : null;
  return (
    <>
      <h1>Forgotten your password?</h1>
      <p className="muted">Enter the email address you log in with and we will send you a link to choose a new one.</p>
      <FormError id="forgot-error" message={formError} />
      <Form method="post" className="stack" noValidate aria-describedby={formError ? "forgot-error" : undefined}>
        <TextField name="email" label="Email" type="email" autoComplete="username" required error={errors.email} />
        <button type="submit" className="button button--primary">
          Send the link
        </button>
      </Form>
      <p>
        <Link to="/login">Back to log in</Link>
      </p>
    </>
  );
}
