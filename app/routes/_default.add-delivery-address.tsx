import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { SubmitRow } from "~/components/form-fields";
import { FormError } from "~/components/field-error";
import { ADDRESS_LINE_FIELDS, TextFields, type TextFieldSpec } from "~/components/text-field";
import { requireUser } from "~/auth/require-user.server";
import { addAddressPageData, submitAddAddress } from "~/addresses/delivery-addresses.server";
import { page } from "~/auth/route-access";

// account administration (issue 17); decision 114: the address list is open to every user (a customAddressOnly
// user sees only the typed addresses), removing an address needs dellAddress
export const access = page("addAddress", {
  punchout: "refused",
  nav: [{ to: "/add-delivery-address", label: "Add a delivery address", group: "Account" }],
});

export const meta: MetaFunction = () => [{ title: "Add a delivery address · Workwear ordering portal" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return addAddressPageData(await requireUser(request));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitAddAddress(await requireUser(request), request);
}

// the limits are the action's (app/addresses/delivery-addresses.server.ts)
const [ADDR1, ADDR2, CITY, ZIP] = ADDRESS_LINE_FIELDS;
const FIELDS: readonly TextFieldSpec[] = [
  {
    name: "label",
    label: "Name of the address (for example, Leeds depot)",
    autoComplete: "off",
    required: true,
    maxLength: 100,
  },
  { name: "addressee", label: "Addressee (optional)", autoComplete: "off", maxLength: 100 },
  { ...ADDR1, required: true, maxLength: 150 },
  { ...ADDR2, maxLength: 150 },
  { ...CITY, required: true, maxLength: 100 },
  { ...ZIP, required: true, maxLength: 20, className: "input--short" },
];

/** /add-delivery-address (issue 17 item 3, decision 114): a new delivery address of the customer. */
export default function AddDeliveryAddress() {
  const { listLink } = useLoaderData<typeof loader>();
  const { refused, errors, formError, busy } = useFormAnswer<typeof action>();
  const typed = refused ? refused.values : null;
  return (
    <section className="stack add-delivery-address">
      <h1>Add a delivery address</h1>
      <p className="muted">
        The address is offered at checkout to everyone in your business unit who may choose one.{" "}
        {listLink ? <Link to="/manage-delivery-addresses">Back to the delivery addresses</Link> : null}
      </p>
      <FormError id="add-address-error" message={formError} />
      <Form method="post" className="stack" noValidate aria-describedby={formError ? "add-address-error" : undefined}>
        <TextFields fields={FIELDS} values={typed} errors={errors} />
        <SubmitRow busy={busy}>Add address</SubmitRow>
      </Form>
    </section>
  );
}
