import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useLocation } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FieldError, FormError } from "~/components/field-error";
import { SelectField } from "~/components/form-fields";
import { TextField } from "~/components/text-field";
import { fieldProps } from "~/components/field-props";
import { adminErrorBoundary, adminPage } from "~/components/admin-page";
import { countOf } from "~/domain/plural";
import { PROMO_IMAGE_LIMIT } from "~/domain/promo-image";
import { requireUser } from "~/auth/require-user.server";
import { promoFormPageData, submitPromoForm } from "~/admin/admin-promo-form.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen();

// /admin/promo/new and /admin/promo/{id} (issue 21 item 3, decision 134): a promotion's form — kind (on creation),
// title, text, image, link, product, start and end dates, audience; Save and Delete are plain posts (Post/Redirect/Get
// to the list with a toast). Issue 34 item 4 (decision 165): one multipart form — the image uploaded (PNG, JPEG or WebP
// by its bytes, at most 2 MB), the product and customer Find buttons inside it (every typed value stays), date inputs.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ? `${data.title} · Promotions` : "New promotion"} · Admin · Workwear ordering portal` },
];
export const { links, headers } = adminPage();

export async function loader({ request, params }: LoaderFunctionArgs) {
  return promoFormPageData(await requireUser(request), params.promoId, new URL(request.url));
}

export async function action({ request, params }: ActionFunctionArgs) {
  return submitPromoForm(await requireUser(request), request, params.promoId);
}

