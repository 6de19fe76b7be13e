import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { FieldError, FormError } from "~/components/field-error";
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
  const { promoFormPageData } = await import("~/upstream/admin-promo.server");
  return promoFormPageData(await requireUser(request), params.promoId, new URL(request.url));
}

export async function action({ request, params }: ActionFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { submitPromoForm } = await import("~/upstream/admin-promo.server");
  return submitPromoForm(await requireUser(request), request, params.promoId);
}

const DAY_HINT = "dd.mm.yy, for example 30.11.26";

export default function AdminPromotion() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const location = useLocation();
  const busy = useNavigation().state !== "idle";
  const errors: Partial<Record<string, string>> = answer && !answer.ok ? answer.fieldErrors : {};
  const formError = answer && !answer.ok ? answer.formError : null;
  const v = (answer && !answer.ok ? answer.values : null) ?? data.values;
  const creating = data.promoId === null;
  const described = (field: string, hint?: string) => [hint, errors[field] ? `${field}-error` : undefined].filter(Boolean).join(" ") || undefined;
  const invalid = (field: string) => (errors[field] ? true : undefined);
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
          {data.productsFound === 1 ? "1 product found" : `${data.productsFound} products found`}: choose it under Product.
        </p>
      ) : null}
      {data.customersTotal > data.customers.length ? (
        <p className="muted">Showing the first {data.customers.length} of {data.customersTotal} customers: search to narrow the list.</p>
      ) : null}

      <FormError id="promo-error" message={formError} />
      <Form method="post" className="stack" noValidate aria-describedby={formError ? "promo-error" : undefined} key={`${location.search}|${answer ? "refused" : ""}`}>
        <input type="hidden" name="intent" value="save" />
        {creating ? (
          <fieldset className="stack" aria-describedby={errors.kind ? "kind-error" : undefined}>
            <legend>Kind</legend>
            <FieldError id="kind-error" message={errors.kind} />
            <label className="checkbox">
              <input type="radio" name="kind" value="banner" defaultChecked={v.kind !== "featured"} /> Banner: a slide at the top of the dashboard
            </label>
            <label className="checkbox">
              <input type="radio" name="kind" value="featured" defaultChecked={v.kind === "featured"} /> Featured product: shown in the dashboard&apos;s first
              product banner
            </label>
          </fieldset>
        ) : (
          <p>Kind: {v.kind === "featured" ? "Featured product" : "Banner"}</p>
        )}
        <TextField name="title" label="Title" required maxLength={120} defaultValue={v.title} error={errors.title} />
        <div className="field">
          <label htmlFor="text">Text</label>
          <textarea id="text" name="text" rows={3} maxLength={500} defaultValue={v.text} aria-invalid={invalid("text")} aria-describedby={described("text")} />
          <FieldError id="text-error" message={errors.text} />
        </div>
        <div className="field">
          <label htmlFor="image">Image (a path on this site)</label>
          <input id="image" name="image" type="text" maxLength={500} defaultValue={v.image} placeholder="/images/…" aria-invalid={invalid("image")} aria-describedby={described("image")} />
          <FieldError id="image-error" message={errors.image} />
        </div>
        <div className="field">
          <label htmlFor="link">Link (a path on this site; empty: the product&apos;s page)</label>
          <input id="link" name="link" type="text" maxLength={500} defaultValue={v.link} aria-invalid={invalid("link")} aria-describedby={described("link")} />
          <FieldError id="link-error" message={errors.link} />
        </div>
        <div className="field">
          <label htmlFor="itemId">Product</label>
          <select id="itemId" name="itemId" defaultValue={v.itemId} aria-invalid={invalid("itemId")} aria-describedby={described("itemId", "itemId-hint")}>
            <option value="">No product</option>
            {data.products.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
          <p className="muted field__hint" id="itemId-hint">
            Find a product above to offer it here. A featured product needs one.
          </p>
          <FieldError id="itemId-error" message={errors.itemId} />
        </div>
        {(["startsOn", "endsOn"] as const).map((name) => (
          <div className="field" key={name}>
            <label htmlFor={name}>{name === "startsOn" ? "Start date" : "End date (included)"}</label>
            <input
              id={name}
              name={name}
              type="text"
              inputMode="numeric"
              autoComplete="off"
              size={10}
              maxLength={10}
              defaultValue={v[name]}
              aria-invalid={invalid(name)}
              aria-describedby={described(name, `${name}-hint`)}
            />
            <p className="muted field__hint" id={`${name}-hint`}>
              {DAY_HINT}
            </p>
            <FieldError id={`${name}-error`} message={errors[name]} />
          </div>
        ))}
        <fieldset className="stack" aria-describedby={errors.audience ? "audience-error" : undefined}>
          <legend>Shown to</legend>
          <FieldError id="audience-error" message={errors.audience} />
          <label className="checkbox">
            <input type="radio" name="audience" value="all" defaultChecked={v.audience !== "sector" && v.audience !== "customer"} /> All customers
          </label>
          <label className="checkbox">
            <input type="radio" name="audience" value="sector" defaultChecked={v.audience === "sector"} /> One sector
          </label>
          <div className="field">
            <label htmlFor="sectorId">Sector</label>
            <select id="sectorId" name="sectorId" defaultValue={v.sectorId} aria-invalid={invalid("sectorId")} aria-describedby={described("sectorId")}>
              <option value="">Choose a sector</option>
              {data.sectors.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </select>
            <FieldError id="sectorId-error" message={errors.sectorId} />
          </div>
          <label className="checkbox">
            <input type="radio" name="audience" value="customer" defaultChecked={v.audience === "customer"} /> One customer
          </label>
          <div className="field">
            <label htmlFor="customerId">Customer</label>
            <select id="customerId" name="customerId" defaultValue={v.customerId} aria-invalid={invalid("customerId")} aria-describedby={described("customerId")}>
              <option value="">Choose a customer</option>
              {data.customers.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </select>
            <FieldError id="customerId-error" message={errors.customerId} />
          </div>
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
