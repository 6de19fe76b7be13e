/**
 * Turns the catalogue content model into rows: categories (the shared 'full' tree and each customer's
 * 'my' and 'manpack' trees), matrix parents and their variants, catalogue memberships and sector
 * products. At large scale it adds generated product ranges until the item count is reached.
 */
import {
  CATEGORIES,
  PRODUCTS,
  SECTORS,
  expandVariants,
  imagePath,
  slugify,
  type CustomerKey,
  type ProductDef,
} from "./catalogue";
import { CUSTOMERS } from "./organisations";
import type { Row, TableRows } from "./insert";
import type { Rng } from "./prng";

/** What the order generator needs to know about a sellable variant. */
export interface SellableItem {
  id: number;
  parentId: number;
  code: string;
  name: string;
  price: number;
  step: number;
  thumbnail: string;
}

export interface CatalogueResult {
  tables: TableRows;
  /** per customer, the variants it can order (its "my" catalogue) */
  sellable: Record<CustomerKey, SellableItem[]>;
  itemCount: number;
}

export const FIRST_ITEM_ID = 20_001;

const ALLOCATION_GROUP: Record<string, string> = {
  vest: "Outerwear",
  jacket: "Outerwear",
  coverall: "Outerwear",
  polo: "Tops",
  tunic: "Tops",
  trousers: "Bottoms",
  boot: "Footwear",
  glove: "PPE",
  helmet: "PPE",
  glasses: "PPE",
};

/** Fictional ranges used to grow the catalogue at large scale. */
const RANGES = [
  "ProGuard",
  "SiteMaster",
  "Endurance",
  "Heritage",
  "Vanguard",
  "Coastline",
  "Ironbridge",
  "Pennine",
  "Kestrel",
  "Summit",
];

function categoryRows() {
  const rows: Row[] = [];
  const fullIds = new Map<string, number>();
  const slugOf = (key: string): string => {
    const def = CATEGORIES.find((c) => c.key === key)!;
    return def.parent ? `${slugOf(def.parent)}/${def.key}` : def.key;
  };
  const addTree = (baseId: number, type: string, customerId: number | null, keep: (key: string) => boolean) => {
    const ids = new Map<string, number>();
    CATEGORIES.forEach((def, i) => {
      if (!keep(def.key)) return;
      const id = baseId + i;
      ids.set(def.key, id);
      rows.push({
        id,
        parent_id: def.parent ? ids.get(def.parent)! : null,
        customer_id: customerId,
        type,
        name: def.name,
        slug: def.key,
        full_slug: slugOf(def.key),
        display_order: i,
        image: null,
        is_inactive: false,
      });
    });
    return ids;
  };
  addTree(10, "full", null, () => true).forEach((id, key) => fullIds.set(key, id));
  const perCustomer = CUSTOMERS.map((customer, c) => {
    const visible = new Set<string>();
    for (const p of PRODUCTS.filter((p) => p.customers.includes(customer.key))) {
      visible.add(p.category);
      visible.add(CATEGORIES.find((d) => d.key === p.category)!.parent!);
    }
    return {
      key: customer.key,
      my: addTree(100 + c * 100, "my", customer.id, (k) => visible.has(k)),
      manpack: addTree(1000 + c * 100, "manpack", customer.id, (k) => visible.has(k)),
    };
  });
  return { rows, fullIds, perCustomer };
}

interface ItemBuild {
  items: Row[];
  itemCategories: Row[];
  parents: { product: ProductDef; id: number }[];
  sellable: Record<CustomerKey, SellableItem[]>;
}

