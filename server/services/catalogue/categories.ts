/** Categories (/api/category, the category tree) and the customer's catalogues. */
import { NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { type Caller } from "../../auth/caller";
import { invalid } from "../../query/dialect";
import { requireCustomer, scopeOf, str, tableListDef, type Ctx, type ListDef } from "../base";

type CategoryType = "full" | "my" | "manpack";

export interface CategoryNode {
  internalId: string;
  name: string;
  slug: string;
  fullSlug: string;
  type: string;
  displayOrder: number;
  image: string | null;
  parentId: string | null;
  children: CategoryNode[];
}

function categoryOut(r: any): CategoryNode {
  return {
    internalId: String(r.id),
    name: r.name,
    slug: r.slug,
    fullSlug: r.full_slug,
    type: r.type,
    displayOrder: r.display_order,
    image: r.image ?? null,
    parentId: str(r.parent_id),
    children: [],
  };
}

/** Categories a customer sees: the shared 'full' tree, or its own 'my' / 'manpack' trees. */
export function visibleCategories(db: Knex, customerId: number | null, type?: CategoryType) {
  const q = db("categories").where("categories.is_inactive", false);
  if (type) q.where("categories.type", type);
  return q.where((w) => {
    w.whereNull("categories.customer_id");
    if (customerId != null) w.orWhere("categories.customer_id", customerId);
  });
}

/** One query, nested in memory. */
export async function categoryTree(
  db: Knex,
  opts: { type: CategoryType; customerId: number | null },
): Promise<CategoryNode[]> {
  const rows = await visibleCategories(db, opts.customerId, opts.type)
    .orderBy([{ column: "display_order" }, { column: "name" }])
    .select("*");
  const nodes = new Map<number, CategoryNode>(rows.map((r: any) => [r.id, categoryOut(r)]));
  const roots: CategoryNode[] = [];
  for (const r of rows) {
    const parent = r.parent_id != null ? nodes.get(r.parent_id) : undefined;
    (parent ? parent.children : roots).push(nodes.get(r.id)!);
  }
  return roots;
}

const CATEGORY_TYPES = ["full", "my", "manpack"];

function categoryType(raw: unknown, name = "type"): CategoryType | undefined {
  if (raw === undefined) return undefined;
  if (!CATEGORY_TYPES.includes(String(raw))) throw invalid(name, "expected my, full or manpack");
  return raw as CategoryType;
}

/** GET /api/workwear-categories (flat, filterable) and /:id. */
export function categoriesDef(): ListDef<CategoryNode> {
  return tableListDef("categories", {
    what: "Category",
    spec: {
      fields: {
        internalId: { type: "int", column: "categories.id", sortable: true },
        parent: { type: "int", column: "categories.parent_id" },
        slug: { type: "string", column: "categories.slug" },
        fullSlug: { type: "string", column: "categories.full_slug" },
        name: { type: "string", column: "categories.name", sortable: true },
        type: { type: "string", column: "categories.type", ops: ["eq", "$in"] },
        displayOrder: { type: "int", column: "categories.display_order", sortOnly: true, sortable: true },
      },
      defaultSort: [
        ["categories.display_order", "asc"],
        ["categories.name", "asc"],
      ],
    },
    base: (ctx, caller) => visibleCategories(ctx.db, scopeOf(caller)),
    map: (_ctx, rows) => rows.map(categoryOut),
  });
}

/**
 * Category trees as menus: GET /api/workwear-menu-items (type, list_all, old_query), GET /api/userCategory (type).
 * data = top-level nodes with nested children; list_all answers every top-level node.
 */
export class CategoryTreeService {
  constructor(
    private ctx: Ctx,
    private defaultType: CategoryType,
  ) {}
  private parse(query: Record<string, any> = {}) {
    const allowed = ["type", "list_all", "old_query", "$limit", "$skip"];
    for (const k of Object.keys(query)) if (!allowed.includes(k)) throw invalid(k);
    return { type: categoryType(query.type) ?? this.defaultType, query };
  }
  async find(params: { caller?: Caller; query?: Record<string, any> }) {
    const caller = params.caller!;
    const { type } = this.parse(params.query);
    const roots = await categoryTree(this.ctx.db, { type, customerId: scopeOf(caller) });
    return { total: roots.length, limit: roots.length, skip: 0, data: roots };
  }
  async get(id: unknown, params: { caller?: Caller; query?: Record<string, any> }) {
    const caller = params.caller!;
    const { type } = this.parse(params.query);
    const roots = await categoryTree(this.ctx.db, { type, customerId: scopeOf(caller) });
    const stack = [...roots];
    while (stack.length) {
      const n = stack.pop()!;
      if (n.internalId === String(id)) return n;
      stack.push(...n.children);
    }
    throw new NotFound(`Menu item '${String(id)}' not found`);
  }
}

/** GET /api/customCatalogue and /api/smiCustomCatalogue: the customer's own catalogues. */
export function cataloguesDef(type: "custom" | "smi" | "user"): ListDef<unknown> {
  return tableListDef("catalogues", {
    what: "Catalogue",
    spec: {
      fields: {
        internalId: { type: "int", column: "catalogues.id", sortable: true },
        name: { type: "string", column: "catalogues.name", sortable: true },
        contactId: { type: "int", column: "catalogues.contact_id" },
      },
      defaultSort: [["catalogues.name", "asc"]],
    },
    base: (ctx, caller) =>
      ctx.db("catalogues").where("catalogues.type", type).where("catalogues.customer_id", requireCustomer(caller)),
    map: (_ctx, rows) =>
      rows.map((r) => ({ internalId: String(r.id), name: r.name, type: r.type, contactId: str(r.contact_id) })),
  });
}
