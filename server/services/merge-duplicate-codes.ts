import type { Knex } from "knex";
import { findDuplicateCodes } from "../db/duplicate-codes";
import { json } from "./base";
import { basketStateSchema } from "./basket-session";

// The repair of duplicate item codes (issue 33 item 1, decision 155): `npm run provider -- items duplicates --merge`.

/**
 * The columns that point at an item. `key`: the other columns of a unique key the column is part of — a row moved
 * onto the kept item where the kept item already has one with the same key is dropped instead (its twin stays).
 */
const REFERENCES: Array<{ table: string; column: string; key?: string[]; label: string }> = [
  { table: "items", column: "parent_id", label: "variants" },
  { table: "order_lines", column: "item_id", label: "order lines" },
  { table: "order_lines", column: "parent_item_id", label: "order lines (product)" },
  { table: "despatch_lines", column: "item_id", label: "despatch lines" },
  { table: "saved_basket_items", column: "item_id", label: "saved basket lines" },
  { table: "saved_basket_items", column: "parent_id", label: "saved basket lines (product)" },
  { table: "item_categories", column: "item_id", key: ["category_id"], label: "category links" },
  { table: "catalogue_items", column: "item_id", key: ["catalogue_id"], label: "catalogue links" },
  { table: "sector_products", column: "item_id", key: ["sector_id"], label: "sector links" },
  { table: "my_catalogue_positions", column: "item_id", key: ["customer_id"], label: "my-catalogue positions" },
  { table: "wish_list", column: "item_id", key: ["user_id", "customer_id"], label: "wish-list entries" },
  { table: "entitlements", column: "item_id", label: "entitlements" },
  { table: "promotions", column: "item_id", label: "promotions" },
];

export interface MergeReport {
  code: string;
  kept: number;
  removed: number[];
  /** label → rows moved to the kept item (dropped twins counted under "… dropped") */
  moved: Record<string, number>;
}

/** Points every reference of `from` at `to`; answers the counts by label. */
async function moveReferences(trx: Knex, from: number[], to: number, moved: Record<string, number>): Promise<void> {
  const add = (label: string, n: number) => {
    if (n > 0) moved[label] = (moved[label] ?? 0) + n;
  };
  for (const ref of REFERENCES) {
    if (ref.key) {
      // a twin the kept item already has is dropped; the rest move
      const twins = await trx(ref.table)
        .whereIn(ref.column, from)
        .whereExists(function () {
          this.select(trx.raw("1"))
            .from(`${ref.table} as kept`)
            .where(`kept.${ref.column}`, to)
            .andWhere((w) => {
              for (const k of ref.key!) w.whereRaw(`kept.?? = ??.??`, [k, ref.table, k]);
            });
        })
        .delete();
      add(`${ref.label} dropped (the kept item had them)`, twins);
    }
    add(
      ref.label,
      await trx(ref.table)
        .whereIn(ref.column, from)
        .update({ [ref.column]: to }),
    );
  }
  // the live baskets (JSON): product and parent ids are strings there (the provider's id rule)
  const fromIds = new Set(from.map(String));
  const baskets = await trx("basket_sessions").select("id", "state_json");
  for (const b of baskets) {
    const parsed = basketStateSchema.safeParse(json(b.state_json, null));
    if (!parsed.success) continue;
    const state = parsed.data;
    let changed = 0;
    for (const line of [...state.stock, ...state.manpack.flatMap((p) => p.data)]) {
      if (fromIds.has(line.productId)) ((line.productId = String(to)), changed++);
      if (line.parentId && fromIds.has(line.parentId)) ((line.parentId = String(to)), changed++);
    }
    if (!changed) continue;
    await trx("basket_sessions")
      .where("id", b.id)
      .update({ state_json: JSON.stringify(state), version: trx.raw("version + 1") });
    add("basket lines", changed);
  }
}

/**
 * Merges every duplicate code's rows into its oldest row, in one transaction: order, despatch and basket lines,
 * catalogue and category links, variants and the rest point at the kept row, the others are deleted. The kept row's
 * own fields stay (the next ERP pull brings them in step). Answers what was done, code by code.
 */
export async function mergeDuplicateCodes(db: Knex): Promise<MergeReport[]> {
  return db.transaction(async (trx) => {
    const reports: MergeReport[] = [];
    for (const { code, ids } of await findDuplicateCodes(trx)) {
      const [kept, ...removed] = ids;
      const moved: Record<string, number> = {};
      await moveReferences(trx, removed, kept, moved);
      // a kept variant whose product was one of the removed rows would now name itself: it has no product
      await trx("items").where("id", kept).where("parent_id", kept).update({ parent_id: null });
      await trx("items").whereIn("id", removed).delete();
      reports.push({ code, kept, removed, moved });
    }
    return reports;
  });
}
