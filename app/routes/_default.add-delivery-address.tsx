import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FormError } from "~/components/field-error";
import { TextField } from "~/components/text-field";
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

/** /add-delivery-address (issue 17 item 3, decision 114): a new delivery address of the customer. */
export default function AddDeliveryAddress() {
  const { listLink } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const busy = useNavigation().state !== "idle";
  const errors: Partial<Record<string, string>> = answer && !answer.ok ? answer.fieldErrors : {};
  const formError = answer && !answer.ok ? answer.formError : null;
  const typed = answer && !answer.ok ? answer.values : null;
  const value = (field: string) => (typed as Record<string, string> | null)?.[field] ?? "";
  return (
    <section className="stack add-delivery-address">
      <h1>Add a delivery address</h1>
      <p className="muted">
        The address is offered at checkout to everyone in your business unit who may choose one.{" "}
        {listLink ? <Link to="/manage-delivery-addresses">Back to the delivery addresses</Link> : null}
      </p>
      <FormError id="add-address-error" message={formError} />
      <Form method="post" className="stack" noValidate aria-describedby={formError ? "add-address-error" : undefined}>
        <TextField
          name="label"
          label="Name of the address (for example, Leeds depot)"
          autoComplete="off"
          required
          maxLength={100}
          defaultValue={value("label")}
          error={errors.label}
        />
        <TextField
          name="addressee"
          label="Addressee (optional)"
          autoComplete="off"
          maxLength={100}
          defaultValue={value("addressee")}
          error={errors.addressee}
        />
        <TextField
          name="addr1"
          label="Address line 1"
          autoComplete="address-line1"
          required
          maxLength={150}
          defaultValue={value("addr1")}
          error={errors.addr1}
        />
        <TextField
          name="addr2"
          label="Address line 2 (optional)"
          autoComplete="address-line2"
          maxLength={150}
          defaultValue={value("addr2")}
          error={errors.addr2}
        />
        <TextField
          name="city"
          label="Town or city"
          autoComplete="address-level2"
          required
          maxLength={100}
          defaultValue={value("city")}
          error={errors.city}
        />
        <TextField
          name="zip"
          label="Postcode"
          autoComplete="postal-code"
          required
          maxLength={20}
          defaultValue={value("zip")}
          error={errors.zip}
          className="input--short"
        />
        <div>
          <button type="submit" className="button button--primary" disabled={busy}>
            Add address
          </button>
        </div>
      </Form>
    </section>
  );
}
