import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/auth/require-user.server";
import { flashToast } from "~/auth/session.server";
import { deleteBasket, loadAndGoToBasket, saveCurrentBasket } from "~/basket/saved-baskets.server";
import { IntentButton } from "~/components/intent-button";
import { TextField } from "~/components/text-field";
import { formatDate } from "~/domain/dates";
import { getBasket } from "~/upstream/basket.server";
import { upstreamErrorMessage } from "~/upstream/client.server";
import { listSavedBaskets } from "~/upstream/saved-baskets.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import basketStyles from "~/styles/basket.css";

export const meta: MetaFunction = () => [{ title: "Saved baskets · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { upstream } = await requireUser(request);
  const [baskets, basket] = await Promise.all([listSavedBaskets(upstream), getBasket(upstream)]);
  return {
    baskets: baskets.map((b) => ({ id: b.id, name: b.basket_name, ordered: b.checked_out === 1, updated: formatDate(b.updated_at) })),
    liveLines: basket.stock.length,
  };
}

const basketId = () => z.string({ required_error: "Choose a saved basket" }).regex(/^\d{1,15}$/, "That saved basket could not be found.");

// a function, so that zod is built on the server only and stays out of the browser bundle (decision 002)
const savedBasketsSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("save"),
        name: z.string({ required_error: "Enter a name for the basket" }).trim().min(1, "Enter a name for the basket").max(200, "The name can be at most 200 characters"),
      }),
      z.object({ intent: z.literal("load"), basketId: basketId() }),
      z.object({ intent: z.literal("delete"), basketId: basketId() }),
    ],
    { errorMap: () => ({ message: "That action is not known." }) },
  );

export async function action({ request }: ActionFunctionArgs) {
  const { upstream } = await requireUser(request);
  const form = await parseForm(request, savedBasketsSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  const input = form.data;
  try {
    if (input.intent === "save") {
      const saved = await saveCurrentBasket(upstream, input.name);
      if (!saved.ok) return invalidForm({}, saved.message);
      return redirect("/saved-baskets", { status: 303, headers: await flashToast(request, { kind: "success", message: saved.message }) });
    }
    if (input.intent === "load") {
      const loaded = await loadAndGoToBasket(request, upstream, input.basketId);
      if (loaded instanceof Response) return loaded;
      return invalidForm({}, loaded.message);
    }
    const deleted = await deleteBasket(upstream, input.basketId);
    return redirect("/saved-baskets", { status: 303, headers: await flashToast(request, { kind: "success", message: deleted.message }) });
  } catch (error) {
    // another customer's or an unknown basket is a 404 upstream: a clear message, nothing changed
    if (error instanceof Response && (error.status === 404 || error.status === 400)) {
      return invalidForm({}, error.status === 404 ? "That saved basket could not be found." : (await upstreamErrorMessage(error)) ?? "That could not be done.", error.status);
    }
    throw error;
  }
}

export default function SavedBasketsPage() {
  const { baskets, liveLines } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const errors = answer && !answer.ok ? answer.fieldErrors : {};
  const formError = answer && !answer.ok ? answer.formError : null;
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
          <p>
            Your basket is empty. <Link to="/quick-order">Quick order</Link>
          </p>
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
          <p>You have no saved baskets.</p>
        ) : (
          <table className="report-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Last changed</th>
                <th scope="col">Status</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {baskets.map((b) => (
                <tr key={b.id}>
                  <td>
                    <Link to={`/saved-baskets/${b.id}`}>{b.name}</Link>
                  </td>
                  <td>{b.updated}</td>
                  <td>{b.ordered ? "Ordered" : "Not ordered"}</td>
                  <td className="basket-actions">
                    <IntentButton intent="load" fields={{ basketId: b.id }} label={`Load ${b.name} into the basket`} disabled={busy}>
                      Load
                    </IntentButton>
                    <IntentButton intent="delete" fields={{ basketId: b.id }} label={`Delete ${b.name}`} disabled={busy}>
                      Delete
                    </IntentButton>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {liveLines > 0 && baskets.length > 0 ? <p className="muted">Loading a saved basket replaces the products in your basket.</p> : null}
      </section>
    </div>
  );
}

