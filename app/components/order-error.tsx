import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** An order screen's error: another customer's or an unknown id reads as not found. */
export function OrderErrorBoundary({ backTo, backLabel }: { backTo: string; backLabel: string }) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <section className="stack">
      <h1>{status === 404 ? "Order not found" : "Something went wrong"}</h1>
      <p>
        {status === 404
          ? "We could not find that order. It may belong to another account, or the link may be out of date."
          : "Sorry, this order could not be shown. Please try again in a moment."}
      </p>
      <p>
        <Link to={backTo}>{backLabel}</Link>
      </p>
    </section>
  );
}
