import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { promoFormPageData, submitPromoForm } from "~/admin/admin-promo-form.server";
import { adminScreen } from "~/auth/route-access";

export const access = adminScreen();

// /admin/promo/new (issue 21 item 3, decision 134): the promotion form of /admin/promo/{id}, empty, creating on Save.
export { default, ErrorBoundary, headers, links, meta } from "./_default.admin.promo.$promoId";

export async function loader({ request }: LoaderFunctionArgs) {
  return promoFormPageData(await requireUser(request), "new", new URL(request.url));
}

export async function action({ request }: ActionFunctionArgs) {
  return submitPromoForm(await requireUser(request), request, "new");
}
