import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/require-user.server";
import { CATALOGUE_NAMES, loadCategoryPage } from "~/catalogue/category-page.server";
import { CataloguePage } from "~/components/catalogue-page";
import catalogueStyles from "~/styles/catalogue.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.heading ?? "Catalogue"} · Workwear ordering portal` }];

// /categories/{my|full}/{fullSlug…}; the access guard has already checked the catalogue's permission (SPEC §5)
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const type = params.type;
  if (type !== "full" && type !== "my") throw new Response("Not found", { status: 404 });
  return loadCategoryPage(user, request, {
    tree: type,
    scope: type,
    catalogueName: CATALOGUE_NAMES[type],
    basePath: `/categories/${type}`,
    path: params["*"] ?? "",
  });
}

export default function CategoryRoute() {
  return <CataloguePage data={useLoaderData<typeof loader>()} />;
}

export { CatalogueErrorBoundary as ErrorBoundary } from "~/components/catalogue-error";
