import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { requireUser, safeRedirect } from "~/auth/require-user.server";
import { commitSession, getSession } from "~/session/session.server";
import { selectCustomer } from "~/upstream/auth.server";
import { refusal, refusalForm } from "~/upstream/errors.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { z } from "zod";
import { page } from "~/auth/route-access";

export const access = page("user");

export const meta: MetaFunction = () => [{ title: "Choose a business unit · Workwear ordering portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { session } = await requireUser(request);
  return {
    customers: session.customers,
    selectedContactId: session.selectedCustomer?.contactId ?? null,
  };
}

// a function given zod, imported in the action, so zod stays out of the browser bundle (decision 002)
const selectSchema = (z: typeof import("zod").z) =>
  z.object({
    contactId: z.string({ required_error: "Choose a business unit" }).trim().min(1, "Choose a business unit"),
    redirect: z.string().optional(),
  });

export async function action({ request }: ActionFunctionArgs) {
  const { session: upstreamSession, upstream } = await requireUser(request);
  const form = await parseForm(request, selectSchema(z));
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  if (!upstreamSession.customers.some((c) => c.contactId === form.data.contactId)) {
    return invalidForm({ contactId: "That business unit is not one of yours." });
  }
  let selected;
  try {
    selected = await selectCustomer(upstream, form.data.contactId);
  } catch (error) {
    // a refusal (a unit closed for ordering, not the user's) is said on the page with its status; nothing is changed
    return refusalForm(refusal(error), { fields: ["contactId"] });
  }
  const session = await getSession(request);
  if (selected.selectedCustomer) {
    session.set("customerId", selected.selectedCustomer.internalId);
    session.set("contactId", selected.selectedCustomer.contactId);
  }
  session.unset("catalogueId");
  session.flash("toast", {
    kind: "success",
    message: `You are now ordering for ${selected.selectedCustomer?.name ?? "the chosen business unit"}.`,
  });
  return redirect(safeRedirect(form.data.redirect), { headers: { "Set-Cookie": await commitSession(session) } });
}

export default function SelectYourCustomer() {
  const { customers, selectedContactId } = useLoaderData<typeof loader>();
  const { refused, errors, formError } = useFormAnswer<typeof action>();
  const [searchParams] = useSearchParams();
  const error = refused ? (errors.contactId ?? formError) : null;
  return (
    <>
      <h1>Choose a business unit</h1>
      <p className="muted">You order for more than one organisation. Which one are you ordering for now?</p>
      {error ? (
        <p className="notice notice--error" role="alert">
          {error}
        </p>
      ) : null}
      <Form method="post" className="unit-list">
        <input type="hidden" name="redirect" value={searchParams.get("redirect") ?? "/"} />
        {customers.map((customer) => (
          <button
            key={customer.contactId}
            type="submit"
            name="contactId"
            value={customer.contactId}
            className="button button--block"
            aria-current={customer.contactId === selectedContactId ? "true" : undefined}
          >
            {customer.name}
          </button>
        ))}
      </Form>
    </>
  );
}
