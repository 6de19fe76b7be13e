/** /api/admin/my-catalogue: a customer's my catalogue, its entries and their positions. */
import { Conflict, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { writeAudit } from "../admin-audit";
import {
  canExist,
  fieldErrors,
  idInput,
  listQuery,
  parseBody,
  parseQuery,
  adminWrite,
  requireAdmin,
  requireCustomerRow,
  routeId,
  type AdminCtx,
  type Page,
  adminQuery,
} from "../admin-common";
import type { ProviderParams } from "../base";
import { productOut, requireProduct } from "./products";

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

export const moveInput = z.enum(["up", "down"], { errorMap: () => ({ message: "must be up or down" }) });

export const positionInput = z
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
    const q = adminQuery(params, myQuery);
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
    const { caller, db, now } = adminWrite(this.ctx, params);
    const { customer, list, index, itemId } = await this.entryOf(id, params);
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
