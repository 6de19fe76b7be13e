import { Conflict, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import type { ProviderParams } from "./base";
import { writeAudit } from "./admin-audit";
import { FOUND_RANK, joinFound, searchProducts } from "./item-search";
import {
  canExist,
  fieldErrors,
  noQuery,
  idInput,
  listQuery,
  pageOf,
  parseBody,
  parseQuery,
  requireAdmin,
  requireCustomerRow,
  routeId,
  type AdminCtx,
  type Page,
} from "./admin-common";

// The admin area, part 2 (issue 21 items 1–2, decision 131): a customer's "my catalogue" and the category manager.

const imageOf = (r: any): string | null => {
  if (r.default_image) return r.default_image;
  try {
    const images = JSON.parse(r.images_json ?? "{}") as Record<string, string[]>;
    return (
      Object.values(images)
        .flat()
        .find((s) => typeof s === "string") ?? null
    );
  } catch {
    return null;
  }
};

export const productOut = (r: any) => ({
  id: String(r.id),
  itemCode: r.item_code,
  displayName: r.display_name,
  price: r.price == null ? null : Number(r.price),
  image: imageOf(r),
  isInactive: !!r.is_inactive,
});

/** A product (not a variant) by id, or 404; a variant is a 400 at `field`. */
export async function requireProduct(db: Knex, id: number, field = "itemId"): Promise<any> {
  const row = canExist(id) ? await db("items").where("id", id).first() : undefined;
  if (!row) throw new NotFound(`Product '${id}' not found`);
  if (row.parent_id != null) throw fieldErrors({ [field]: "must be a product, not a variant" });
  return row;
}

// ---------------------------------------------------------------- products to pick

const productQuery = listQuery({ q: z.string().max(100, "must be at most 100 characters").optional() }, 16);

/** GET /api/admin/product?q=: products (not variants) by name, for the pickers. */
export class AdminProductService {
  constructor(private ctx: AdminCtx) {}
  async find(params: ProviderParams) {
    requireAdmin(params);
    const q = parseQuery(productQuery, params.query) as z.infer<typeof productQuery>;
    const { db } = this.ctx;
    const filtered = db("items").leftJoin("categories as cls", "cls.id", "items.class_id").whereNull("items.parent_id");
    const text = q.q?.trim();
    // the provider's one product search (decision 159): its products, best first
    const found = text ? await searchProducts(db, text) : null;
    if (found) joinFound(db, filtered, found);
    const { total, rows } = await pageOf<any>(
      filtered,
      q,
      [
        ...(found ? [{ column: FOUND_RANK, order: "asc" as const }] : []),
        { column: "items.display_name", order: "asc" },
        { column: "items.id", order: "asc" },
      ],
      [
        "items.id",
        "items.item_code",
        "items.display_name",
        "items.price",
        "items.default_image",
        "items.images_json",
        "items.is_inactive",
        "cls.name as class_name",
      ],
    );
    return {
      total,
      limit: q.$limit,
      skip: q.$skip,
      data: rows.map((r) => ({ ...productOut(r), className: r.class_name ?? null })),
    };
  }
}

// ---------------------------------------------------------------- my catalogue

interface MyEntry {
  position: number;
  item: ReturnType<typeof productOut>;
  categories: Array<{ id: string; name: string }>;
}

const myCategories = (db: Knex, customerId: number) => db("categories").where({ type: "my", customer_id: customerId });

/** The customer's my catalogue in the admin's order: positioned products first, then the rest by name. */
export async function myCatalogue(db: Knex, customerId: number): Promise<MyEntry[]> {
  const links: Array<{ item_id: number; category_id: number; category_name: string }> = await db(
    "item_categories as ic",
  )
    .join("categories as c", "c.id", "ic.category_id")
    .where({ "c.type": "my", "c.customer_id": customerId })
    .orderBy([{ column: "c.display_order" }, { column: "c.id" }])
    .select("ic.item_id", "ic.category_id", "c.name as category_name");
  const ids = [...new Set(links.map((l) => Number(l.item_id)))];
  if (!ids.length) return [];
  const [items, positions] = await Promise.all([
    db("items")
      .whereIn("id", ids)
      .whereNull("parent_id")
      .select("id", "item_code", "display_name", "price", "default_image", "images_json", "is_inactive"),
    db("my_catalogue_positions").where("customer_id", customerId).select("item_id", "position"),
  ]);
  const pos = new Map(positions.map((p: any) => [Number(p.item_id), Number(p.position)]));
  items.sort((a: any, b: any) => {
    const pa = pos.get(Number(a.id)) ?? Infinity;
    const pb = pos.get(Number(b.id)) ?? Infinity;
    if (pa !== pb) return pa - pb;
    return a.display_name < b.display_name ? -1 : a.display_name > b.display_name ? 1 : Number(a.id) - Number(b.id);
  });
  return items.map((r: any, i: number) => ({
    position: i + 1,
    item: productOut(r),
    categories: links
      .filter((l) => Number(l.item_id) === Number(r.id))
      .map((l) => ({ id: String(l.category_id), name: l.category_name })),
  }));
}

/** Writes the order of the customer's whole my catalogue (1..n). */
async function writePositions(trx: Knex, customerId: number, itemIds: number[]): Promise<void> {
  await trx("my_catalogue_positions").where("customer_id", customerId).delete();
  for (let i = 0; i < itemIds.length; i += 200) {
    await trx("my_catalogue_positions").insert(
      itemIds.slice(i, i + 200).map((item_id, j) => ({ customer_id: customerId, item_id, position: i + j + 1 })),
    );
  }
}

const myQuery = listQuery({ customerId: idInput }, 100);
const customerOnly = z.object({ customerId: idInput }).strict();
const myCreate = z.object({ customerId: idInput, itemId: idInput, categoryId: idInput.optional() }).strict();
const moveInput = z.enum(["up", "down"], { errorMap: () => ({ message: "must be up or down" }) });
const positionInput = z
  .number({ invalid_type_error: "must be a whole number" })
  .int("must be a whole number")
  .min(1, "must be 1 or more");
const myPatch = z
  .object({ position: positionInput.optional(), move: moveInput.optional() })
  .strict()
  .superRefine((v, ctx) => {
    if (v.position === undefined && v.move === undefined)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["body"], message: "Nothing to change" });
    if (v.position !== undefined && v.move !== undefined)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["move"],
        message: "send either a position or a move, not both",
      });
  });

