import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { FormError } from "~/components/field-error";
import { SelectField } from "~/components/form-fields";
import { IntentButton } from "~/components/intent-button";
import { DataTable, MoveButtons } from "~/components/data-table";
import { TextField } from "~/components/text-field";
import { AdminScreen, adminErrorBoundary, adminPage } from "~/components/admin-page";
import { categoryManagerPageData, submitCategoryManager } from "~/admin/admin-catalogue.server";
import { adminLoader, adminAction } from "~/admin/admin-route.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen({ to: "/admin/category-manager", label: "Category manager", group: "Product data" });

// /admin/category-manager (issue 21 item 2, decision 133): the full catalogue's category tree, indented in display
// order (hidden ones too); per category Move up / Move down among its siblings and Hide / Show (plain forms), and Edit
// (GET ?edit=) to rename it or move it under another parent. The provider keeps the rules (not under itself, a unique
// address among siblings); its 400 shows under the field, its 409 as an error toast. Evolve users only.
export const { meta, links, headers } = adminPage("Category manager");

export const loader = adminLoader(categoryManagerPageData);

export const action = adminAction(submitCategoryManager);

export default function CategoryManager() {
  const data = useLoaderData<typeof loader>();
  const { errors, formError, busy } = useFormAnswer<typeof action>();
  const edit = data.edit;
  return (
    <AdminScreen
      title="Category manager"
      name="category-manager"
      intro={
        <>
          The catalogue&apos;s categories in the order customers see them. A hidden category and everything below it
          leave the customers&apos; catalogues. Renaming keeps a category&apos;s address, so links to it still work.
        </>
      }
    >
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
      <DataTable
        rows={data.categories}
        columns={[
          {
            header: "Category",
            cell: (c) => (
              <>
                <span className="category-manager__name" data-depth={c.depth}>
                  {"— ".repeat(c.depth)}
                  {c.name}
                </span>{" "}
                <span className="muted">{c.address}</span>
              </>
            ),
          },
          { header: "Order", cell: (c) => c.position },
          { header: "Products", cell: (c) => c.itemCount },
          {
            header: "Shown",
            cell: (c) => (c.hidden ? "No (hidden)" : c.hiddenAbove ? "No (a category above is hidden)" : "Yes"),
          },
          {
            header: "Actions",
            cell: (c) => (
              <div className="order-filters__actions">
                <MoveButtons
                  name={c.name}
                  up={{ intent: "move", fields: { categoryId: c.id, move: "up" }, disabled: busy || c.first }}
                  down={{ intent: "move", fields: { categoryId: c.id, move: "down" }, disabled: busy || c.last }}
                />
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
            ),
          },
        ]}
        labelledBy="tree-heading"
        rowId={(c) => `category-${c.id}`}
      />
    </AdminScreen>
  );
}

export const ErrorBoundary = adminErrorBoundary(
  "The categories",
  [{ to: "/admin/category-manager", label: "Category manager" }],
  "There is no such category.",
);
