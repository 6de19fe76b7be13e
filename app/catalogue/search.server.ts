import type { PortalUser } from "~/auth/require-user.server";
import { searchScope } from "~/domain/catalogue-listing";
import { loadListing } from "./listing.server";

/**
 * /search?q=: the provider's product search (decision 159: words in any order over name, description, colour and
 * category, codes and their prefixes, one typo) in the user's catalogue (decision 060), best first.
 */
export async function loadSearch(user: PortalUser, request: Request, maxQuery: number) {
  const q = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, maxQuery);
  const scope = searchScope(user.session.account);
  if (!q || !scope) return { q, canSearch: scope !== null, listing: null };
  return { q, canSearch: true, listing: await loadListing(user, request, { q, scope }) };
}
