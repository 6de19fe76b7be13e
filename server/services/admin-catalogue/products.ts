/** GET /api/admin/product: products to pick, and one product by id. */
import { NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { canExist, fieldErrors, listQuery, pageOf, type AdminCtx, adminQuery } from "../admin-common";
import type { ProviderParams } from "../base";
import { FOUND_RANK, joinFound, searchProducts } from "../item-search";

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
    const q = adminQuery(params, productQuery);
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
