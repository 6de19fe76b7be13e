import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";

// /admin/promo/new (issue 21 item 3, decision 134): the promotion form of /admin/promo/{id}, empty, creating on Save.
export { default, ErrorBoundary, headers, links, meta } from "./_default.admin.promo.$promoId";

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { promoFormPageData } = await import("~/admin/admin-promo.server");
  return promoFormPageData(await requireUser(request), "new", new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { submitPromoForm } = await import("~/admin/admin-promo.server");
  return submitPromoForm(await requireUser(request), request, "new");
}
