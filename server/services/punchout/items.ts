/** Punchout items (decision 110): the auxiliary id, a basket pre-filled from ItemOut lines, a transferred line's catalogue facts. */
import type { Knex } from "knex";
import { json } from "../base";
import { EMPTY_BASKET, type BasketState } from "../basket-session";

// ---------------------------------------------------------------------------------------------------------------
// The auxiliary id

const AUX = /^I(\d{1,15})(?:-T(\d{1,15}))?$/;

/** "I<item id>-T<transfer id>" (decision 110). */
export const auxIdOf = (itemId: number, transferId: number) => `I${itemId}-T${transferId}`;

/** The item id and (when there) transfer id an auxiliary id names; null for any other text. */
export function parseAuxId(aux: string | null | undefined): { itemId: number; transferId: number | null } | null {
  const match = AUX.exec((aux ?? "").trim());
  if (!match) return null;
  return { itemId: Number(match[1]), transferId: match[2] === undefined ? null : Number(match[2]) };
}

// ---------------------------------------------------------------------------------------------------------------
// Items as basket and transfer lines

export interface CatalogueItem {
  id: number;
  parent_id: number | null;
  matrix_type: string | null;
  display_name: string;
  item_code: string;
  price: unknown;
  default_image: string | null;
  images_json: string | null;
  size: string | null;
  leg_length: string | null;
  color: string | null;
  finish: string | null;
  logo: string | null;
  in_stock: unknown;
  is_inactive: unknown;
}

export const ITEM_COLUMNS = [
  "id",
  "parent_id",
  "matrix_type",
  "display_name",
  "item_code",
  "price",
  "default_image",
  "images_json",
  "size",
  "leg_length",
  "color",
  "finish",
  "logo",
  "in_stock",
  "is_inactive",
];

export const truthy = (v: unknown) => v === true || v === 1 || v === "1";

/** The variant's options, as the portal's basket lines carry them (app/domain/matrix.ts MATRIX_OPTIONS). */
function optionsOf(item: CatalogueItem): Record<string, string> | undefined {
  const entries = Object.entries({
    size: item.size,
    legLength: item.leg_length,
    color: item.color,
    finish: item.finish,
    logo: item.logo,
  }).filter((e): e is [string, string] => typeof e[1] === "string" && e[1] !== "");
  return entries.length ? Object.fromEntries(entries) : undefined;
}

const OPTION_LABELS: Record<string, string> = {
  size: "Size",
  legLength: "Leg length",
  color: "Colour",
  finish: "Finish",
  logo: "Logo",
};

/** "Hi-Vis Jacket (Size M, Colour Yellow)": the product's name and the variant's options. */
export function describe(item: CatalogueItem, parent: CatalogueItem | undefined): string {
  const options = Object.entries(optionsOf(item) ?? {}).map(([k, v]) => `${OPTION_LABELS[k]} ${v}`);
  const name = parent?.display_name ?? item.display_name;
  return options.length ? `${name} (${options.join(", ")})` : name;
}

/**
 * Days to delivery a line is quoted with: the catalogue holds no lead times, so stock items are quoted 3 working
 * days and items made or bought to order 10 (decision 110).
 */
export const LEAD_TIME_DAYS = { inStock: 3, toOrder: 10 };

// ---------------------------------------------------------------------------------------------------------------
// Start: the edit / inspect lines as the session's basket

export interface ItemOut {
  supplierPartId: string;
  supplierPartAuxiliaryId?: string;
  quantity: number;
  description?: string;
}

export interface UnknownItem {
  supplierPartId: string;
  supplierPartAuxiliaryId: string | null;
  description: string | null;
}

/**
 * The ItemOut lines that name an orderable catalogue item — by the auxiliary id's item whose SKU is the
 * SupplierPartID, else (a line this portal did not write) by the SKU alone — as basket lines; the others are
 * answered as unknown. Quantities of one item add up, at most the basket's 99 a line.
 */
