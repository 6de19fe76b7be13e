import type { LoaderFunctionArgs } from "@remix-run/node";
import { LayoutErrorBoundary } from "~/components/layout-error";
import { requireUser } from "~/auth/require-user.server";
import { loadChrome } from "~/chrome.server";
import { page } from "~/auth/route-access";

export const access = page("user");

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return loadChrome(request, user);
}

// The default layout (SPEC §2): header, sidebar navigation, banner.
export { ChromeLayout as default } from "~/components/chrome";
export const ErrorBoundary = LayoutErrorBoundary;