/** A new place for one entry of a list: position (1-based) or one step up / down; null when it stays. */
export function newIndex(
  index: number,
  length: number,
  change: { position?: number; move?: "up" | "down" },
  field = "position",
): number {
  if (change.position !== undefined) {
    if (change.position > length) throw fieldErrors({ [field]: `must be from 1 to ${length}` });
    return change.position - 1;
  }
  return Math.max(0, Math.min(length - 1, index + (change.move === "up" ? -1 : 1)));
}

/** GET/POST/PATCH/DELETE /api/admin/my-catalogue (issue 21 item 1). */
export class AdminMyCatalogueService {
  constructor(private ctx: AdminCtx) {}

  async find(params: ProviderParams): Promise<Page<MyEntry>> {
    requireAdmin(params);
    const q = parseQuery(myQuery, params.query) as z.infer<typeof myQuery>;
    const customer = await requireCustomerRow(this.ctx.db, q.customerId);
    const all = await myCatalogue(this.ctx.db, customer.id);
    return { total: all.length, limit: q.$limit, skip: q.$skip, data: all.slice(q.$skip, q.$skip + q.$limit) };
  }

  async create(data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const input = parseBody(myCreate, data);
    const { db } = this.ctx;
    const customer = await requireCustomerRow(db, input.customerId);
    const item = await requireProduct(db, input.itemId);
    let category: any;
    if (input.categoryId != null) {
      category = canExist(input.categoryId)
        ? await myCategories(db, customer.id).where("id", input.categoryId).first()
        : undefined;
      if (!category) throw fieldErrors({ categoryId: "must be one of this customer's my categories" });
    } else {
      const own = item.class_id == null ? undefined : await db("categories").where("id", item.class_id).first("name");
      category = own ? await myCategories(db, customer.id).where("name", own.name).orderBy("id").first() : undefined;
      if (!category)
        throw fieldErrors({
          categoryId: `Choose a category: this customer has no my category named '${own?.name ?? "(none)"}'`,
        });
    }
    const before = await myCatalogue(db, customer.id);
    if (before.some((e) => e.item.id === String(item.id)))
      throw new Conflict("This product is already in this customer's my catalogue");
    const now = this.ctx.now();
    await db.transaction(async (trx) => {
      await trx("item_categories").insert({ item_id: item.id, category_id: category.id });
      await writePositions(trx, customer.id, [...before.map((e) => Number(e.item.id)), item.id]);
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        customerId: customer.id,
        service: "admin/my-catalogue",
        method: "create",
        recordId: item.id,
        summary: `Added ${item.item_code} to the my catalogue of ${customer.name} (${category.name})`,
        before: null,
        after: {
          itemId: String(item.id),
          itemCode: item.item_code,
          categoryId: String(category.id),
          position: before.length + 1,
        },
      });
    });
    return (await myCatalogue(db, customer.id)).find((e) => e.item.id === String(item.id));
  }

  private async entryOf(id: unknown, params: ProviderParams) {
    const itemId = routeId(id, "Product");
    const q = parseQuery(customerOnly, params.query) as z.infer<typeof customerOnly>;
    const customer = await requireCustomerRow(this.ctx.db, q.customerId);
    const list = await myCatalogue(this.ctx.db, customer.id);
    const index = list.findIndex((e) => e.item.id === String(itemId));
    if (index < 0) throw new NotFound(`Product '${itemId}' is not in this customer's my catalogue`);
    return { customer, list, index, itemId };
  }

  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const input = parseBody(myPatch, data);
    const { customer, list, index, itemId } = await this.entryOf(id, params);
    const to = newIndex(index, list.length, input);
    const { db } = this.ctx;
    if (to !== index) {
      const ids = list.map((e) => Number(e.item.id));
      ids.splice(index, 1);
      ids.splice(to, 0, itemId);
      const now = this.ctx.now();
      await db.transaction(async (trx) => {
        await writePositions(trx, customer.id, ids);
        await writeAudit(trx, now, {
          adminUserId: caller.userId,
          customerId: customer.id,
          service: "admin/my-catalogue",
          method: "patch",
          recordId: itemId,
          summary: `Moved ${list[index].item.itemCode} to position ${to + 1} in the my catalogue of ${customer.name}`,
          before: { position: index + 1 },
          after: { position: to + 1 },
        });
      });
    }
    const all = await myCatalogue(db, customer.id);
    return { total: all.length, limit: 100, skip: 0, data: all.slice(0, 100) };
  }

  async remove(id: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const { customer, list, index, itemId } = await this.entryOf(id, params);
    const { db } = this.ctx;
    const now = this.ctx.now();
    const entry = list[index];
    await db.transaction(async (trx) => {
      await trx("item_categories")
        .where("item_id", itemId)
        .whereIn("category_id", myCategories(trx, customer.id).select("id"))
        .delete();
      await writePositions(
        trx,
        customer.id,
        list.filter((_, i) => i !== index).map((e) => Number(e.item.id)),
      );
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        customerId: customer.id,
        service: "admin/my-catalogue",
        method: "remove",
        recordId: itemId,
        summary: `Removed ${entry.item.itemCode} from the my catalogue of ${customer.name}`,
        before: {
          itemId: entry.item.id,
          itemCode: entry.item.itemCode,
          position: entry.position,
          categoryIds: entry.categories.map((c) => c.id),
        },
        after: null,
      });
    });
    return { customerId: String(customer.id), itemId: String(itemId), removed: true };
  }
}

