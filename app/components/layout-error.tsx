import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { Chrome } from "./chrome";
import { useRequestId } from "./document-context";

/**
 * A layout that fails falls back to the default chrome (SPEC §8 "Layout load failure"); the server logged the failure
 * when it happened (entry.server's handleError, the upstream client), under the id shown here.
 */
export function LayoutErrorBoundary() {
  const error = useRouteError();
  const requestId = useRequestId();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const message =
    status === 404
      ? "We could not find that page."
      : status === 403
        ? "You do not have permission to do that."
        : "Sorry, this page could not be shown. Please try again in a moment.";
  return (
    <Chrome>
      <h1>{status === 404 ? "Page not found" : "Something went wrong"}</h1>
      <p>{message}</p>
      {status >= 500 && requestId ? (
        <p className="muted">
          Reference: <code>{requestId}</code>
        </p>
      ) : null}
    </Chrome>
  );
}
