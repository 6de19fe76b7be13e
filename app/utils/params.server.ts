import { isUpstreamIdValue } from "~/domain/upstream-id";

/** A route's id parameter, or a 404 before any upstream call when it cannot be an id. */
export function idParam(value: string | undefined, notFound = "Not found"): string {
  if (!isUpstreamIdValue(value)) throw new Response(notFound, { status: 404 });
  return value;
}
