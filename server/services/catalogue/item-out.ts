/** An item as the API answers it (prices hidden where the caller may not see them). */
import { type Caller } from "../../auth/caller";
import { json } from "../base";
import { pricesHiddenFrom } from "../prices-hidden";

// ---------------------------------------------------------------- items

export interface ItemOut {
  internalId: string;
  integerId: number;
  displayName: string;
  itemId: string;
  slug: string | null;
  [key: string]: unknown;
}

export function itemOut(r: any, caller: Caller): ItemOut {
  const hidePrice = pricesHiddenFrom(caller);
  return {
    internalId: String(r.id),
    integerId: r.id,
    displayName: r.display_name,
    itemId: r.item_code,
    slug: r.slug ?? null,
    description: r.description,
    longDesc: r.long_desc,
    price: hidePrice || r.price == null ? null : Number(r.price),
    class: r.class_id == null ? null : { internalId: String(r.class_id), name: r.class_name ?? null },
    parent: r.parent_id == null ? null : { internalId: String(r.parent_id) },
    matrixType: r.matrix_type ?? null,
    matrixItemNameTemplate: r.matrix_item_name_template ?? null,
    inStock: !!r.in_stock,
    isSpecialOrder: !!r.is_special_order,
    isDropShip: !!r.is_drop_ship,
    hasFinish: !!r.has_finish,
    isInactive: !!r.is_inactive,
    options: {
      size: r.size ?? null,
      legLength: r.leg_length ?? null,
      color: r.color ?? null,
      finish: r.finish ?? null,
      logo: r.logo ?? null,
    },
    enStandards: json(r.en_standards_json, []),
    features: json(r.features_json, []),
    images: json(r.images_json, {}),
    defaultImage: r.default_image ?? null,
    quantityStep: r.quantity_step ?? 1,
    minimumSaleQuantity: r.minimum_sale_quantity ?? 1,
    allocationType: r.allocation_type ?? null,
    itemPoints: r.item_points ?? null,
  };
}

/** A variant inside its parent: what differs between variants (texts, standards and features are the parent's). */
export function simpleOut(r: any, caller: Caller) {
  const { description: _d, longDesc: _l, features: _f, enStandards: _e, class: _c, ...rest } = itemOut(r, caller);
  return rest;
}