function itemRows(
  product: ProductDef,
  displayName: string,
  code: string,
  startId: number,
  classId: number,
  created: string,
  build: ItemBuild,
  memberships: number[],
): number {
  const parentId = startId;
  const images = Object.fromEntries(product.colors.map((c) => [c.name.toLowerCase(), [imagePath(product, c)]]));
  const defaultImage = imagePath(product, product.colors[0]);
  const longDesc = [
    `<p>${product.description}</p>`,
    product.standards.length ? `<p>Certified to ${product.standards.join(", ")}.</p>` : "",
    `<ul>${product.features.map(([h, s]) => `<li><strong>${h}</strong> – ${s}</li>`).join("")}</ul>`,
  ].join("");
  const common = {
    description: product.description,
    long_desc: longDesc,
    class_id: classId,
    in_stock: product.inStock,
    is_special_order: !product.inStock,
    is_drop_ship: product.code === "SB120",
    has_finish: Boolean(product.finishes),
    en_standards_json: JSON.stringify(product.standards),
    features_json: JSON.stringify(product.features.map(([heading, subheading]) => ({ heading, subheading }))),
    quantity_step: product.reorderMultiple ?? 1,
    minimum_sale_quantity: product.minimumSaleQuantity ?? 1,
    allocation_type: ALLOCATION_GROUP[product.shape],
    item_points: product.points,
    is_inactive: false,
    created_at: created,
  };
  const template = [
    `${displayName} - {color} / {size}`,
    product.legLengths ? " / {legLength}" : "",
    product.finishes ? " / {finish}" : "",
  ].join("");
  build.items.push({
    id: parentId,
    parent_id: null,
    matrix_type: "parent",
    matrix_item_name_template: template,
    display_name: displayName,
    item_code: code,
    slug: slugify(displayName === product.name ? displayName : `${displayName}-${code}`),
    price: product.price,
    visible_in_catalogue: true,
    size: null,
    leg_length: null,
    color: null,
    finish: null,
    logo: null,
    images_json: JSON.stringify(images),
    default_image: defaultImage,
    search_text: `${displayName} ${code} ${product.description}`.toLowerCase(),
    ...common,
  });
  for (const categoryId of memberships) build.itemCategories.push({ item_id: parentId, category_id: categoryId });
  build.parents.push({ product, id: parentId });
  let id = parentId;
  const customers = product.customers;
  for (const v of expandVariants(product)) {
    id += 1;
    const variantCode = v.code.replace(product.code, code);
    const name = [`${displayName} - ${v.color.name} / ${v.size}`, v.legLength, v.finish].filter(Boolean).join(" / ");
    const thumbnail = imagePath(product, v.color);
    build.items.push({
      id,
      parent_id: parentId,
      matrix_type: "child",
      matrix_item_name_template: null,
      display_name: name,
      item_code: variantCode,
      slug: slugify(variantCode),
      price: v.price,
      visible_in_catalogue: false,
      size: v.size,
      leg_length: v.legLength ?? null,
      color: v.color.name,
      finish: v.finish ?? null,
      logo: v.finish === "Embroidered Logo" ? "Left Breast Logo" : null,
      images_json: JSON.stringify({ [v.color.name.toLowerCase()]: [thumbnail] }),
      default_image: thumbnail,
      search_text: `${name} ${variantCode}`.toLowerCase(),
      ...common,
    });
    const sellable: SellableItem = {
      id,
      parentId,
      code: variantCode,
      name,
      price: v.price,
      step: common.quantity_step,
      thumbnail,
    };
    for (const c of customers) build.sellable[c].push(sellable);
  }
  return id + 1;
}