export default function AdminPromotion() {
  const loaded = useLoaderData<typeof loader>();
  const { answer, refused, errors, formError, busy } = useFormAnswer<typeof action>();
  const location = useLocation();
  // a Find answers the pickers found afresh and every value as typed (decision 165)
  const data = answer && "found" in answer ? answer.found : loaded;
  const v = (refused ? refused.values : null) ?? loaded.values;
  const creating = loaded.promoId === null;
  const imageError = errors.imageFile ?? errors.image;
  const field = fieldProps(v, errors);
  return (
    <section className="stack orders">
      <p>
        <Link to="/admin/promo">Back to the promotions</Link>
      </p>
      <h1>{creating ? "New promotion" : `Promotion: ${loaded.title}`}</h1>
      {loaded.status ? <p>Status: {loaded.status}</p> : null}

      <FormError id="promo-error" message={formError} />
      <Form
        method="post"
        encType="multipart/form-data"
        className="stack"
        noValidate
        aria-describedby={formError ? "promo-error" : undefined}
        key={`${location.search}|${answer ? "answered" : ""}`}
      >
        {/* Enter in a field saves: the form's first submit button is the default one (its Find buttons come later) */}
        <button type="submit" name="intent" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">
          {creating ? "Create promotion" : "Save promotion"}
        </button>
        {creating ? (
          <fieldset className="stack" aria-describedby={errors.kind ? "kind-error" : undefined}>
            <legend>Kind</legend>
            <FieldError id="kind-error" message={errors.kind} />
            <label className="checkbox">
              <input type="radio" name="kind" value="banner" defaultChecked={v.kind !== "featured"} />
              <span>Banner: a slide at the top of the dashboard</span>
            </label>
            <label className="checkbox">
              <input type="radio" name="kind" value="featured" defaultChecked={v.kind === "featured"} />
              <span>Featured product: shown in the dashboard&apos;s first product banner</span>
            </label>
          </fieldset>
        ) : (
          <p>Kind: {v.kind === "featured" ? "Featured product" : "Banner"}</p>
        )}
        <TextField {...field("title")} label="Title" required maxLength={120} />
        <div className="field">
          <label htmlFor="text">Text</label>
          <textarea
            id="text"
            name="text"
            rows={3}
            maxLength={500}
            defaultValue={v.text}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={errors.text ? "text-error" : undefined}
          />
          <FieldError id="text-error" message={errors.text} />
        </div>
        <input type="hidden" name="image" value={v.image} />
        {v.image ? (
          <div className="promo-image">
            <img src={v.image} alt="The promotion's image now" width={112} height={112} />
            <label className="checkbox">
              <input type="checkbox" name="removeImage" value="on" />
              <span>Remove this image</span>
            </label>
          </div>
        ) : null}
        <TextField
          name="imageFile"
          label={v.image ? "Replace the image" : "Image"}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          hint={`A PNG, JPEG or WebP picture of at most ${PROMO_IMAGE_LIMIT / (1024 * 1024)} MB.`}
          error={imageError}
        />
        <TextField
          {...field("link")}
          label="Link (a path on this site; empty: the product's page)"
          type="text"
          maxLength={500}
        />
        <div className="stack">
          <PickerSearch
            name="productQ"
            label="Product name or code contains"
            intent="search-products"
            button="Find products"
            value={data.productQ}
            busy={busy}
          />
          {data.productsFound === 0 ? <p role="status">No product matches “{data.productQ}”.</p> : null}
          {data.productsFound && data.productsFound > 0 ? (
            <p className="muted" role="status">
              {countOf(data.productsFound, "product")} found: choose it under Product.
            </p>
          ) : null}
          <SelectField
            {...field("itemId")}
            label="Product"
            blank="No product"
            options={data.products}
            hint="Find a product above to offer it here. A featured product needs one."
          />
        </div>
        <TextField {...field("startsOn")} label="Start date" type="date" />
        <TextField {...field("endsOn")} label="End date (included)" type="date" />
        <fieldset className="stack" aria-describedby={errors.audience ? "audience-error" : undefined}>
          <legend>Shown to</legend>
          <FieldError id="audience-error" message={errors.audience} />
          <label className="checkbox">
            <input
              type="radio"
              name="audience"
              value="all"
              defaultChecked={v.audience !== "sector" && v.audience !== "customer"}
            />
            <span>All customers</span>
          </label>
          <label className="checkbox">
            <input type="radio" name="audience" value="sector" defaultChecked={v.audience === "sector"} />
            <span>One sector</span>
          </label>
          <SelectField {...field("sectorId")} label="Sector" blank="Choose a sector" options={data.sectors} />
          <label className="checkbox">
            <input type="radio" name="audience" value="customer" defaultChecked={v.audience === "customer"} />
            <span>One customer</span>
          </label>
          <PickerSearch
            name="customerQ"
            label="Customer name contains"
            intent="search-customers"
            button="Find customers"
            value={data.customerQ}
            busy={busy}
          />
          {data.customersTotal > data.customers.length ? (
            <p className="muted">
              Showing the first {data.customers.length} of {data.customersTotal} customers: search to narrow the list.
            </p>
          ) : null}
          <SelectField {...field("customerId")} label="Customer" blank="Choose a customer" options={data.customers} />
        </fieldset>
        <div>
          <button type="submit" name="intent" value="save" className="button button--primary" disabled={busy}>
            {creating ? "Create promotion" : "Save promotion"}
          </button>
        </div>
      </Form>
      {creating ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="button" disabled={busy} aria-label={`Delete the promotion ${loaded.title}`}>
            Delete promotion
          </button>
        </Form>
      )}
    </section>
  );
}

/**
 * A picker's search inside the promotion form: its box and a Find button that posts the whole form with `intent`, so
 * the page comes back with everything typed and the matches to choose from (decision 165).
 */
function PickerSearch(props: {
  name: string;
  label: string;
  intent: string;
  button: string;
  value: string;
  busy: boolean;
}) {
  return (
    <div className="picker-search">
      <TextField name={props.name} label={props.label} type="search" maxLength={100} defaultValue={props.value} />
      <button type="submit" name="intent" value={props.intent} className="button" disabled={props.busy}>
        {props.button}
      </button>
    </div>
  );
}

export const ErrorBoundary = adminErrorBoundary(
  "The promotion",
  [{ to: "/admin/promo", label: "Promotions" }],
  "There is no such promotion.",
);
