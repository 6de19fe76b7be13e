import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { searchScope } from "~/domain/catalogue-listing";
import { productLink } from "~/domain/product-card";
import {
  SUGGESTION_LIMIT,
  SUGGESTION_MAX_LENGTH,
  SUGGESTION_MIN_LENGTH,
  type Suggestion,
} from "~/domain/search-suggestions";
import { listItems } from "~/upstream/items.server";

// a function, so that zod is built on the server only (decision 002)
const querySchema = () =>
  z.string().trim().max(SUGGESTION_MAX_LENGTH, `Search for at most ${SUGGESTION_MAX_LENGTH} characters.`);

/**
 * GET /search-suggestions?q= (issue 34 item 1, decision 159): up to 8 products the provider's search finds for what
 * the header's search box holds, best first, in the user's catalogue (the Search page's scope): name, code, link.
 * Fewer than two characters, or no catalogue to search, ask the provider nothing.
 */
export async function loadSuggestions(
  user: PortalUser,
  request: Request,
): Promise<{ q: string; suggestions: Suggestion[] } | { error: string }> {
  const parsed = querySchema().safeParse(new URL(request.url).searchParams.get("q") ?? "");
  if (!parsed.success) return { error: parsed.error.issues[0].message };
  const q = parsed.data;
  const scope = searchScope(user.session.account);
  if (q.length < SUGGESTION_MIN_LENGTH || !scope) return { q, suggestions: [] };
  const list = await listItems(user.upstream, {
    q,
    scope,
    visibleInCatalogue: "true",
    $limit: String(SUGGESTION_LIMIT),
  });
  return {
    q,
    suggestions: list.data
      .filter((item) => item.slug)
      .map((item) => ({ name: item.displayName, code: item.itemId ?? "", href: productLink(item.slug!) })),
  };
}
