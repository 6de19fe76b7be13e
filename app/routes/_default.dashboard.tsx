import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { requireUser } from "~/auth/require-user.server";
import { DashboardPage } from "~/components/dashboard-page";
import { dashboardData } from "~/dashboard.server";

export const meta: MetaFunction = () => [{ title: "Dashboard · Workwear ordering portal" }];

export async function loader({ request }: LoaderFunctionArgs) {
  return dashboardData(await requireUser(request));
}

export default function Dashboard() {
  return <DashboardPage data={useLoaderData<typeof loader>()} />;
}