// ---------------------------------------------------------------- category manager

interface CatRow {
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

const treeRows = (db: Knex, type: string, customerId: number | null): Promise<CatRow[]> => {
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
function childrenOf(rows: CatRow[]): Map<number, CatRow[]> {
  const ids = new Set(rows.map((r) => r.id));
  const out = new Map<number, CatRow[]>();
  for (const r of [...rows].sort(bySiblingOrder)) {
    const parent = r.parent_id != null && ids.has(r.parent_id) ? r.parent_id : 0;
    if (!out.has(parent)) out.set(parent, []);
    out.get(parent)!.push(r);
  }
  return out;
}

async function itemCounts(db: Knex, ids: number[]): Promise<Map<number, number>> {
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

function nodesOf(
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

const treeQuery = z
  .object({
    type: z
      .enum(["full", "my", "manpack"], { errorMap: () => ({ message: "must be full, my or manpack" }) })
      .default("full"),
    customerId: idInput.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.type !== "full" && v.customerId == null)
      ctx.addIssue({
        code: z.ZodIssueCode.custom,
        path: ["customerId"],
        message: "is needed for my and manpack trees",
      });
    if (v.type === "full" && v.customerId != null)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["customerId"], message: "goes with type my or manpack only" });
  });

const categoryPatch = z
  .object({
    name: z
      .string({ invalid_type_error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(200, "must be at most 200 characters")
      .optional(),
    isHidden: z.boolean({ invalid_type_error: "must be true or false" }).optional(),
    parentId: idInput.nullable().optional(),
    position: positionInput.optional(),
    move: moveInput.optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (Object.keys(v).length === 0)
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["body"], message: "Nothing to change" });
    if (v.move !== undefined && (v.position !== undefined || v.parentId !== undefined)) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["move"], message: "goes without a position or a parentId" });
    }
  });

