import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { page } from "~/auth/route-access";

export const access = page("user");

export const meta: MetaFunction = () => [{ title: "Page not found · Workwear ordering portal" }];

// Any address no other route matches. The guard chain runs first, as it would for a real page at that path,
// so a missing permission still redirects and a visitor without a session is asked to log in.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  throw new Response("Not found", { status: 404 });
}

export default function NotFound() {
  return null;
}

export function ErrorBoundary() {
  return (
    <>
      <h1>Page not found</h1>
      <p>We could not find that page. It may have moved, or the link may be out of date.</p>
      <p>
        <a href="/">Go to the dashboard</a>
      </p>
    </>
  );
}
