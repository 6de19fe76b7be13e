import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/auth/require-user.server";
import { loadSuggestions } from "~/catalogue/suggestions.server";
import { page } from "~/auth/route-access";

export const access = page("user");

// GET /search-suggestions?q= (JavaScript only): the header search box's suggestions, as JSON (decision 159)
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const answer = await loadSuggestions(user, request);
  return Response.json(answer, {
    status: "error" in answer ? 400 : 200,
    headers: { "Cache-Control": "private, no-store" },
  });
}
