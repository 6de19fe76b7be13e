import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

/** A catalogue page's errors inside the default layout: a missing product or category is a 404 page. */
export function CatalogueErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);
  return (
    <>
      <h1>{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p>
        {notFound
          ? "We could not find that product or category. It may have been withdrawn, or the link may be out of date."
          : "Sorry, the catalogue could not be shown. Please try again in a moment."}
      </p>
      <p>
        <Link to="/search">Search the catalogue</Link> or <Link to="/">go to the dashboard</Link>.
      </p>
    </>
  );
}
