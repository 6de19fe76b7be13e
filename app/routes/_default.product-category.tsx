import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/require-user.server";
import { CATALOGUE_NAMES } from "~/catalogue/category-page.server";
import { defaultCatalogue } from "~/domain/catalogue-listing";
import { sortCategories } from "~/domain/category-order";
import { getCategoryTree } from "~/upstream/categories.server";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction = () => [{ title: "Product categories · Workwear ordering portal" }];

// /product-category: the categories of the catalogue the user's permissions open (decision 060)
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const type = defaultCatalogue(user.session.account);
  if (type !== "my" && type !== "full") return { catalogue: null, categories: [] };
  const tree = sortCategories(await getCategoryTree(user.upstream, type));
  const to = (fullSlug: string) => `/categories/${type}/${fullSlug}`;
  return {
    catalogue: { name: CATALOGUE_NAMES[type], to: `/categories/${type}` },
    categories: tree.map((c) => ({
      internalId: c.internalId,
      name: c.name,
      to: to(c.fullSlug || c.slug),
      children: sortCategories(c.children).map((s) => ({ internalId: s.internalId, name: s.name, to: to(s.fullSlug || s.slug) })),
    })),
  };
}

export default function ProductCategoryRoute() {
  const { catalogue, categories } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>Product categories</h1>
      {catalogue ? (
        <>
          <p>
            <Link to={catalogue.to}>All of {catalogue.name.toLowerCase()}</Link>
          </p>
          <ul className="dashboard-grid category-tiles">
            {categories.map((c) => (
              <li key={c.internalId} className="dashboard-panel">
                <h2>
                  <Link to={c.to}>{c.name}</Link>
                </h2>
                <ul>
                  {c.children.map((s) => (
                    <li key={s.internalId}>
                      <Link to={s.to}>{s.name}</Link>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="notice">No catalogue is set up for your account.</p>
      )}
    </>
  );
}
