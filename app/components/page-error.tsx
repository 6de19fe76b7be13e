import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";

type PageLink = { to: string; label: string };

/**
 * A page's errors inside the default layout, one way for every screen that can name a missing thing (a product or
 * category, a CMS page, a news post): a 404 reads "Page not found" with what could not be found, anything else
 * "Something went wrong" (logged by the server where it failed); then the ways on.
 */
export function PageErrorBoundary({
  notFound,
  failed,
  links,
}: {
  notFound: string;
  failed: string;
  links: readonly PageLink[];
}) {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <h1>{missing ? "Page not found" : "Something went wrong"}</h1>
      <p>{missing ? notFound : failed}</p>
      <p>
        {links.map((link, i) => (
          <span key={link.to}>
            {i > 0 ? " · " : null}
            <Link to={link.to}>{link.label}</Link>
          </span>
        ))}
      </p>
    </>
  );
}
