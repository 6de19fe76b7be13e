import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/auth/require-user.server";
import { flashToast } from "~/auth/session.server";
import {
  addSavedLineByCode,
  loadAndGoToBasket,
  removeSavedLine,
  savedBasketView,
  setSavedLineQty,
} from "~/basket/saved-baskets.server";
import { IntentButton } from "~/components/intent-button";
import { QuantitySelector } from "~/components/quantity-selector";
import { TextField } from "~/components/text-field";
import { formatDate } from "~/domain/dates";
import { formatMoney } from "~/domain/money";
import { upstreamErrorMessage } from "~/upstream/client.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import basketStyles from "~/styles/basket.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.name ?? "Saved basket"} · Workwear ordering portal` }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

const NOT_FOUND = "That saved basket could not be found.";

function basketIdOf(params: LoaderFunctionArgs["params"]): string {
  const id = params.basketId ?? "";
  if (!/^\d{1,15}$/.test(id)) throw new Response(NOT_FOUND, { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { upstream } = await requireUser(request);
  const basketId = basketIdOf(params);
  try {
    const view = await savedBasketView(upstream, basketId);
    return { ...view, updated: formatDate(view.updated) };
  } catch (error) {
    // another customer's or someone else's basket is a 404 upstream
    if (error instanceof Response && error.status === 404) throw new Response(NOT_FOUND, { status: 404 });
    throw error;
  }
}

const itemId = () => z.string({ required_error: "Choose a product" }).regex(/^\d{1,15}$/, "That product is not in this saved basket.");

// a function, so that zod is built on the server only (decision 002)
const savedBasketSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("qty"), itemId: itemId(), qty: z.string({ required_error: "Enter a quantity" }).trim().max(6, "Enter a quantity from 0 to 99") }),
      z.object({ intent: z.literal("remove"), itemId: itemId() }),
      z.object({
        intent: z.literal("add"),
        code: z.string({ required_error: "Enter a product code" }).trim().min(1, "Enter a product code").max(60, "A product code is at most 60 characters"),
      }),
      z.object({ intent: z.literal("load") }),
    ],
    { errorMap: () => ({ message: "That action is not known." }) },
  );

export async function action({ request, params }: ActionFunctionArgs) {
  const { upstream } = await requireUser(request);
  const basketId = basketIdOf(params);
  const form = await parseForm(request, savedBasketSchema());
  // the line forms show no field messages of their own: the first message goes at the top of the page
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? Object.values(form.fieldErrors)[0] ?? null);
  const input = form.data;
  try {
    if (input.intent === "load") {
      const loaded = await loadAndGoToBasket(request, upstream, basketId);
      if (loaded instanceof Response) return loaded;
      return invalidForm({}, loaded.message);
    }
    const change =
      input.intent === "qty"
        ? await setSavedLineQty(upstream, basketId, input.itemId, input.qty)
        : input.intent === "remove"
          ? await removeSavedLine(upstream, basketId, input.itemId)
          : await addSavedLineByCode(upstream, basketId, input.code);
    if (!change.ok) return invalidForm(input.intent === "add" ? { code: change.message } : {}, change.message);
    const here = `/saved-baskets/${basketId}`;
    return redirect(here, { status: 303, headers: await flashToast(request, { kind: "success", message: change.message }) });
  } catch (error) {
    if (error instanceof Response && (error.status === 404 || error.status === 400)) {
      return invalidForm({}, error.status === 404 ? NOT_FOUND : ((await upstreamErrorMessage(error)) ?? "That could not be done."), error.status);
    }
    throw error;
  }
}

export default function SavedBasketPage() {
  const basket = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const formError = answer && !answer.ok ? answer.formError : null;
  const errors: Record<string, string> = answer && !answer.ok ? answer.fieldErrors : {};
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
        <table className="report-table basket-table">
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Price</th>
              <th scope="col">Quantity</th>
              <th scope="col">Total</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {basket.lines.map((line) => (
              <tr key={line.key}>
                <td>
                  <div className="basket-line__product">
                    <img src={line.thumbnail} alt="" width={64} height={64} loading="lazy" />
                    <div>
                      <strong>{line.name}</strong>
                      {line.code ? <div className="muted">{line.code}</div> : null}
                      {line.available ? null : <div className="muted">No longer available: it is left out when the basket is loaded.</div>}
                    </div>
                  </div>
                </td>
                <td>{line.unitPrice === null ? "–" : formatMoney(line.unitPrice)}</td>
                <td>
                  <Form method="post" className="basket-line__qty">
                    <input type="hidden" name="intent" value="qty" />
                    <input type="hidden" name="itemId" value={line.productId} />
                    <QuantitySelector name="qty" label={`Quantity of ${line.name}`} labelHidden defaultValue={line.qty} min={0} step={line.step} />
                    <button type="submit" className="button button--small" aria-label={`Update the quantity of ${line.name}`} disabled={busy}>
                      Update
                    </button>
                  </Form>
                </td>
                <td>{line.lineTotal === null ? "–" : formatMoney(line.lineTotal)}</td>
                <td>
                  <IntentButton intent="remove" fields={{ itemId: line.productId }} label={`Remove ${line.name}`} disabled={busy}>
                    Remove
                  </IntentButton>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {basket.lines.length ? <p>Total {formatMoney(basket.total)} before delivery and VAT, at today&apos;s prices.</p> : null}

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
