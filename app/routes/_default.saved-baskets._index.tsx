import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { EmptyState } from "~/components/empty-state";
import { IntentButton } from "~/components/intent-button";
import { LineTable } from "~/components/line-table";
import { Pagination } from "~/components/pagination";
import { TextField } from "~/components/text-field";
import basketStyles from "~/styles/basket.css?url";
import { requireUser } from "~/auth/require-user.server";
import { savedBasketsPageData, submitSavedBaskets } from "~/saved-baskets/saved-baskets.server";
import { ordering } from "~/auth/route-access";

export const access = ordering({
  requires: ["stockCatalogue"],
  nav: [{ to: "/saved-baskets", label: "Saved baskets", group: "Ordering" }],
});

export const meta: MetaFunction = () => [{ title: "Saved baskets · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return savedBasketsPageData(await requireUser(request), new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitSavedBaskets(user, request);
}

export default function SavedBasketsPage() {
  const { baskets, liveLines, page, pageCount, total, emptySteps } = useLoaderData<typeof loader>();
  const { errors, formError, busy } = useFormAnswer<typeof action>();
  return (
    <div className="stack saved-baskets">
      <h1>Saved baskets</h1>
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}

      <section aria-labelledby="save-heading" className="stack">
        <h2 id="save-heading">Save your basket</h2>
        {liveLines === 0 ? (
          <EmptyState steps={emptySteps}>
            Your stock basket is empty: add products to it, then save it here to order them again later.
          </EmptyState>
        ) : (
          <Form method="post" className="stack" noValidate>
            <input type="hidden" name="intent" value="save" />
            <TextField name="name" label="Basket name" required error={errors.name} />
            <button type="submit" className="button button--primary" disabled={busy}>
              Save basket
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="list-heading" className="stack">
        <h2 id="list-heading">Your saved baskets</h2>
        {baskets.length === 0 ? (
          <p>
            You have no saved baskets yet. {liveLines > 0 ? "Save your basket above to order it again later." : null}
          </p>
        ) : (
          <LineTable
            className="report-table"
            caption="Your saved baskets"
            columns={["Name", "Last changed", "Status", { hidden: "Actions" }]}
          >
            {baskets.map((b) => (
              <tr key={b.id}>
                <td>
                  <Link to={`/saved-baskets/${b.id}`}>{b.name}</Link>
                </td>
                <td>{b.updated}</td>
                <td>{b.ordered ? "Ordered" : "Not ordered"}</td>
                <td className="basket-actions">
                  <IntentButton
                    intent="load"
                    fields={{ basketId: b.id }}
                    label={`Load ${b.name} into the basket`}
                    disabled={busy}
                  >
                    Load
                  </IntentButton>
                  <IntentButton intent="delete" fields={{ basketId: b.id }} label={`Delete ${b.name}`} disabled={busy}>
                    Delete
                  </IntentButton>
                </td>
              </tr>
            ))}
          </LineTable>
        )}
        {total > 0 ? <Pagination page={page} pages={pageCount} total={total} counted="saved basket" /> : null}
        {liveLines > 0 && baskets.length > 0 ? (
          <p className="muted">Loading a saved basket replaces the products in your basket.</p>
        ) : null}
      </section>
    </div>
  );
}
