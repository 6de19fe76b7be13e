import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { linkProblem, newPasswordFailure, newPasswordSchema } from "~/auth/new-password.server";
import { checkMaintenance } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { NewPasswordForm } from "~/components/new-password-form";
import { createUpstreamClient } from "~/upstream/client.server";
import { acceptInvitation, checkInvitation } from "~/upstream/recovery.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { page } from "~/auth/route-access";

export const access = page("anyone");

export const meta: MetaFunction = () => [{ title: "Accept your invitation · Workwear ordering portal" }];

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

// public route: the emailed invitation link (SPEC §2 /customer/invitation?token=…).
export async function loader({ request }: LoaderFunctionArgs) {
  await checkMaintenance(request);
  const token = tokenOf(request);
  if (!token) return { problem: "This link is not valid.", invitation: null };
  try {
    const info = await checkInvitation(createUpstreamClient(request, null), token);
    return {
      problem: null,
      invitation: { email: info.email, customer: info.customer?.name ?? null, firstName: info.firstName ?? null },
    };
  } catch (error) {
    const problem = linkProblem(error);
    if (problem === null) throw error;
    return { problem, invitation: null };
  }
}

// public route: accepting the invitation creates the login.
export async function action({ request }: ActionFunctionArgs) {
  await checkMaintenance(request);
  const form = await parseForm(request, newPasswordSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  try {
    await acceptInvitation(createUpstreamClient(request, null), tokenOf(request), form.data.password);
  } catch (error) {
    return newPasswordFailure(error);
  }
  return redirect("/login", {
    headers: await flashToast(request, { kind: "success", message: "Your account is ready. Please log in." }),
  });
}

export default function Invitation() {
  const { problem, invitation } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  if (problem || !invitation) {
    return (
      <>
        <h1>This invitation cannot be used</h1>
        <p className="notice notice--error">{problem}</p>
        <p>Ask the person who invited you to send a new invitation.</p>
      </>
    );
  }
  return (
    <>
      <h1>Welcome{invitation.firstName ? `, ${invitation.firstName}` : ""}</h1>
      <p>
        You have been invited to order workwear{invitation.customer ? ` for ${invitation.customer}` : ""}. Choose a
        password for <strong>{invitation.email}</strong> to finish setting up your account.
      </p>
      <NewPasswordForm
        errors={actionData?.fieldErrors ?? {}}
        formError={actionData?.formError ?? null}
        submitLabel="Create my account"
      />
    </>
  );
}
