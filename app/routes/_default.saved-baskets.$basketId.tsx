import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { IntentButton } from "~/components/intent-button";
import { LineProduct, LineTable } from "~/components/line-table";
import { QuantitySelector } from "~/components/quantity-selector";
import { TextField } from "~/components/text-field";
import basketStyles from "~/styles/basket.css?url";
import { requireUser } from "~/auth/require-user.server";
import { savedBasketPageData, submitSavedBasket } from "~/saved-baskets/saved-baskets.server";
import { ordering } from "~/auth/route-access";

export const access = ordering({ requires: ["stockCatalogue"] });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.name ?? "Saved basket"} · Workwear ordering portal` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  return savedBasketPageData(await requireUser(request), params.basketId);
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitSavedBasket(user, request, params.basketId);
}

export default function SavedBasketPage() {
  const basket = useLoaderData<typeof loader>();
  const { errors, formError, busy } = useFormAnswer<typeof action>();
  return (
    <div className="stack saved-baskets">
      <p>
        <Link to="/saved-baskets">All saved baskets</Link>
      </p>
      <h1>{basket.name}</h1>
      <p className="muted">
        Last changed {basket.updated} · {basket.ordered ? "Ordered" : "Not ordered"}
      </p>
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}

      {basket.lines.length === 0 ? (
        <p>This saved basket has no products.</p>
      ) : (
        <LineTable
          className="report-table basket-table"
          columns={["Product", "Price", "Quantity", "Total", { hidden: "Remove" }]}
        >
          {basket.lines.map((line) => (
            <tr key={line.key}>
              <td>
                <LineProduct
                  thumbnail={line.thumbnail}
                  name={line.name}
                  details={[
                    line.code,
                    !line.available && "No longer available: it is left out when the basket is loaded.",
                  ]}
                />
              </td>
              <td>{line.unitPriceText}</td>
              <td>
                <Form method="post" className="basket-line__qty">
                  <input type="hidden" name="intent" value="qty" />
                  <input type="hidden" name="itemId" value={line.productId} />
                  <QuantitySelector
                    name="qty"
                    label={`Quantity of ${line.name}`}
                    labelHidden
                    defaultValue={line.qty}
                    min={0}
                    step={line.step}
                  />
                  <button
                    type="submit"
                    className="button button--small"
                    aria-label={`Update the quantity of ${line.name}`}
                    disabled={busy}
                  >
                    Update
                  </button>
                </Form>
              </td>
              <td>{line.lineTotalText}</td>
              <td>
                <IntentButton
                  intent="remove"
                  fields={{ itemId: line.productId }}
                  label={`Remove ${line.name}`}
                  disabled={busy}
                >
                  Remove
                </IntentButton>
              </td>
            </tr>
          ))}
        </LineTable>
      )}
      {basket.lines.length === 0 ? null : basket.pricesHidden ? (
        <p>Total: {basket.totalText}.</p>
      ) : (
        <p>Total {basket.totalText} before delivery and VAT, at today&apos;s prices.</p>
      )}

      <Form method="post" className="stack" noValidate>
        <input type="hidden" name="intent" value="add" />
        <TextField name="code" label="Add a product by its code" error={errors.code} />
        <div>
          <button type="submit" className="button" disabled={busy}>
            Add to saved basket
          </button>
        </div>
      </Form>

      <Form method="post">
        <input type="hidden" name="intent" value="load" />
        <button type="submit" className="button button--primary" disabled={busy || basket.lines.length === 0}>
          Load into my basket
        </button>
      </Form>
      <p className="muted">Loading replaces the products in your basket.</p>
    </div>
  );
}
