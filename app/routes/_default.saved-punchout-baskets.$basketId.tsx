import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, isRouteErrorResponse, Link, useLoaderData, useRouteError } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
// Guard: every loader and action starts with requireUser; the access table makes this an approver screen (decision 057).
import ordersStyles from "~/styles/orders.css?url";
import { ScrollingTable } from "~/components/scrolling-table";
import {
  finalisePunchoutApproval,
  getBasketForApproval,
  loadForApproval,
  NOT_LOADED,
  punchoutBasketView,
} from "~/checkout/punchout-approval.server";
import { requireUser } from "~/auth/require-user.server";
import { idParam } from "~/utils/params.server";
import { getApprovalState } from "~/upstream/punchout-baskets.server";
import { redirect } from "@remix-run/node";
import { flashToast } from "~/session/session.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { z } from "zod";
import { page } from "~/auth/route-access";

export const access = page("approver", { punchout: "refused" });

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Punchout basket ${data.basket.name}` : "Punchout basket"} · Workwear ordering portal` },
];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: ordersStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const basketId = idParam(params.basketId);
  const [basket, approval] = await Promise.all([
    getBasketForApproval(user.upstream, basketId),
    getApprovalState(user.upstream),
  ]);
  return {
    basket: punchoutBasketView(basket, user),
    loaded: approval.basketIdForApproval === basket.id,
    otherLoaded: approval.basketIdForApproval !== null && approval.basketIdForApproval !== basket.id,
  };
}

// a function given zod, imported in the action, so zod stays out of the browser bundle (decision 002)
const punchoutApprovalSchema = (z: typeof import("zod").z) =>
  z.discriminatedUnion(
    "intent",
    [z.object({ intent: z.literal("load") }), z.object({ intent: z.literal("approve") })],
    {
      errorMap: () => ({ message: "Choose Load for approval or Approve basket" }),
    },
  );

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const basketId = idParam(params.basketId);
  const form = await parseForm(request, punchoutApprovalSchema(z));
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? form.fieldErrors.intent ?? null);

  if (form.data.intent === "load") {
    const loaded = await loadForApproval(user, basketId);
    if (!loaded.ok) return invalidForm({}, loaded.message, loaded.status);
    // the basket session now names it as loadedBasket: checkout sends it as chosenBasket, so ordering it marks it checked out (SPEC §4)
    const headers = await flashToast(request, { kind: loaded.notice ? "info" : "success", message: loaded.message });
    return redirect(`/saved-punchout-baskets/${basketId}`, { status: 303, headers });
  }

  const approval = await getApprovalState(user.upstream);
  if (approval.basketIdForApproval !== basketId) return invalidForm({}, NOT_LOADED, 409);
  const outcome = await finalisePunchoutApproval(user, approval);
  // the approval id is cleared either way, so the list is where the approver goes next (the basket may be gone)
  const toast = outcome?.ok
    ? { kind: "success" as const, message: outcome.message }
    : { kind: "error" as const, message: outcome?.message ?? NOT_LOADED };
  return redirect("/saved-punchout-baskets", { status: 303, headers: await flashToast(request, toast) });
}

export default function SavedPunchoutBasket() {
  const { basket, loaded, otherLoaded } = useLoaderData<typeof loader>();
  const { formError, busy } = useFormAnswer<typeof action>();
  return (
    <article className="stack orders">
      <p>
        <Link to="/saved-punchout-baskets">Back to punchout baskets</Link>
      </p>
      <h1>{basket.name}</h1>
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}
      <dl className="order-facts">
        <dt>Requested by</dt>
        <dd>{basket.requester}</dd>
        <dt>Saved</dt>
        <dd>{basket.created}</dd>
        <dt>Status</dt>
        <dd>{basket.refusal ?? (loaded ? "In your basket for approval" : "Awaiting approval")}</dd>
        <dt>Delivery address</dt>
        <dd>
          {basket.hasAddress ? "Chosen by the requester (used at checkout)" : "None chosen: pick one at checkout"}
        </dd>
      </dl>

      <section aria-labelledby="lines-heading">
        <h2 id="lines-heading">Lines</h2>
        {basket.lines.length === 0 ? (
          <p className="notice">This basket has no lines.</p>
        ) : (
          <ScrollingTable
            labelledBy="lines-heading"
            headings={["Product", "Quantity", { money: "Price" }, { money: "Amount" }]}
          >
            <tbody>
              {basket.lines.map((line, i) => (
                <tr key={`${line.productId}-${i}`}>
                  <td>{line.name}</td>
                  <td>{line.qty}</td>
                  <td className="order-table__money">{line.price}</td>
                  <td className="order-table__money">{line.lineTotal}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={3}>
                  Total
                </th>
                <td className="order-table__money">{basket.total}</td>
              </tr>
            </tfoot>
          </ScrollingTable>
        )}
      </section>

      {basket.awaiting ? (
        <section aria-labelledby="approve-heading" className="stack">
          <h2 id="approve-heading">Approve</h2>
          {loaded ? (
            <>
              <p>
                These products are in your basket. Approve the basket here, or <Link to="/basket">check it out</Link> to
                place the order, which approves it too.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="approve" />
                <button type="submit" className="button button--primary" disabled={busy}>
                  Approve basket
                </button>
              </Form>
            </>
          ) : (
            <>
              <p>
                Loading the basket for approval puts its products in your basket, replacing what is there
                {otherLoaded ? ", including another punchout basket you loaded for approval" : ""}.
              </p>
              <Form method="post">
                <input type="hidden" name="intent" value="load" />
                <button type="submit" className="button button--primary" disabled={busy}>
                  Load for approval
                </button>
              </Form>
            </>
          )}
        </section>
      ) : null}
    </article>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <section className="stack">
      <h1>{notFound ? "Punchout basket not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "We could not find that punchout basket. It may have been withdrawn or ordered, or belong to another account."
          : "Sorry, this basket could not be shown. Please try again in a moment."}
      </p>
      <p>
        <Link to="/saved-punchout-baskets">Back to punchout baskets</Link>
      </p>
    </section>
  );
}
