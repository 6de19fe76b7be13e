import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FormError } from "~/components/field-error";
import { type Option, SelectField, SubmitRow } from "~/components/form-fields";
import { NAME_FIELDS, TextFields } from "~/components/text-field";
import { requireUser } from "~/auth/require-user.server";
import { addWearerPageData, submitAddWearer } from "~/wearer-packs/add-wearer.server";
import { page } from "~/auth/route-access";

// adding a wearer (issue 15 item 7): addManpackUser, as the /add-wearer path row (decision 052); it writes no basket
export const access = page("addManpackUser", {
  punchout: "refused",
  nav: [{ to: "/add-wearer", label: "Add a wearer", group: "Ordering" }],
});

export const meta: MetaFunction = () => [{ title: "Add a wearer · Workwear ordering portal" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return addWearerPageData(await requireUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitAddWearer(await requireUser(request), request);
}

/** /add-wearer (issue 15 item 7): a new wearer with their grade, employee reference, department and cost centre. */
export default function AddWearer() {
  const { grades, departments, costCentres, wearersLink } = useLoaderData<typeof loader>();
  const { refused, errors, formError, busy } = useFormAnswer<typeof action>();
  const typed = refused ? refused.values : null;
  const value = (field: string) => (typed as Record<string, string> | null)?.[field] ?? "";
  // each of the wearer's places in the customer is chosen from the customer's list, none chosen at first
  const choose = (name: "grade" | "department" | "costCentre", label: string, options: Option[]) => (
    <SelectField
      name={name}
      label={label}
      blank="Choose…"
      required
      options={options}
      defaultValue={value(name)}
      error={errors[name]}
    />
  );
  return (
    <section className="stack add-wearer">
      <h1>Add a wearer</h1>
      <p className="muted">
        A new wearer starts with their grade&apos;s standard allowances.{" "}
        {wearersLink ? <Link to="/wearer-pack">Back to the wearers</Link> : null}
      </p>
      <FormError id="add-wearer-error" message={formError} />
      <Form method="post" className="stack" noValidate aria-describedby={formError ? "add-wearer-error" : undefined}>
        <TextFields
          fields={[
            ...NAME_FIELDS,
            { name: "email", label: "Email (optional)", type: "email", autoComplete: "off", maxLength: 320 },
          ]}
          values={typed}
          errors={errors}
        />
        {choose("grade", "Grade", grades)}
        <TextFields
          fields={[
            { name: "employeeRef", label: "Employee reference", autoComplete: "off", required: true, maxLength: 100 },
          ]}
          values={typed}
          errors={errors}
        />
        {choose("department", "Department", departments)}
        {choose("costCentre", "Cost centre", costCentres)}
        <SubmitRow busy={busy}>Add wearer</SubmitRow>
      </Form>
    </section>
  );
}
