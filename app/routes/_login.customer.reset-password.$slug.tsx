import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { linkProblem, newPasswordFailure, newPasswordSchema } from "~/auth/new-password.server";
import { checkMaintenance } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { NewPasswordForm } from "~/components/new-password-form";
import { createUpstreamClient } from "~/upstream/client.server";
import { checkPasswordResetToken, resetPassword } from "~/upstream/recovery.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { page } from "~/auth/route-access";

export const access = page("anyone");

export const meta: MetaFunction = () => [{ title: "Choose a new password · Workwear ordering portal" }];

// public route: the emailed reset link (SPEC §2 /customer/reset-password/{slug}).
export async function loader({ request, params }: LoaderFunctionArgs) {
  await checkMaintenance(request);
  try {
    const info = await checkPasswordResetToken(createUpstreamClient(request, null), params.slug ?? "");
    return { problem: null, email: info.email };
  } catch (error) {
    const problem = linkProblem(error);
    if (problem === null) throw error;
    return { problem, email: null };
  }
}

// public route: setting the new password with the emailed token.
export async function action({ request, params }: ActionFunctionArgs) {
  await checkMaintenance(request);
  const form = await parseForm(request, newPasswordSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  try {
    await resetPassword(createUpstreamClient(request, null), params.slug ?? "", form.data.password);
  } catch (error) {
    return newPasswordFailure(error);
  }
  return redirect("/login", {
    headers: await flashToast(request, { kind: "success", message: "Your password has been changed. Please log in." }),
  });
}

export default function ResetPassword() {
  const { problem, email } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (problem) {
    return (
      <>
        <h1>This link cannot be used</h1>
        <p className="notice notice--error">{problem}</p>
        <p>
          <Link to="/customer/forgot">Ask for a new link</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Choose a new password</h1>
      <p className="muted">For {email}.</p>
      <NewPasswordForm
        errors={actionData?.fieldErrors ?? {}}
        formError={actionData?.formError ?? null}
        submitLabel="Change password"
      />
    </>
  );
}