export const UNDER_ITSELF = "A category cannot be moved under itself or one of its own subcategories";

/** GET/PATCH /api/admin/category (issue 21 item 2): the category trees; display_order is the order siblings show in. */
export class AdminCategoryService {
  constructor(private ctx: AdminCtx) {}

  async find(params: ProviderParams) {
    requireAdmin(params);
    const q = parseQuery(treeQuery, params.query) as z.infer<typeof treeQuery>;
    const { db } = this.ctx;
    if (q.customerId != null) await requireCustomerRow(db, q.customerId);
    const rows = await treeRows(db, q.type, q.customerId ?? null);
    const { roots } = nodesOf(
      rows,
      await itemCounts(
        db,
        rows.map((r) => r.id),
      ),
    );
    return { total: roots.length, limit: roots.length, skip: 0, data: roots };
  }

  private async rowOf(db: Knex, id: number): Promise<CatRow> {
    const row = canExist(id) ? await db("categories").where("id", id).first() : undefined;
    if (!row) throw new NotFound(`Category '${id}' not found`);
    return row;
  }

  private async out(db: Knex, id: number) {
    const row = await this.rowOf(db, id);
    const rows = await treeRows(db, row.type, row.customer_id);
    const { byId } = nodesOf(
      rows,
      await itemCounts(
        db,
        rows.map((r) => r.id),
      ),
    );
    const path: Array<{ id: string; name: string }> = [];
    const rowById = new Map(rows.map((r) => [r.id, r]));
    for (let p = row.parent_id; p != null && path.length < 100; p = rowById.get(p)?.parent_id ?? null) {
      const parent = rowById.get(p);
      if (!parent) break;
      path.unshift({ id: String(parent.id), name: parent.name });
    }
    return { ...byId.get(row.id)!, path };
  }

  async get(id: unknown, params: ProviderParams) {
    requireAdmin(params);
    noQuery(params);
    return this.out(this.ctx.db, routeId(id, "Category"));
  }

  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const categoryId = routeId(id, "Category");
    const input = parseBody(categoryPatch, data);
    noQuery(params);
    const { db } = this.ctx;
    const row = await this.rowOf(db, categoryId);
    const rows = await treeRows(db, row.type, row.customer_id);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const kids = childrenOf(rows);
    const descendants = (rootId: number): number[] => {
      const out: number[] = [];
      const stack = [rootId];
      while (stack.length) {
        const n = stack.pop()!;
        out.push(n);
        for (const c of kids.get(n) ?? []) stack.push(c.id);
      }
      return out;
    };

