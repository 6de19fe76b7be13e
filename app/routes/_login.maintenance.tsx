import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { checkMaintenance } from "~/auth/require-user.server";
import { DEFAULT_MAINTENANCE_MESSAGE } from "~/domain/maintenance";
import { page } from "~/auth/route-access";

export const access = page("anyone");

export const meta: MetaFunction = () => [{ title: "Down for maintenance · Workwear ordering portal" }];

// public route: shown to everyone while maintenance is on; otherwise it sends the visitor home (SPEC §4).
export async function loader({ request }: LoaderFunctionArgs) {
  const maintenance = await checkMaintenance(request);
  if (!maintenance.enabled || maintenance.bypassed) throw redirect("/");
  // the message an admin wrote (issue 32 item 7), else today's text
  return { message: maintenance.message || DEFAULT_MAINTENANCE_MESSAGE };
}

export default function Maintenance() {
  const { message } = useLoaderData<typeof loader>();
  return (
    <>
      <h1>We are carrying out maintenance</h1>
      <p className="pre-line">{message}</p>
      <p className="muted">For urgent orders please call customer services.</p>
    </>
  );
}
