import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { FieldError, FormError } from "~/components/field-error";
import { DayField, SelectField } from "~/components/form-fields";
import { PageErrorBoundary } from "~/components/page-error";
import { TextField } from "~/components/text-field";
import ordersStyles from "~/styles/orders.css";

// /admin/promo/new and /admin/promo/{id} (issue 21 item 3, decision 134): a promotion's form — kind (on creation),
// title, text, image, link, product, start and end dates (dd.mm.yy, date-fns), audience; Save and Delete are plain
// posts (Post/Redirect/Get to the list with a toast). GET ?productQ= / ?customerQ= narrow the two pickers.
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.title ? `${data.title} · Promotions` : "New promotion"} · Admin · Workwear ordering portal` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { promoFormPageData } = await import("~/admin/admin-promo.server");
  return promoFormPageData(await requireUser(request), params.promoId, new URL(request.url));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { submitPromoForm } = await import("~/admin/admin-promo.server");
  return submitPromoForm(await requireUser(request), request, params.promoId);
}

export default function AdminPromotion() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const errors: Partial<Record<string, string>> = answer && !answer.ok ? answer.fieldErrors : {};
  const formError = answer && !answer.ok ? answer.formError : null;
  const v = (answer && !answer.ok ? answer.values : null) ?? data.values;
  const creating = data.promoId === null;
  return (
    <section className="stack orders">
      <p>
        <Link to="/admin/promo">Back to the promotions</Link>
      </p>
      <h1>{creating ? "New promotion" : `Promotion: ${data.title}`}</h1>
      {data.status ? <p>Status: {data.status}</p> : null}

      <Form method="get" className="order-filters" aria-label="Find a product or a customer" key={location.search}>
        <div className="field">
          <label htmlFor="productQ">Product name or code contains</label>
          <input id="productQ" name="productQ" type="search" maxLength={100} defaultValue={data.productQ} />
        </div>
        <div className="field">
          <label htmlFor="customerQ">Customer name contains</label>
          <input id="customerQ" name="customerQ" type="search" maxLength={100} defaultValue={data.customerQ} />
        </div>
        <div className="order-filters__actions">
          <button type="submit" className="button">
            Find
          </button>
        </div>
      </Form>
      {data.productsFound === 0 ? <p role="status">No product matches “{data.productQ}”.</p> : null}
      {data.productsFound && data.productsFound > 0 ? (
        <p className="muted" role="status">
          {data.productsFound === 1 ? "1 product found" : `${data.productsFound} products found`}: choose it under
          Product.
        </p>
      ) : null}
      {data.customersTotal > data.customers.length ? (
        <p className="muted">
          Showing the first {data.customers.length} of {data.customersTotal} customers: search to narrow the list.
        </p>
      ) : null}

      <FormError id="promo-error" message={formError} />
      <Form
        method="post"
        className="stack"
        noValidate
        aria-describedby={formError ? "promo-error" : undefined}
        key={`${location.search}|${answer ? "refused" : ""}`}
      >
        <input type="hidden" name="intent" value="save" />
        {creating ? (
          <fieldset className="stack" aria-describedby={errors.kind ? "kind-error" : undefined}>
            <legend>Kind</legend>
            <FieldError id="kind-error" message={errors.kind} />
            <label className="checkbox">
              <input type="radio" name="kind" value="banner" defaultChecked={v.kind !== "featured"} /> Banner: a slide
              at the top of the dashboard
            </label>
            <label className="checkbox">
              <input type="radio" name="kind" value="featured" defaultChecked={v.kind === "featured"} /> Featured
              product: shown in the dashboard&apos;s first product banner
            </label>
          </fieldset>
        ) : (
          <p>Kind: {v.kind === "featured" ? "Featured product" : "Banner"}</p>
        )}
        <TextField name="title" label="Title" required maxLength={120} defaultValue={v.title} error={errors.title} />
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
        <TextField
          name="image"
          label="Image (a path on this site)"
          type="text"
          maxLength={500}
          defaultValue={v.image}
          placeholder="/images/…"
          error={errors.image}
        />
        <TextField
          name="link"
          label="Link (a path on this site; empty: the product's page)"
          type="text"
          maxLength={500}
          defaultValue={v.link}
          error={errors.link}
        />
        <SelectField
          name="itemId"
          label="Product"
          blank="No product"
          options={data.products}
          defaultValue={v.itemId}
          error={errors.itemId}
          hint="Find a product above to offer it here. A featured product needs one."
        />
        <DayField name="startsOn" label="Start date" defaultValue={v.startsOn} error={errors.startsOn} />
        <DayField name="endsOn" label="End date (included)" defaultValue={v.endsOn} error={errors.endsOn} />
        <fieldset className="stack" aria-describedby={errors.audience ? "audience-error" : undefined}>
          <legend>Shown to</legend>
          <FieldError id="audience-error" message={errors.audience} />
          <label className="checkbox">
            <input
              type="radio"
              name="audience"
              value="all"
              defaultChecked={v.audience !== "sector" && v.audience !== "customer"}
            />{" "}
            All customers
          </label>
          <label className="checkbox">
            <input type="radio" name="audience" value="sector" defaultChecked={v.audience === "sector"} /> One sector
          </label>
          <SelectField
            name="sectorId"
            label="Sector"
            blank="Choose a sector"
            options={data.sectors}
            defaultValue={v.sectorId}
            error={errors.sectorId}
          />
          <label className="checkbox">
            <input type="radio" name="audience" value="customer" defaultChecked={v.audience === "customer"} /> One
            customer
          </label>
          <SelectField
            name="customerId"
            label="Customer"
            blank="Choose a customer"
            options={data.customers}
            defaultValue={v.customerId}
            error={errors.customerId}
          />
        </fieldset>
        <div>
          <button type="submit" className="button button--primary" disabled={busy}>
            {creating ? "Create promotion" : "Save promotion"}
          </button>
        </div>
      </Form>
      {creating ? null : (
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="button" disabled={busy} aria-label={`Delete the promotion ${data.title}`}>
            Delete promotion
          </button>
        </Form>
      )}
    </section>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="There is no such promotion."
    failed="The promotion could not be loaded. Please try again."
    links={[{ to: "/admin/promo", label: "Promotions" }]}
  />
);
