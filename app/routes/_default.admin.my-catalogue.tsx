import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { CustomerPicker, MoreThanShown } from "~/components/customer-picker";
import { FieldError, FormError } from "~/components/field-error";
import { SelectField } from "~/components/form-fields";
import { IntentButton } from "~/components/intent-button";
import { DataTable, MoveButtons } from "~/components/data-table";
import { TextField } from "~/components/text-field";
import { PageErrorBoundary } from "~/components/page-error";
import ordersStyles from "~/styles/orders.css?url";
import { myCataloguePageData, submitMyCatalogue } from "~/admin/admin-catalogue.server";
import { adminLoader, adminAction } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

// the admin area, part 2 (issue 21; decisions 133, 134): curation, the category manager, promotions, the ERP pull
export const access = adminScreen({ to: "/admin/my-catalogue", label: "My catalogues", group: "Product data" });

// /admin/my-catalogue (issue 21 item 1, decision 133): choose a customer (GET ?q=, then ?customerId=), see its my
// catalogue in the order its users see it, add products found by name or code (GET ?productQ=), take them out, and
// move them up or down (plain forms: works without JavaScript). Evolve users only (the access table's admin entry; the
// provider refuses the calls to anyone else).
// its own meta, links, page and error screen rather than app/components/admin-page's: one file fewer keeps this page
// within the 90 KB first-load budget (decision 179)
export const meta: MetaFunction = () => [{ title: "My catalogues · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export const loader = adminLoader(myCataloguePageData);

export const action = adminAction(submitMyCatalogue);

export default function AdminMyCatalogue() {
  const data = useLoaderData<typeof loader>();
  const { errors, formError, busy } = useFormAnswer<typeof action>();
  const customer = data.customer;
  return (
    <section className="stack orders admin-my-catalogue">
      <h1>My catalogues</h1>
      <p className="muted">
        A customer&apos;s my catalogue is what its users see under My catalogue, in the order given here. Changes show
        to them at once.
      </p>
      <CustomerPicker q={data.q} customers={data.customers} total={data.customersTotal} chosenId={customer?.id} />

      {customer ? (
        <>
          <FormError id="my-catalogue-error" message={formError} />
          <h2 id="entries-heading">2. {customer.name}&apos;s my catalogue</h2>
          <DataTable
            rows={data.entries}
            columns={[
              { header: "Position", cell: (e) => e.position },
              {
                header: "Product",
                cell: (e) => (
                  <>
                    {e.name}
                    {e.inactive ? <span className="muted"> (inactive)</span> : null}
                  </>
                ),
              },
              { header: "Code", cell: (e) => e.itemCode },
              { header: "Price", cell: (e) => e.price },
              { header: "Categories", cell: (e) => e.categories || "—" },
              {
                header: "Actions",
                cell: (e, i) => (
                  <div className="order-filters__actions">
                    <MoveButtons
                      name={e.name}
                      up={{
                        intent: "move",
                        fields: { customerId: customer.id, itemId: e.id, move: "up" },
                        disabled: busy || i === 0,
                      }}
                      down={{
                        intent: "move",
                        fields: { customerId: customer.id, itemId: e.id, move: "down" },
                        disabled: busy || e.position >= data.entriesTotal,
                      }}
                    />
                    <IntentButton
                      intent="remove"
                      fields={{ customerId: customer.id, itemId: e.id }}
                      label={`Remove ${e.name}`}
                      disabled={busy}
                    >
                      Remove
                    </IntentButton>
                  </div>
                ),
              },
            ]}
            labelledBy="entries-heading"
            rowHeader={1}
            rowId={(e) => `item-${e.id}`}
            empty={<p>{customer.name}&apos;s my catalogue is empty.</p>}
          />
          {data.entriesTotal > data.entries.length ? (
            <p className="muted">
              Showing the first {data.entries.length} of {data.entriesTotal} products.
            </p>
          ) : null}

          <h2>3. Add a product</h2>
          <Form method="get" className="stack" role="search" aria-label="Products">
            {data.q ? <input type="hidden" name="q" value={data.q} /> : null}
            <input type="hidden" name="customerId" value={customer.id} />
            <TextField
              name="productQ"
              label="Product name or code contains"
              type="search"
              maxLength={100}
              defaultValue={data.productQ}
            />
            <div>
              <button type="submit" className="button">
                Find products
              </button>
            </div>
          </Form>
          {data.products === null ? null : data.products.length === 0 ? (
            <p>No product&apos;s name or code contains “{data.productQ}”.</p>
          ) : (
            <Form method="post" className="stack">
              <input type="hidden" name="intent" value="add" />
              <input type="hidden" name="customerId" value={customer.id} />
              <fieldset className="stack" aria-describedby={errors.itemId ? "itemId-error" : undefined}>
                <legend>Product</legend>
                {data.products.map((p) => (
                  <label key={p.id} className="checkbox">
                    <input type="radio" name="itemId" value={p.id} disabled={p.inList} /> {p.name}{" "}
                    <span className="muted">
                      (
                      {[p.itemCode, p.category, p.inactive ? "inactive" : null, p.inList ? "already in the list" : null]
                        .filter(Boolean)
                        .join(", ")}
                      )
                    </span>
                  </label>
                ))}
                <FieldError id="itemId-error" message={errors.itemId} />
                <FieldError id="customerId-error" message={errors.customerId} />
              </fieldset>
              <SelectField
                name="categoryId"
                label="Category"
                blank="The one named as the product's own category"
                options={data.categories.map((c) => ({ value: c.id, label: c.hidden ? `${c.name} (hidden)` : c.name }))}
                defaultValue=""
                error={errors.categoryId}
              />
              <div>
                <button type="submit" className="button button--primary" disabled={busy}>
                  Add to the my catalogue
                </button>
              </div>
            </Form>
          )}
          {data.products ? (
            <MoreThanShown shown={data.products.length} total={data.productsTotal} what="products" />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="There is no such customer or product."
    failed="The my catalogue could not be loaded. Please try again."
    links={[{ to: "/admin/my-catalogue", label: "My catalogues" }]}
  />
);