export function buildCatalogue(opts: { targetItems: number; rng: Rng; created: string }): CatalogueResult {
  const cats = categoryRows();
  const build: ItemBuild = {
    items: [],
    itemCategories: [],
    parents: [],
    sellable: { northwind: [], harbour: [], apex: [] },
  };
  const membershipsOf = (product: ProductDef): number[] =>
    cats.perCustomer
      .filter((c) => product.customers.includes(c.key))
      .flatMap((c) => [c.my.get(product.category)!, c.manpack.get(product.category)!]);

  let nextId = FIRST_ITEM_ID;
  for (const product of PRODUCTS) {
    nextId = itemRows(
      product,
      product.name,
      product.code,
      nextId,
      cats.fullIds.get(product.category)!,
      opts.created,
      build,
      membershipsOf(product),
    );
  }
  const demoParents = build.parents.slice();
  // Large scale: whole extra ranges (each product again under a range name) until the target is met.
  // They live in the shared full catalogue; every fifth one joins its customers' "my" catalogues.
  for (let n = 0; build.items.length < opts.targetItems; n++) {
    const base = PRODUCTS[n % PRODUCTS.length];
    const range = RANGES[Math.floor(n / PRODUCTS.length) % RANGES.length];
    const series = Math.floor(n / (PRODUCTS.length * RANGES.length)) + 1;
    const product: ProductDef = {
      ...base,
      colors: opts.rng.sample(base.colors, Math.min(2, base.colors.length)),
      price: Math.round(base.price * (0.85 + opts.rng.next() * 0.4) * 100) / 100,
      inStock: opts.rng.chance(0.7),
    };
    const code = `${base.code}-${range.slice(0, 2).toUpperCase()}${series}`;
    const name = `${range} ${base.name}${series > 1 ? ` Mk ${series}` : ""}`;
    nextId = itemRows(
      product,
      name,
      code,
      nextId,
      cats.fullIds.get(base.category)!,
      opts.created,
      build,
      n % 5 === 0 ? membershipsOf(product) : [],
    );
  }

  const sectorIds = new Map(SECTORS.map((s, i) => [s.key, i + 1]));
  const sectorProducts = demoParents.flatMap(({ product, id }) =>
    (product.sectors ?? []).map((s) => ({ sector_id: sectorIds.get(s)!, item_id: id })),
  );
  const idOf = (code: string) => demoParents.find((p) => p.product.code === code)!.id;
  const catalogueDefs: {
    id: number;
    customer: CustomerKey;
    type: string;
    name: string;
    contactId: number | null;
    codes: string[];
  }[] = [
    {
      id: 1,
      customer: "northwind",
      type: "custom",
      name: "Northwind Site Essentials",
      contactId: null,
      codes: ["HV100", "PS100", "WT100", "SB100", "GL100", "PP110"],
    },
    {
      id: 2,
      customer: "northwind",
      type: "user",
      name: "Engineers' Kit",
      contactId: 5001,
      codes: ["WT110", "JK110", "SB110", "GL110", "PP100"],
    },
    {
      id: 3,
      customer: "harbour",
      type: "smi",
      name: "Ward Stock (SMI)",
      contactId: null,
      codes: ["HC100", "HC110", "HC200", "HC210", "GL200"],
    },
    {
      id: 4,
      customer: "harbour",
      type: "user",
      name: "Community Nursing Kit",
      contactId: 6001,
      codes: ["HC120", "HC300", "JK100", "ST110"],
    },
    {
      id: 5,
      customer: "apex",
      type: "custom",
      name: "Apex Trackside Kit",
      contactId: null,
      codes: ["HV220", "HV310", "SB120", "FR110", "GL120"],
    },
  ];
  const customerId = (key: CustomerKey) => CUSTOMERS.find((c) => c.key === key)!.id;
  return {
    tables: {
      categories: cats.rows,
      catalogues: catalogueDefs.map((c) => ({
        id: c.id,
        customer_id: customerId(c.customer),
        type: c.type,
        name: c.name,
        contact_id: c.contactId,
      })),
      items: build.items,
      item_categories: build.itemCategories,
      catalogue_items: catalogueDefs.flatMap((c) =>
        c.codes.map((code) => ({ catalogue_id: c.id, item_id: idOf(code) })),
      ),
      sector_products: sectorProducts,
    },
    sellable: build.sellable,
    itemCount: build.items.length,
  };
}

export const SECTOR_ROWS: Row[] = SECTORS.map((s, i) => ({ id: i + 1, name: s.name }));
