import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { CataloguePage } from "~/components/catalogue-page";
import catalogueStyles from "~/styles/catalogue.css?url";
import { requireUser } from "~/auth/require-user.server";
import { loadCategoryPage } from "~/catalogue/category-page.server";
import { page } from "~/auth/route-access";

// the catalogue a path names decides the permission (SPEC §5 table, decision 052)
export const access = page("user", {
  nav: [
    { to: "/categories/full", label: "Full catalogue", group: "Catalogue" },
    { to: "/categories/my", label: "My catalogue", group: "Catalogue" },
  ],
});

export const links: LinksFunction = () => [{ rel: "stylesheet", href: catalogueStyles }];
export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.heading ?? "Catalogue"} · Workwear ordering portal` },
];

// /categories/{my|full}/{fullSlug…} and /categories/user/{catalogueId}/{fullSlug…}: the access guard has already
// checked the catalogue's permission (SPEC §5). One route module for both keeps the browser's code in one file.
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadCategoryPage(user, request, params.type ?? "", params["*"] ?? "");
}

export default function CategoryRoute() {
  return <CataloguePage data={useLoaderData<typeof loader>()} />;
}

export { CatalogueErrorBoundary as ErrorBoundary } from "~/components/catalogue-error";
