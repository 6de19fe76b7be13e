import type { PortalUser } from "~/auth/require-user.server";
import { categoryTrail } from "~/domain/catalogue-listing";
import { sortCategories } from "~/domain/category-order";
import type { CategoryLink } from "~/components/catalogue-listing";
import { getCategoryTree, type CategoryNode } from "~/upstream/categories.server";
import { loadListing } from "./listing.server";

export const CATALOGUE_NAMES = { full: "Full catalogue", my: "My catalogue", user: "Your catalogue" } as const;

function links(nodes: readonly CategoryNode[], basePath: string): CategoryLink[] {
  return sortCategories(nodes).map((n) => ({
    internalId: n.internalId,
    name: n.name,
    to: `${basePath}/${n.fullSlug || n.slug}`,
    children: links(n.children, basePath),
  }));
}

type Page = {
  /** the tree the categories come from */
  tree: "full" | "my";
  /** the upstream item scope, or a user catalogue */
  scope?: "full" | "my";
  catalogueId?: string;
  catalogueName: string;
  basePath: string;
  path: string;
};

/**
 * A category page: the tree (fixed display order, SPEC §9), the trail down the path, and 16 products of the
 * deepest category. An unknown path is a 404. At the catalogue's root the tree and the products load together.
 */
export async function loadCategoryPage(user: PortalUser, request: Request, page: Page) {
  const target = { scope: page.scope, catalogueId: page.catalogueId };
  const atRoot = page.path.split("/").filter(Boolean).length === 0;
  const treeCall = getCategoryTree(user.upstream, page.tree);
  const rootListing = atRoot ? loadListing(user, request, target) : null;
  const tree = sortCategories(await treeCall);
  const trail = categoryTrail(tree, page.path);
  if (!trail) throw new Response("Category not found", { status: 404 });
  const current = trail[trail.length - 1];
  const listing = await (rootListing ?? loadListing(user, request, { ...target, categoryId: current.internalId }));
  return {
    heading: current?.name ?? page.catalogueName,
    catalogueName: page.catalogueName,
    basePath: page.basePath,
    trail: trail.map((c) => ({ internalId: c.internalId, name: c.name, to: `${page.basePath}/${c.fullSlug || c.slug}` })),
    categories: links(tree, page.basePath),
    listing,
  };
}
export type CategoryPageData = Awaited<ReturnType<typeof loadCategoryPage>>;
