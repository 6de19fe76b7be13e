import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { Chrome } from "~/components/chrome";
import { LayoutErrorBoundary } from "~/components/layout-error";

export const headers = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { loadChrome } = await import("~/chrome.server");
  const user = await requireUser(request);
  return loadChrome(request, user);
}

// The basket layout (SPEC §2): the header without the sidebar, so the basket and checkout have the width.
export default function BasketLayout() {
  const chrome = useLoaderData<typeof loader>();
  return (
    <Chrome chrome={chrome} variant="basket">
      <Outlet />
    </Chrome>
  );
}

export const ErrorBoundary = LayoutErrorBoundary;
