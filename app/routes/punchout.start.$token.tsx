import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { PunchoutNotice } from "~/components/punchout-notice";
import { startPunchout, type StartRefusal } from "~/punchout/entry.server";
import { page } from "~/auth/route-access";

export const access = page("anyone");

// GET /punchout/start/{token} (issue 16 item 3, decision 109): the StartPage of a cXML setup response and where the
// OCI log-in leads. Public: the single-use token is the credential. It opens a new portal session inside the
// punchout session and goes on to the basket or the dashboard; a spent, expired or unknown link is a page of its own.

export const meta: MetaFunction = () => [{ title: "This punchout link cannot be used · Workwear ordering portal" }];

export const headers: HeadersFunction = () => ({ "Cache-Control": "no-store" });

// public route: the single-use token is the credential.
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  return startPunchout(request, params.token, context?.clientIp);
}

// never shown: the loader always redirects or refuses
export default function PunchoutStart() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const refusal = isRouteErrorResponse(error) ? (error.data as StartRefusal | null) : null;
  const message =
    refusal && typeof refusal === "object" && refusal.kind === "start"
      ? refusal.message
      : "Sorry, the punchout session could not be started just now. Start again from your procurement system in a moment.";
  return (
    <PunchoutNotice title="This punchout link cannot be used">
      <p>{message}</p>
    </PunchoutNotice>
  );
}
