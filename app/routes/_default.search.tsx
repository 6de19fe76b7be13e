import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { CatalogueListing } from "~/components/catalogue-listing";
import catalogueStyles from "~/styles/catalogue.css?url";
import { requireUser } from "~/auth/require-user.server";
import { loadSearch } from "~/catalogue/search.server";
import { page } from "~/auth/route-access";

export const access = page("user", {
  requires: ["stockCatalogue"],
  nav: [{ to: "/search", label: "Search", group: "Catalogue" }],
});

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.q ? `Search: ${data.q}` : "Search"} · Workwear ordering portal` },
];

const MAX_QUERY = 200;

// /search?q= (and /site-search): text over name, product code and description in the user's catalogue
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadSearch(user, request, MAX_QUERY);
}

export default function SearchRoute() {
  const { q, canSearch, listing } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>{q ? `Search results for “${q}”` : "Search the catalogue"}</h1>
      {canSearch ? (
        <Form method="get" className="search-form" role="search">
          <div className="field">
            <label htmlFor="search-q">Search products</label>
            <input
              id="search-q"
              name="q"
              type="search"
              defaultValue={q}
              maxLength={MAX_QUERY}
              placeholder="Name, product code or description"
            />
          </div>
          <button type="submit" className="button button--primary">
            Search
          </button>
        </Form>
      ) : (
        <p className="notice">Your account has no stock catalogue to search.</p>
      )}
      {listing ? <CatalogueListing listing={listing} hidden={[["q", q]]} /> : null}
    </>
  );
}

export { CatalogueErrorBoundary as ErrorBoundary } from "~/components/catalogue-error";