export async function basketFromItems(
  db: Knex,
  items: readonly ItemOut[],
): Promise<{ state: BasketState; unknownItems: UnknownItem[] }> {
  const auxIds = items
    .map((i) => parseAuxId(i.supplierPartAuxiliaryId)?.itemId)
    .filter((id): id is number => id !== undefined);
  const codes = items.map((i) => i.supplierPartId.trim());
  const rows: CatalogueItem[] = items.length
    ? await db("items")
        .where((w) => {
          w.whereIn("id", auxIds.length ? auxIds : [-1]).orWhereIn("item_code", codes);
        })
        .orderBy("id")
        .select(ITEM_COLUMNS)
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const orderable = (r: CatalogueItem | undefined) =>
    !!r && !truthy(r.is_inactive) && r.matrix_type !== "parent" && r.price != null;
  const state: BasketState = structuredClone(EMPTY_BASKET);
  const unknownItems: UnknownItem[] = [];
  const parentIds = rows.map((r) => r.parent_id).filter((id): id is number => id != null);
  const parents: CatalogueItem[] = parentIds.length
    ? await db("items")
        .whereIn("id", [...new Set(parentIds)])
        .select(ITEM_COLUMNS)
    : [];
  const parentById = new Map(parents.map((r) => [r.id, r]));
  for (const line of items) {
    const aux = parseAuxId(line.supplierPartAuxiliaryId);
    const code = line.supplierPartId.trim().toLowerCase();
    const item = aux ? byId.get(aux.itemId) : rows.find((r) => r.item_code.toLowerCase() === code && orderable(r));
    if (!item || item.item_code.toLowerCase() !== code || !orderable(item)) {
      unknownItems.push({
        supplierPartId: line.supplierPartId,
        supplierPartAuxiliaryId: line.supplierPartAuxiliaryId ?? null,
        description: line.description ?? null,
      });
      continue;
    }
    const existing = state.stock.find((l) => l.productId === String(item.id));
    if (existing) {
      existing.qty = Math.min(99, existing.qty + line.quantity);
      continue;
    }
    const parent = item.parent_id == null ? undefined : parentById.get(item.parent_id);
    const images = json<Record<string, string[]>>(item.images_json ?? parent?.images_json, {});
    state.stock.push({
      productId: String(item.id),
      parentId: String(item.parent_id ?? item.id),
      qty: Math.min(99, line.quantity),
      name: item.display_name,
      price: Number(item.price),
      thumbnail: item.default_image ?? parent?.default_image ?? Object.values(images)[0]?.[0] ?? null,
      ...(optionsOf(item) && { options: optionsOf(item) }),
    });
  }
  return { state, unknownItems };
}

/**
 * The UNSPSC code of each item (a variant shares its product's class_id): its category's code, else the nearest
 * ancestor category's, else null (decision 107). A handful of queries whatever the number of items.
 */
export async function unspscForItems(db: Knex, itemIds: readonly number[]): Promise<Map<number, string | null>> {
  const items: Array<{ id: number; class_id: number | null }> = itemIds.length
    ? await db("items")
        .whereIn("id", [...new Set(itemIds)])
        .select("id", "class_id")
    : [];
  const categories = new Map<number, { parent_id: number | null; unspsc: string | null }>();
  let wanted = [...new Set(items.map((i) => i.class_id).filter((c): c is number => c != null))];
  for (let depth = 0; wanted.length && depth < 20; depth++) {
    const rows: Array<{ id: number; parent_id: number | null; unspsc: string | null }> = await db("categories")
      .whereIn("id", wanted)
      .select("id", "parent_id", "unspsc");
    for (const r of rows) categories.set(r.id, { parent_id: r.parent_id, unspsc: r.unspsc });
    wanted = [
      ...new Set(
        rows.filter((r) => !r.unspsc && r.parent_id != null && !categories.has(r.parent_id)).map((r) => r.parent_id!),
      ),
    ];
  }
  const codeOf = (categoryId: number | null): string | null => {
    for (let id = categoryId, depth = 0; id != null && depth < 20; depth++) {
      const category = categories.get(id);
      if (!category) return null;
      if (category.unspsc) return category.unspsc;
      id = category.parent_id;
    }
    return null;
  };
  return new Map(items.map((i) => [i.id, codeOf(i.class_id)]));
}
