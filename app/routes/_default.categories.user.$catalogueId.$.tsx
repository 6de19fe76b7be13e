import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/require-user.server";
import { CATALOGUE_NAMES, loadCategoryPage } from "~/catalogue/category-page.server";
import { CataloguePage } from "~/components/catalogue-page";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.heading ?? "Catalogue"} · Workwear ordering portal` }];

// /categories/user/{catalogueId}/{fullSlug…}: a user catalogue, browsed by the shared category tree (decision 060);
// another customer's catalogue is the upstream's 404
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const catalogueId = params.catalogueId ?? "";
  if (!/^\d{1,9}$/.test(catalogueId)) throw new Response("Not found", { status: 404 });
  return loadCategoryPage(user, request, {
    tree: "full",
    catalogueId,
    catalogueName: CATALOGUE_NAMES.user,
    basePath: `/categories/user/${catalogueId}`,
    path: params["*"] ?? "",
  });
}

export default function UserCatalogueRoute() {
  return <CataloguePage data={useLoaderData<typeof loader>()} />;
}

export { CatalogueErrorBoundary as ErrorBoundary } from "~/components/catalogue-error";
