/** The category trees as the category manager reads them: rows, children, item counts, nodes. */
import type { Knex } from "knex";

// ---------------------------------------------------------------- category manager

export interface CatRow {
  id: number;
  parent_id: number | null;
  customer_id: number | null;
  type: string;
  name: string;
  slug: string;
  full_slug: string;
  display_order: number;
  is_inactive: boolean | number;
}

export interface AdminCategoryNode {
  id: string;
  name: string;
  slug: string;
  fullSlug: string;
  type: string;
  customerId: string | null;
  parentId: string | null;
  position: number;
  displayOrder: number;
  isHidden: boolean;
  itemCount: number;
  children: AdminCategoryNode[];
}

const bySiblingOrder = (a: CatRow, b: CatRow) =>
  a.display_order - b.display_order || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) || a.id - b.id;

export const treeRows = (db: Knex, type: string, customerId: number | null): Promise<CatRow[]> => {
  const q = db("categories").where("type", type);
  if (customerId == null) q.whereNull("customer_id");
  else q.where("customer_id", customerId);
  return q.select(
    "id",
    "parent_id",
    "customer_id",
    "type",
    "name",
    "slug",
    "full_slug",
    "display_order",
    "is_inactive",
  );
};

/** Children lists by parent id (0 = the top level), each in display order. */
export function childrenOf(rows: CatRow[]): Map<number, CatRow[]> {
  const ids = new Set(rows.map((r) => r.id));
  const out = new Map<number, CatRow[]>();
  for (const r of [...rows].sort(bySiblingOrder)) {
    const parent = r.parent_id != null && ids.has(r.parent_id) ? r.parent_id : 0;
    if (!out.has(parent)) out.set(parent, []);
    out.get(parent)!.push(r);
  }
  return out;
}

export async function itemCounts(db: Knex, ids: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (!ids.length) return out;
  const [linked, classed] = await Promise.all([
    db("item_categories")
      .whereIn("category_id", ids)
      .groupBy("category_id")
      .select("category_id as id", db.raw("count(*) as n")),
    db("items")
      .whereIn("class_id", ids)
      .whereNull("parent_id")
      .groupBy("class_id")
      .select("class_id as id", db.raw("count(*) as n")),
  ]);
  for (const r of [...linked, ...classed] as any[]) out.set(Number(r.id), (out.get(Number(r.id)) ?? 0) + Number(r.n));
  return out;
}

export function nodesOf(
  rows: CatRow[],
  counts: Map<number, number>,
): { roots: AdminCategoryNode[]; byId: Map<number, AdminCategoryNode> } {
  const kids = childrenOf(rows);
  const byId = new Map<number, AdminCategoryNode>();
  const build = (list: CatRow[]): AdminCategoryNode[] =>
    list.map((r, i) => {
      const node: AdminCategoryNode = {
        id: String(r.id),
        name: r.name,
        slug: r.slug,
        fullSlug: r.full_slug,
        type: r.type,
        customerId: r.customer_id == null ? null : String(r.customer_id),
        parentId: r.parent_id == null ? null : String(r.parent_id),
        position: i + 1,
        displayOrder: r.display_order,
        isHidden: !!r.is_inactive,
        itemCount: counts.get(r.id) ?? 0,
        children: [],
      };
      byId.set(r.id, node);
      node.children = build(kids.get(r.id) ?? []);
      return node;
    });
  return { roots: build(kids.get(0) ?? []), byId };
}
