import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useFormAnswer } from "~/components/form-answer";
import { BasketChoice, ReadOnlyBasket, StockBasket } from "~/components/stock-basket";
import { ManpackBasket } from "~/components/wearer-pack-basket";
import basketStyles from "~/styles/basket.css?url";
import { requireUser } from "~/auth/require-user.server";
import { basketPageData, submitBasket } from "~/basket/basket.server";
import { ordering } from "~/auth/route-access";

// the basket and checkout (decision 050: browse-only users outside punchout are sent home)
export const access = ordering({ nav: [{ to: "/basket", label: "Basket", group: "Ordering" }] });

export const meta: MetaFunction = () => [{ title: "Basket · Workwear ordering portal" }];
export const links: LinksFunction = () => [{ rel: "stylesheet", href: basketStyles }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  return basketPageData(await requireUser(request));
}

/** THE basket action: every basket mutation posts here with an `intent` (STYLE: one resource action, like a cart). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return submitBasket(user, request);
}

export default function BasketPage() {
  const view = useLoaderData<typeof loader>();
  const { formError, busy } = useFormAnswer<typeof action>();
  const isStock = view.selectedBasketType === "stock-order-basket";

  return (
    <div className="basket stack">
      <h1>Basket</h1>
      {view.heldForApproval ? (
        <p className="notice notice--info">
          This basket is a punchout basket loaded for your approval: placing the order approves it.{" "}
          <Link to={`/saved-punchout-baskets/${view.heldForApproval}`}>See the punchout basket</Link>
        </p>
      ) : null}
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}

      {view.punchout?.readOnly ? (
        <ReadOnlyBasket view={view} />
      ) : (
        <>
          {view.choosesBasket ? <BasketChoice view={view} isStock={isStock} /> : null}

          {isStock ? <StockBasket view={view} busy={busy} /> : <ManpackBasket view={view} busy={busy} />}
        </>
      )}
    </div>
  );
}
