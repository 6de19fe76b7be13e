import { Conflict, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { writeAudit } from "../admin-audit";
import {
  canExist,
  fieldErrors,
  idInput,
  noQuery,
  parseBody,
  requireAdmin,
  requireCustomerRow,
  routeId,
  type AdminCtx,
  adminQuery,
} from "../admin-common";
import type { ProviderParams } from "../base";
import { childrenOf, itemCounts, nodesOf, treeRows, type CatRow } from "./category-tree";
import { moveInput, newIndex, positionInput } from "./my-catalogue";

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
    const q = adminQuery(params, treeQuery);
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
