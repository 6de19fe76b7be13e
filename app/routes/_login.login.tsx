import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useSearchParams } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FormError } from "~/components/field-error";
import { checkMaintenance, requireAnonymous, safeRedirect } from "~/auth/require-user.server";
import { commitSession, getSession } from "~/session/session.server";
import { TextField } from "~/components/text-field";
import { authenticate, getUpstreamSession } from "~/upstream/auth.server";
import { createUpstreamClient } from "~/upstream/client.server";
import { isRefusal, refusalForm } from "~/upstream/errors.server";
import { emailField, invalidForm, parseForm } from "~/utils/forms.server";
import { z } from "zod";
import { page } from "~/auth/route-access";

// session and login pages
export const access = page("anyone", { punchoutOnlyUsers: true });

export const meta: MetaFunction = () => [{ title: "Log in · Workwear ordering portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAnonymous(request);
  return null;
}

// a function given zod, imported in the action, so zod stays out of the browser bundle (decision 002)
const loginSchema = (z: typeof import("zod").z) =>
  z.object({
    email: emailField(),
    password: z.string({ required_error: "Enter your password" }).min(1, "Enter your password"),
    redirect: z.string().optional(),
  });

// public route: logging in is what this action is for; the maintenance guard still runs first.
// The log-in limits are the provider's, shared by every portal process (decision 027, superseding 003's).
export async function action({ request, context }: ActionFunctionArgs) {
  await checkMaintenance(request);
  const form = await parseForm(request, loginSchema(z));
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  const { email, password } = form.data;

  const anonymous = createUpstreamClient(request, null);
  let token: string;
  try {
    token = (await authenticate(anonymous, { email, password }, context?.clientIp, request)).accessToken;
  } catch (error) {
    if (isRefusal(error, 401)) {
      return invalidForm({}, "The email or password is not right. Please check them and try again.", 401);
    }
    // the provider's message says how long to wait
    if (isRefusal(error, 429)) return refusalForm(error);
    throw error;
  }

  const upstreamSession = await getUpstreamSession(createUpstreamClient(request, token));
  const session = await getSession(request);
  session.set("token", token);
  if (upstreamSession.selectedCustomer) {
    session.set("customerId", upstreamSession.selectedCustomer.internalId);
    session.set("contactId", upstreamSession.selectedCustomer.contactId);
  }
  const target = safeRedirect(form.data.redirect);
  const next = upstreamSession.selectedCustomer
    ? target
    : `/select-your-customer?redirect=${encodeURIComponent(target)}`;
  return redirect(next, { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function LoginPage() {
  const { errors, formError, busy } = useFormAnswer<typeof action>("submitting");
  const [searchParams] = useSearchParams();
  return (
    <>
      <h1>Log in</h1>
      <p className="muted">Order workwear and uniforms for your organisation.</p>
      <FormError id="login-error" message={formError} />
      <Form method="post" className="stack" noValidate aria-describedby={formError ? "login-error" : undefined}>
        <input type="hidden" name="redirect" value={searchParams.get("redirect") ?? ""} />
        <TextField name="email" label="Email" type="email" autoComplete="username" required error={errors.email} />
        <TextField
          name="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          error={errors.password}
        />
        <button type="submit" className="button button--primary" disabled={busy}>
          Log in
        </button>
      </Form>
      <p>
        <Link to="/customer/forgot">Forgotten your password?</Link>
      </p>
    </>
  );
}
