import { PageErrorBoundary } from "./page-error";

/** A catalogue page's errors inside the default layout: a missing product or category is a 404 page. */
export function CatalogueErrorBoundary() {
  return (
    <PageErrorBoundary
      notFound="We could not find that product or category. It may have been withdrawn, or the link may be out of date."
      failed="Sorry, the catalogue could not be shown. Please try again in a moment."
      links={[
        { to: "/search", label: "Search the catalogue" },
        { to: "/", label: "Go to the dashboard" },
      ]}
    />
  );
}
