import type { PortalUser } from "~/auth/require-user.server";
import { CATALOGUE_NAMES, categoryTrail } from "~/domain/catalogue-listing";
import type { CategoryNode } from "~/upstream/categories.server";
import { idParam } from "~/utils/params.server";
import { categoryTree } from "./category-tree.server";
import { loadListing } from "./listing.server";

export type CategoryLink = { internalId: string; name: string; to: string; children: CategoryLink[] };

function links(nodes: readonly CategoryNode[], basePath: string): CategoryLink[] {
  return nodes.map((n) => ({
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

/** Which catalogue /categories/{type}/{splat} is: my or full, or user/{catalogueId}; anything else is a 404. */
function pageOf(type: string, splat: string): Page {
  if (type === "full" || type === "my") {
    return {
      tree: type,
      scope: type,
      catalogueName: CATALOGUE_NAMES[type],
      basePath: `/categories/${type}`,
      path: splat,
    };
  }
  // a user catalogue, browsed by the shared category tree (decision 060); another customer's catalogue is the
  // upstream's 404
  if (type !== "user") throw new Response("Not found", { status: 404 });
  const [first, ...rest] = splat.split("/");
  const catalogueId = idParam(first);
  return {
    tree: "full",
    catalogueId,
    catalogueName: CATALOGUE_NAMES.user,
    basePath: `/categories/user/${catalogueId}`,
    path: rest.join("/"),
  };
}

/**
 * A category page: the tree (fixed display order, SPEC §9), the trail down the path, and 16 products of the
 * deepest category. An unknown path is a 404. At the catalogue's root the tree and the products load together.
 */
export async function loadCategoryPage(user: PortalUser, request: Request, type: string, splat: string) {
  const page = pageOf(type, splat);
  const target = { scope: page.scope, catalogueId: page.catalogueId };
  const atRoot = page.path.split("/").filter(Boolean).length === 0;
  // both at once at the root; awaited together, so a failure of either (a browser that left) is never unhandled
  const [tree, rootListing] = await Promise.all([
    categoryTree(user, page.tree),
    atRoot ? loadListing(user, request, target) : null,
  ]);
  const trail = categoryTrail(tree, page.path);
  if (!trail) throw new Response("Category not found", { status: 404 });
  const current = trail[trail.length - 1];
  const listing = await (rootListing ?? loadListing(user, request, { ...target, categoryId: current.internalId }));
  return {
    heading: current?.name ?? page.catalogueName,
    catalogueName: page.catalogueName,
    basePath: page.basePath,
    trail: trail.map((c) => ({
      internalId: c.internalId,
      name: c.name,
      to: `${page.basePath}/${c.fullSlug || c.slug}`,
    })),
    categories: links(tree, page.basePath),
    listing,
  };
}
export type CategoryPageData = Awaited<ReturnType<typeof loadCategoryPage>>;
