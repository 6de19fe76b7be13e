import type { PortalUser } from "~/auth/require-user.server";
import { CATALOGUE_NAMES, defaultCatalogue } from "~/domain/catalogue-listing";
import { getCategoryTree, type CategoryNode, type CategoryTreeType } from "~/upstream/categories.server";

/** How long a customer's category tree is reused (decision 061): trees change when the provider's staff edit them. */
export const CATEGORY_TREE_TTL_MS = 60_000;
const MAX_TREES = 1_000;

type Entry = { until: number; tree: Promise<CategoryNode[]> };
const trees = new Map<string, Entry>();

/**
 * A catalogue's category tree in display order (SPEC §9: the order is data the provider's staff edit, and the provider
 * answers the tree in it; decision 135), shared by every user of the same business unit for up
 * to a minute: the tree is the same for all of them (the provider scopes it by customer, not by user), and it
 * sits behind every category and product page. Concurrent requests share one upstream call; a failed call is
 * not kept. Without a selected business unit nothing is shared.
 */
export function categoryTree(user: PortalUser, type: CategoryTreeType, now = Date.now()): Promise<CategoryNode[]> {
  const customerId = user.session.selectedCustomer?.internalId;
  if (!customerId) return fetchTree(user, type);
  const key = `${customerId}:${type}`;
  const cached = trees.get(key);
  if (cached && cached.until > now) return cached.tree;
  const tree = fetchTree(user, type);
  trees.delete(key);
  if (trees.size >= MAX_TREES) trees.delete(trees.keys().next().value!);
  trees.set(key, { until: now + CATEGORY_TREE_TTL_MS, tree });
  tree.catch(() => {
    if (trees.get(key)?.tree === tree) trees.delete(key);
  });
  return tree;
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
 * Forgets every kept tree: after an admin edits a catalogue (its categories, their order, a customer's my catalogue)
 * through this portal, the next page of any customer reads the tree afresh. Other portal processes keep theirs for up
 * to CATEGORY_TREE_TTL_MS.
 */
export function clearCategoryTrees(): void {
  trees.clear();
}
