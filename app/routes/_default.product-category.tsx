import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import catalogueStyles from "~/styles/catalogue.css?url";
import { requireUser } from "~/auth/require-user.server";
import { productCategories } from "~/catalogue/category-tree.server";
import { page } from "~/auth/route-access";

export const access = page("user");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction = () => [{ title: "Product categories · Workwear ordering portal" }];

// /product-category: the categories of the catalogue the user's permissions open (decision 060)
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return productCategories(user);
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
