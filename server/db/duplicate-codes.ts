import type { Knex } from "knex";
import { json } from "../services/base";
import { basketStateSchema } from "../services/basket-session";

/**
 * Item codes named by more than one catalogue row (issue 33 item 1, decision 155). Products and their variants are
 * rows of `items` alike, so one code is one row, whichever kind: migration 020 makes that the database's rule, and
 * stops, naming the codes and the command below, where an older database breaks it. The command lists them and
 * merges each code's rows into its oldest.
 */

/** What an operator runs to repair duplicate codes (server/cli.ts). */
export const REPAIR_COMMAND = "npm run provider -- items duplicates --merge";

export interface DuplicateCode {
  code: string;
  /** oldest (lowest id) first: the first is the one kept */
  ids: number[];
}

export async function findDuplicateCodes(db: Knex): Promise<DuplicateCode[]> {
  const codes = await db("items")
    .groupBy("item_code")
    .havingRaw("count(*) > 1")
    .orderBy("item_code")
    .pluck("item_code");
  if (!codes.length) return [];
  const rows: Array<{ id: number; item_code: string }> = await db("items")
    .whereIn("item_code", codes)
    .orderBy("id")
    .select("id", "item_code");
  return codes.map((code: string) => ({
    code,
    ids: rows.filter((r) => r.item_code === code).map((r) => Number(r.id)),
  }));
}

/** The migration's refusal: the codes (at most 20 named) and how to repair them. */
export function duplicatesMessage(duplicates: DuplicateCode[]): string {
  const named = duplicates
    .slice(0, 20)
    .map((d) => `${d.code} (items ${d.ids.join(", ")})`)
    .join("; ");
  const more = duplicates.length > 20 ? ` and ${duplicates.length - 20} more` : "";
  return (
    `Migration 020 stopped: ${duplicates.length} item ${duplicates.length === 1 ? "code names" : "codes name"} more ` +
    `than one catalogue row: ${named}${more}. Nothing was changed. Merge them with \`${REPAIR_COMMAND}\` ` +
    `(it keeps each code's oldest row and moves everything that pointed at the others to it), then start the provider ` +
    `or run \`npm run provider -- migrate\` again.`
  );
}

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
