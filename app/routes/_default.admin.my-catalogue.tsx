import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { CustomerPicker, MoreThanShown } from "~/components/customer-picker";
import { FieldError, FormError } from "~/components/field-error";
import { SelectField } from "~/components/form-fields";
import { IntentButton } from "~/components/intent-button";
import { PageErrorBoundary } from "~/components/page-error";
import { ScrollingTable } from "~/components/scrolling-table";
import { TextField } from "~/components/text-field";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { myCataloguePageData, submitMyCatalogue } from "~/admin/admin-catalogue.server";
import { adminScreen } from "~/auth/route-access";

// the admin area, part 2 (issue 21; decisions 133, 134): curation, the category manager, promotions, the ERP pull
export const access = adminScreen({ to: "/admin/my-catalogue", label: "My catalogues", group: "Product data" });

// /admin/my-catalogue (issue 21 item 1, decision 133): choose a customer (GET ?q=, then ?customerId=), see its my
// catalogue in the order its users see it, add products found by name or code (GET ?productQ=), take them out, and
// move them up or down (plain forms: works without JavaScript). Evolve users only (the access table's admin entry; the
// provider refuses the calls to anyone else).
export const meta: MetaFunction = () => [{ title: "My catalogues · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return myCataloguePageData(await requireUser(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitMyCatalogue(await requireUser(request), request);
}

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
          {data.entries.length === 0 ? (
            <p>{customer.name}&apos;s my catalogue is empty.</p>
          ) : (
            <ScrollingTable labelledBy="entries-heading">
              <thead>
                <tr>
                  <th scope="col">Position</th>
                  <th scope="col">Product</th>
                  <th scope="col">Code</th>
                  <th scope="col">Price</th>
                  <th scope="col">Categories</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {data.entries.map((e, i) => (
                  <tr key={e.id} id={`item-${e.id}`}>
                    <td>{e.position}</td>
                    <th scope="row">
                      {e.name}
                      {e.inactive ? <span className="muted"> (inactive)</span> : null}
                    </th>
                    <td>{e.itemCode}</td>
                    <td>{e.price}</td>
                    <td>{e.categories || "—"}</td>
                    <td>
                      <div className="order-filters__actions">
                        <IntentButton
                          intent="move"
                          fields={{ customerId: customer.id, itemId: e.id, move: "up" }}
                          label={`Move ${e.name} up`}
                          disabled={busy || i === 0}
                        >
                          Move up
                        </IntentButton>
                        <IntentButton
                          intent="move"
                          fields={{ customerId: customer.id, itemId: e.id, move: "down" }}
                          label={`Move ${e.name} down`}
                          disabled={busy || e.position >= data.entriesTotal}
                        >
                          Move down
                        </IntentButton>
                        <IntentButton
                          intent="remove"
                          fields={{ customerId: customer.id, itemId: e.id }}
                          label={`Remove ${e.name}`}
                          disabled={busy}
                        >
                          Remove
                        </IntentButton>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </ScrollingTable>
          )}
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