    // where it goes
    const oldParent = row.parent_id != null && byId.has(row.parent_id) ? row.parent_id : 0;
    let newParent = oldParent;
    if (input.parentId !== undefined) {
      if (input.parentId === null) newParent = 0;
      else {
        const parent = await this.rowOf(db, input.parentId);
        if (parent.type !== row.type || (parent.customer_id ?? null) !== (row.customer_id ?? null)) {
          throw fieldErrors({ parentId: "must be a category of the same tree" });
        }
        if (descendants(row.id).includes(parent.id)) throw fieldErrors({ parentId: UNDER_ITSELF });
        newParent = parent.id;
      }
    }
    const moved = newParent !== oldParent;
    const siblings = (kids.get(newParent) ?? []).filter((r) => r.id !== row.id);
    if (moved && siblings.some((s) => s.slug === row.slug))
      throw new Conflict("A category with this address already exists there");
    const current = (kids.get(oldParent) ?? []).findIndex((r) => r.id === row.id);
    let index = moved ? siblings.length : current;
    if (input.position !== undefined) index = newIndex(0, siblings.length + 1, { position: input.position });
    else if (input.move !== undefined) index = newIndex(current, siblings.length + 1, { move: input.move });
    siblings.splice(index, 0, row);
    kids.set(newParent, siblings);
    if (moved)
      kids.set(
        oldParent,
        (kids.get(oldParent) ?? []).filter((r) => r.id !== row.id),
      );

    // the whole tree renumbered in display order (depth first), addresses of a moved subtree rebuilt
    const updates = new Map<number, Record<string, unknown>>();
    const set = (r: CatRow, values: Record<string, unknown>) =>
      updates.set(r.id, { ...(updates.get(r.id) ?? {}), ...values });
    // a category hidden (or shown) hides (or shows) everything below it; moved under a hidden one, it is hidden too
    const subtree = new Set(descendants(row.id));
    const underHidden = moved && newParent !== 0 && !!byId.get(newParent)!.is_inactive;
    let order = 0;
    const walk = (parent: number, prefix: string | null, rebuild: boolean) => {
      for (const r of kids.get(parent) ?? []) {
        if (r.display_order !== order) set(r, { display_order: order });
        order++;
        const again = rebuild || (moved && r.id === row.id);
        const fullSlug = prefix ? `${prefix}/${r.slug}` : r.slug;
        if (again && fullSlug !== r.full_slug) set(r, { full_slug: fullSlug });
        if (r.id === row.id && moved) set(r, { parent_id: newParent === 0 ? null : newParent });
        let isHidden = !!r.is_inactive;
        if (subtree.has(r.id) && input.isHidden !== undefined) isHidden = input.isHidden;
        if (subtree.has(r.id) && underHidden) isHidden = true;
        if (isHidden !== !!r.is_inactive) set(r, { is_inactive: isHidden });
        walk(r.id, again ? fullSlug : r.full_slug, again);
      }
    };
    walk(0, null, false);
    const name = input.name ?? row.name;
    if (name !== row.name) set(row, { name });
    if (!updates.size) return this.out(db, row.id);

    const before = await this.out(db, row.id);
    const now = this.ctx.now();
    await db.transaction(async (trx) => {
      for (const [rid, values] of updates) await trx("categories").where("id", rid).update(values);
      const what = [
        name !== row.name ? `renamed '${row.name}' → '${name}'` : null,
        moved ? "moved" : null,
        input.position !== undefined || input.move !== undefined ? "reordered" : null,
        input.isHidden !== undefined && input.isHidden !== !!row.is_inactive
          ? input.isHidden
            ? "hidden"
            : "shown"
          : null,
      ].filter(Boolean);
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        customerId: row.customer_id,
        service: "admin/category",
        method: "patch",
        recordId: row.id,
        summary: `Category '${row.name}' ${what.join(", ") || "reordered"}`.slice(0, 500),
        before: {
          name: before.name,
          parentId: before.parentId,
          position: before.position,
          isHidden: before.isHidden,
          fullSlug: before.fullSlug,
        },
        after: {
          name,
          parentId: newParent === 0 ? null : String(newParent),
          position: index + 1,
          isHidden: input.isHidden ?? !!row.is_inactive,
        },
      });
    });
    return this.out(db, row.id);
  }
}
