import type { LoaderFunctionArgs } from "@remix-run/node";

// GET /search-suggestions?q= (JavaScript only): the header search box's suggestions, as JSON (decision 159)
export async function loader({ request }: LoaderFunctionArgs) {
  const { requireUser } = await import("~/auth/require-user.server");
  const { loadSuggestions } = await import("~/catalogue/suggestions.server");
  const user = await requireUser(request);
  const answer = await loadSuggestions(user, request);
  return Response.json(answer, {
    status: "error" in answer ? 400 : 200,
    headers: { "Cache-Control": "private, no-store" },
  });
}
