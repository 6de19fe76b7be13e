import type { PortalUser } from "~/auth/require-user.server";
import { CATALOGUE_NAMES, defaultCatalogue } from "~/domain/catalogue-listing";
import { TtlCache } from "~/upstream/cache.server";
import { getCategoryTree, type CategoryNode, type CategoryTreeType } from "~/upstream/categories.server";

/** How long a customer's category tree is reused at most (decision 061), while the change generation stands (157). */
export const CATEGORY_TREE_TTL_MS = 60_000;

const trees = new TtlCache<CategoryNode[]>({ ttlMs: CATEGORY_TREE_TTL_MS, max: 1_000 });

/**
 * A catalogue's category tree in display order (SPEC §9: the order is data the provider's staff edit, and the provider
 * answers the tree in it; decision 135), shared by every user of the same business unit for up
 * to a minute: the tree is the same for all of them (the provider scopes it by customer, not by user), and it
 * sits behind every category and product page. Concurrent requests share one upstream call; a failed call is
 * not kept. Without a selected business unit nothing is shared.
 */
export function categoryTree(user: PortalUser, type: CategoryTreeType): Promise<CategoryNode[]> {
  const customerId = user.session.selectedCustomer?.internalId;
  if (!customerId) return fetchTree(user, type);
  return trees.get(`${customerId}:${type}`, () => fetchTree(user, type));
}

function fetchTree(user: PortalUser, type: CategoryTreeType): Promise<CategoryNode[]> {
  return getCategoryTree(user.upstream, type);
}

/** The parent of a category anywhere in a tree, or undefined when the category is not in it. */
export function parentOf(tree: readonly CategoryNode[], categoryId: string): string | null | undefined {
  for (const node of tree) {
    if (node.internalId === categoryId) return node.parentId;
    const found = parentOf(node.children, categoryId);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** /product-category: the top categories of the catalogue the user's permissions open, each with its children. */
export async function productCategories(user: PortalUser) {
  const type = defaultCatalogue(user.session.account);
  if (type !== "my" && type !== "full") return { catalogue: null, categories: [] };
  const tree = await categoryTree(user, type);
  const to = (c: CategoryNode) => `/categories/${type}/${c.fullSlug || c.slug}`;
  return {
    catalogue: { name: CATALOGUE_NAMES[type], to: `/categories/${type}` },
    categories: tree.map((c) => ({
      internalId: c.internalId,
      name: c.name,
      to: to(c),
      children: c.children.map((s) => ({ internalId: s.internalId, name: s.name, to: to(s) })),
    })),
  };
}

/**
 * Forgets every kept tree in this process at once: after an admin edits a catalogue (its categories, their order, a
 * customer's my catalogue) through it. Other portal processes learn of the edit from the change generation (157).
 */
export function clearCategoryTrees(): void {
  trees.clear();
}
