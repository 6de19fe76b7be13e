import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { Chrome } from "~/components/chrome";
import { EmptyState } from "~/components/empty-state";
import { LayoutErrorBoundary } from "~/components/layout-error";
import { requireUser } from "~/auth/require-user.server";
import { CATALOGUE_STEPS, loadChrome, nextSteps } from "~/chrome.server";
import { submitWishList, wishListPageData } from "~/wish-list/wish-list.server";
import { page } from "~/auth/route-access";

export const access = page("user");

export const meta: MetaFunction = () => [{ title: "Wish list · Workwear ordering portal" }];
export const headers = () => ({ "Cache-Control": "private, no-store" });

// Outside the default layout (the post is used from every page and keeps its route id): the page draws the same
// header and sidebar itself.
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [chrome, page] = await Promise.all([loadChrome(request, user), wishListPageData(user)]);
  // decision 166: an empty wish list names where products are found (only what this user may open)
  const emptySteps = nextSteps(user, [...CATALOGUE_STEPS, { to: "/search", label: "Search for a product" }]);
  return { chrome, ...page, emptySteps };
}

/** SPEC §7 POST /api/wish-list and DELETE /api/wish-list/{id}, answered with SPEC §8's toasts, back where it came from. */
export async function action({ request }: ActionFunctionArgs) {
  return submitWishList(await requireUser(request), request);
}

/** /wish-list (issue 17 item 5, decision 114): the wish list's products, each with a quick add to the basket and remove. */
export default function WishList() {
  const { chrome, rows, canAdd, emptySteps } = useLoaderData<typeof loader>();
  const busy = useNavigation().state !== "idle";
  return (
    <Chrome chrome={chrome}>
      <section className="stack wish-list">
        <h1>Wish list</h1>
        {rows.length === 0 ? (
          <EmptyState steps={emptySteps}>Your wish list is empty. Add products to it from their pages.</EmptyState>
        ) : (
          <ul className="stack wish-list__items" aria-label="Wish list products">
            {rows.map((row) => (
              <li key={row.productId} className="wish-list__item">
                <img src={row.image} alt="" width={80} height={80} loading="lazy" />
                <div className="stack">
                  <h2 className="wish-list__name">{row.link ? <Link to={row.link}>{row.name}</Link> : row.name}</h2>
                  {row.price ? <p>{row.price}</p> : null}
                  {canAdd ? (
                    <Form
                      method="post"
                      action="/basket"
                      className="add-to-basket"
                      aria-label={`Add ${row.name} to the basket`}
                    >
                      <input type="hidden" name="intent" value="add" />
                      <input type="hidden" name="redirectTo" value="/wish-list" />
                      {row.variants.length > 0 ? (
                        <div className="field">
                          <label htmlFor={`wish-${row.productId}-variant`}>Size and colour</label>
                          <select
                            id={`wish-${row.productId}-variant`}
                            name="productId"
                            required
                            defaultValue={row.variants[0].value}
                          >
                            {row.variants.map((v) => (
                              <option key={v.value} value={v.value}>
                                {v.label}
                              </option>
                            ))}
                          </select>
                        </div>
                      ) : (
                        <input type="hidden" name="productId" value={row.productId} />
                      )}
                      <div className="field">
                        <label htmlFor={`wish-${row.productId}-qty`}>Quantity</label>
                        <input
                          id={`wish-${row.productId}-qty`}
                          name="qty"
                          type="number"
                          inputMode="numeric"
                          min={1}
                          max={999}
                          defaultValue={1}
                          className="input--short"
                        />
                      </div>
                      <button type="submit" className="button button--primary" disabled={busy}>
                        Add to basket<span className="visually-hidden"> {row.name}</span>
                      </button>
                    </Form>
                  ) : null}
                  <Form method="post" action="/wish-list">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="productId" value={row.productId} />
                    <input type="hidden" name="redirectTo" value="/wish-list" />
                    <button type="submit" className="button" disabled={busy}>
                      Remove<span className="visually-hidden"> {row.name} from the wish list</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Chrome>
  );
}

export const ErrorBoundary = LayoutErrorBoundary;
