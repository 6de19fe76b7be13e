import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireUser, type PortalUser } from "~/auth/require-user.server";

// An admin screen's loader and action, one way (issue 36 item 4): each starts with requireUser (the guard chain and
// the route's access entry, decision 176), then hands the user to the screen's page data or submit function.

/** A loader: `requireUser`, then the screen's page data for the request's URL (its GET form's query). */
export function adminLoader<T>(pageData: (user: PortalUser, url: URL) => Promise<T>) {
  return async ({ request }: LoaderFunctionArgs): Promise<T> =>
    pageData(await requireUser(request), new URL(request.url));
}

/** An action: `requireUser`, then the screen's submit function with the posted request. */
export function adminAction<T>(submit: (user: PortalUser, request: Request) => Promise<T>) {
  return async ({ request }: ActionFunctionArgs): Promise<T> => submit(await requireUser(request), request);
}
