// SPEC §9: categories show in a fixed order of top-level ids, each with its child ids; unknown ids
// sort last. The SPEC does not give the table, so this is the demo catalogue's (decision 054).
// The provider numbers each tree (full, my, manpack) separately, so an entry matches a category by
// any of its keys: the slug, which is the same in every tree, or an id.

export interface CategoryOrderEntry {
  keys: readonly string[];
  children: readonly (readonly string[])[];
}

const entry = (slug: string, id: string, children: [slug: string, id: string][]): CategoryOrderEntry => ({
  keys: [slug, id],
  children,
});

export const DEFAULT_CATEGORY_ORDER: readonly CategoryOrderEntry[] = [
  entry("hi-vis", "10", [["hi-vis-vests", "11"], ["hi-vis-jackets", "12"], ["hi-vis-trousers", "13"]]),
  entry("workwear", "14", [["work-trousers", "15"], ["polos-tshirts", "16"], ["jackets-fleeces", "17"]]),
  entry("footwear", "18", [["safety-boots", "19"], ["safety-trainers", "20"]]),
  entry("flame-retardant", "21", [["fr-coveralls", "22"], ["fr-jackets-trousers", "23"]]),
  entry("gloves", "24", [["work-gloves", "25"], ["disposable-gloves", "26"]]),
  entry("healthcare", "27", [["tunics", "28"], ["scrubs", "29"]]),
  entry("ppe", "30", [["head-eye", "31"]]),
];

export interface OrderableCategory {
  internalId: string | number;
  slug?: string | null;
  children?: readonly OrderableCategory[] | null;
}

const UNKNOWN = Number.MAX_SAFE_INTEGER;

/** Position of the category in a list of key sets; unknown categories rank last. */
export function categoryRank(keySets: readonly (readonly string[])[], category: OrderableCategory): number {
  const own = [String(category.internalId), category.slug ?? ""].filter(Boolean);
  const rank = keySets.findIndex((keys) => own.some((k) => keys.includes(k)));
  return rank === -1 ? UNKNOWN : rank;
}

function sortByRank<C extends OrderableCategory>(categories: readonly C[], keySets: readonly (readonly string[])[]): C[] {
  // Array.prototype.sort is stable, so unknown categories keep the upstream's order among themselves.
  return [...categories].sort((a, b) => categoryRank(keySets, a) - categoryRank(keySets, b));
}

/** Top levels in table order, each one's children in its entry's order; deeper levels as sent. */
export function sortCategories<C extends OrderableCategory>(
  categories: readonly C[],
  table: readonly CategoryOrderEntry[] = DEFAULT_CATEGORY_ORDER,
): C[] {
  const topKeys = table.map((e) => e.keys);
  return sortByRank(categories, topKeys).map((top) => {
    const found = table[categoryRank(topKeys, top)];
    if (!top.children?.length || !found) return top;
    return { ...top, children: sortByRank(top.children, found.children) };
  });
}
