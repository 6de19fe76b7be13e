import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FormError } from "~/components/field-error";
import { SelectField } from "~/components/form-fields";
import { IntentButton } from "~/components/intent-button";
import { PageErrorBoundary } from "~/components/page-error";
import { ScrollingTable } from "~/components/scrolling-table";
import { TextField } from "~/components/text-field";
import ordersStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { categoryManagerPageData, submitCategoryManager } from "~/admin/admin-catalogue.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/category-manager", label: "Category manager", group: "Product data" });

// /admin/category-manager (issue 21 item 2, decision 133): the full catalogue's category tree, indented in display
// order (hidden ones too); per category Move up / Move down among its siblings and Hide / Show (plain forms), and Edit
// (GET ?edit=) to rename it or move it under another parent. The provider keeps the rules (not under itself, a unique
// address among siblings); its 400 shows under the field, its 409 as an error toast. Evolve users only.
export const meta: MetaFunction = () => [{ title: "Category manager · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return categoryManagerPageData(await requireUser(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitCategoryManager(await requireUser(request), request);
}

export default function CategoryManager() {
  const data = useLoaderData<typeof loader>();
  const { errors, formError, busy } = useFormAnswer<typeof action>();
  const edit = data.edit;
  return (
    <section className="stack orders category-manager">
      <h1>Category manager</h1>
      <p className="muted">
        The catalogue&apos;s categories in the order customers see them. A hidden category and everything below it leave
        the customers&apos; catalogues. Renaming keeps a category&apos;s address, so links to it still work.
      </p>
      <FormError id="category-error" message={edit ? null : formError} />

      {edit ? (
        <Form method="post" className="stack" aria-labelledby="edit-heading">
          <h2 id="edit-heading">Edit {edit.name}</h2>
          <FormError id="edit-error" message={formError} />
          <input type="hidden" name="intent" value="edit" />
          <input type="hidden" name="categoryId" value={edit.id} />
          <TextField name="name" label="Name" maxLength={200} required defaultValue={edit.name} error={errors.name} />
          <SelectField
            name="parentId"
            label="Under"
            blank="The top level"
            options={edit.parents.map((p) => ({ value: p.id, label: p.name }))}
            defaultValue={edit.parentId}
            error={errors.parentId}
          />
          <div className="order-filters__actions">
            <button type="submit" className="button button--primary" disabled={busy}>
              Save
            </button>
            <Link to="/admin/category-manager">Cancel</Link>
          </div>
        </Form>
      ) : null}

      <h2 id="tree-heading">Categories</h2>
      <ScrollingTable labelledBy="tree-heading">
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Order</th>
            <th scope="col">Products</th>
            <th scope="col">Shown</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {data.categories.map((c) => (
            <tr key={c.id} id={`category-${c.id}`}>
              <th scope="row">
                <span className="category-manager__name" data-depth={c.depth}>
                  {"— ".repeat(c.depth)}
                  {c.name}
                </span>{" "}
                <span className="muted">{c.address}</span>
              </th>
              <td>{c.position}</td>
              <td>{c.itemCount}</td>
              <td>{c.hidden ? "No (hidden)" : c.hiddenAbove ? "No (a category above is hidden)" : "Yes"}</td>
              <td>
                <div className="order-filters__actions">
                  <IntentButton
                    intent="move"
                    fields={{ categoryId: c.id, move: "up" }}
                    label={`Move ${c.name} up`}
                    disabled={busy || c.first}
                  >
                    Move up
                  </IntentButton>
                  <IntentButton
                    intent="move"
                    fields={{ categoryId: c.id, move: "down" }}
                    label={`Move ${c.name} down`}
                    disabled={busy || c.last}
                  >
                    Move down
                  </IntentButton>
                  <IntentButton
                    intent={c.hidden ? "show" : "hide"}
                    fields={{ categoryId: c.id }}
                    label={`${c.hidden ? "Show" : "Hide"} ${c.name}`}
                    disabled={busy}
                  >
                    {c.hidden ? "Show" : "Hide"}
                  </IntentButton>
                  <Link to={`?edit=${c.id}`} aria-label={`Edit ${c.name}`}>
                    Edit
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </ScrollingTable>
    </section>
  );
}

export const ErrorBoundary = () => (
  <PageErrorBoundary
    notFound="There is no such category."
    failed="The categories could not be loaded. Please try again."
    links={[{ to: "/admin/category-manager", label: "Category manager" }]}
  />
);
