import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { checkMaintenance } from "~/auth/require-user.server";

export const meta: MetaFunction = () => [{ title: "Down for maintenance · Workwear ordering portal" }];

// public route: shown to everyone while maintenance is on; otherwise it sends the visitor home (SPEC §4).
export async function loader({ request }: LoaderFunctionArgs) {
  const maintenance = await checkMaintenance(request);
  if (!maintenance.enabled || maintenance.bypassed) throw redirect("/");
  return null;
}

export default function Maintenance() {
  return (
    <>
      <h1>We are carrying out maintenance</h1>
      <p>The ordering portal is being updated and will be back shortly. Your baskets and orders are safe.</p>
      <p className="muted">For urgent orders please call customer services.</p>
    </>
  );
}
