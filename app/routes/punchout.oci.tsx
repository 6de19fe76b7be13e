import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { PunchoutNotice } from "~/components/punchout-notice";
import { ociLogIn, type OciRefusal } from "~/punchout/entry.server";
import { page } from "~/auth/route-access";

export const access = page("anyone");

// GET|POST /punchout/oci (issue 16 item 2, decision 109): an SAP OCI log-in (USERNAME, PASSWORD, HOOK_URL, ~OkCode,
// ~TARGET, ~CALLER) → 303 to /punchout/start/{token}. Public: the provider checks the password; a POST from the
// procurement system's site is exempt from the same-site check. A refusal is a page of its own (the route's
// ErrorBoundary), which the procurement system may frame.

export const meta: MetaFunction = ({ error }) => [
  {
    title: `${isRouteErrorResponse(error) && error.status === 400 ? "The punchout log-in could not be read" : "The punchout log-in was refused"} · Workwear ordering portal`,
  },
];

export const headers: HeadersFunction = ({ errorHeaders }) => ({
  // the query string may carry the password: never cached
  "Cache-Control": "no-store",
  ...(errorHeaders?.get("Retry-After") ? { "Retry-After": errorHeaders.get("Retry-After")! } : {}),
});

// public route: the OCI log-in's password is the credential, checked by the provider.
export async function loader({ request, context }: LoaderFunctionArgs) {
  return ociLogIn(request, new URL(request.url).searchParams, context?.clientIp);
}

// public route: the same log-in posted from the procurement system's site.
export async function action({ request, context }: ActionFunctionArgs) {
  return ociLogIn(request, null, context?.clientIp);
}

// never shown: the loader and the action always redirect or refuse
export default function OciLogIn() {
  return null;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const refusal = isRouteErrorResponse(error) ? (error.data as OciRefusal | null) : null;
  if (!refusal || typeof refusal !== "object" || !("kind" in refusal)) {
    return (
      <PunchoutNotice title="The punchout log-in could not be completed">
        <p>
          Sorry, the catalogue could not be opened just now. Please try again from your procurement system in a moment.
        </p>
      </PunchoutNotice>
    );
  }
  if (refusal.kind === "invalid") {
    return (
      <PunchoutNotice title="The punchout log-in could not be read">
        <p>Your procurement system opened the catalogue with settings the portal cannot use:</p>
        <ul>
          {refusal.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
        <p>Ask your purchasing administrator to check the catalogue&apos;s OCI settings.</p>
      </PunchoutNotice>
    );
  }
  return (
    <PunchoutNotice title="The punchout log-in was refused">
      <p>{refusal.message}</p>
      <p>
        Start again from your procurement system. If this keeps happening, ask your purchasing administrator to check
        the catalogue&apos;s OCI user name and password.
      </p>
    </PunchoutNotice>
  );
}
