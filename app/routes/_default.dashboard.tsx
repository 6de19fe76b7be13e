import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { DashboardPage } from "~/components/dashboard-page";
import catalogueStyles from "~/styles/catalogue.css?url";
import heroStyles from "~/styles/hero.css?url";
import orderStyles from "~/styles/orders.css?url";
import { requireUser } from "~/auth/require-user.server";
import { loadDashboard } from "~/dashboard.server";
import { page } from "~/auth/route-access";

export const access = page("user", { nav: [{ to: "/dashboard", label: "Dashboard", group: "Overview" }] });

// catalogue: the banners' product cards; orders: the recent orders' status labels; hero: the CMS hero (decision 119)
export const links: LinksFunction = () => [
  { rel: "stylesheet", href: catalogueStyles },
  { rel: "stylesheet", href: orderStyles },
  { rel: "stylesheet", href: heroStyles },
];
export const meta: MetaFunction = () => [{ title: "Dashboard · Workwear ordering portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadDashboard(user, request);
}

export default function Dashboard() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
