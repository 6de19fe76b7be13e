import { Forbidden, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { has, type Caller } from "../../auth/caller";
import { invalid, whereContains, type FieldSpec, type ParsedQuery } from "../../query/dialect";
import { byKey, idOf, ListService, requireCustomer, scopeOf, type Ctx, type ListDef } from "../base";
import { FOUND_RANK, joinFound, searchProducts } from "../item-search";
import { visibleCategories } from "./categories";
import { itemOut, simpleOut, type ItemOut } from "./item-out";

/** ids of a category and every category below it (full_slug prefix), visible to the customer. */
function categorySubtree(db: Knex, categoryId: number, customerId: number | null) {
  const self = db("categories").where("id", categoryId).select("full_slug");
  return visibleCategories(db, customerId)
    .where((w) => {
      w.where("categories.id", categoryId).orWhereRaw("categories.full_slug like (?) || '/%'", [self]);
    })
    .select("categories.id");
}

function inCategories(db: Knex, qb: Knex.QueryBuilder, categoryIds: Knex.QueryBuilder) {
  qb.where((w) => {
    w.whereIn("items.class_id", categoryIds.clone()).orWhereIn(
      "items.id",
      db("item_categories").whereIn("category_id", categoryIds.clone()).select("item_id"),
    );
  });
}

const itemFields = (db: Knex, caller: Caller): Record<string, FieldSpec> => ({
  internalId: { type: "int", column: "items.id", sortable: true },
  integerId: { type: "int", column: "items.id" },
  displayName: { type: "string", column: "items.display_name", sortable: true },
  itemId: { type: "string", column: "items.item_code", sortable: true },
  slug: { type: "string", column: "items.slug" },
  price: { type: "number", column: "items.price", sortable: true },
  parent: { type: "int", column: "items.parent_id" },
  inStock: { type: "bool", column: "items.in_stock" },
  isSpecialOrder: { type: "bool", column: "items.is_special_order" },
  isDropShip: { type: "bool", column: "items.is_drop_ship" },
  hasFinish: { type: "bool", column: "items.has_finish" },
  createdDate: { type: "date", column: "items.created_at", sortable: true },
  "class.internalId": {
    type: "int",
    ops: ["eq", "$match", "$in"],
    filter: (qb, op, value) => {
      const ids = (Array.isArray(value) ? value : [value]) as number[];
      const subtree = db("categories").where((w) =>
        ids.forEach((id) => {
          w.orWhereIn("id", categorySubtree(db, id, scopeOf(caller)));
        }),
      );
      inCategories(db, qb, subtree.select("id"));
    },
  },
});

const ITEM_EXTRAS = {
  scope: "string",
  includeChildren: "bool",
  includeFinished: "bool",
  includePricing: "bool",
  includeAllocation: "bool",
  employees: "stringList",
  contactProducts: "bool",
  contactId: "int",
  grade: "string",
  catalogueId: "int",
  catId: "int",
  q: "string",
  en: "string",
  colour: "string",
  ideal: "string",
  catalogue: "string",
  connections: "string",
  menuItemId: "int",
  visibleInCatalogue: "bool",
  filteredCatalogue: "string",
  old_query: "string",
} as const;

/**
 * A wearer's entitlement asked of GET /api/item (decision 096): contactId, grade and contactProducts go with
 * scope=manpack only; contactProducts needs a contactId; the contact must be one of the customer's (else 404; a
 * wp_contact_only caller's own only), and a grade sent with it must be the contact's.
 */
async function checkWearer(db: Knex, caller: Caller, x: Record<string, any>, forcedScope?: "my") {
  if (x.contactId == null && x.grade == null && x.contactProducts == null) return;
  const scope = forcedScope ?? x.scope ?? "all";
  const sent = ["contactId", "grade", "contactProducts"].find((k) => x[k] != null)!;
  if (scope !== "manpack") throw invalid(sent, "goes with scope=manpack only");
  if (x.contactProducts && x.contactId == null) throw invalid("contactProducts", "needs a contactId");
  if (!caller.isEvolveUser && !has(caller, "canViewManpack"))
    throw new Forbidden("Wearer packs are not available to this account");
  if (x.grade != null && !String(x.grade).trim()) throw invalid("grade", "expected a grade");
  if (x.contactId == null) {
    requireCustomer(caller);
    return;
  }
  const contact = await db("contacts")
    .where({ id: x.contactId, customer_id: requireCustomer(caller) })
    .first("id", "grade");
  if (!contact || (caller.wpContactOnly && contact.id !== caller.contactId))
    throw new NotFound(`Contact '${x.contactId}' not found`);
  if (x.grade != null && x.grade !== (contact.grade ?? "")) throw invalid("grade", "is not this contact's grade");
}

/**
 * Only the items the wearer (contactId: their grade's, plus their own with contactProducts=true) or the grade is
 * entitled to; a variant is entitled with its parent. A customer without any entitlement rows has none set up:
 * its whole wearer-pack catalogue is every wearer's (as before entitlements).
 */
function entitledTo(db: Knex, q: Knex.QueryBuilder, customerId: number, x: Record<string, any>) {
  const grade = x.grade ?? db("contacts").where({ id: x.contactId, customer_id: customerId }).select("grade");
  const entitled = db("entitlements")
    .where("entitlements.customer_id", customerId)
    .where((w) => {
      w.where("entitlements.grade", grade);
      if (x.contactProducts && x.contactId != null) w.orWhere("entitlements.contact_id", x.contactId);
    })
    .select("entitlements.item_id");
  q.where((w) => {
    w.whereNotExists(db("entitlements").where("entitlements.customer_id", customerId).select(db.raw("1")))
      .orWhereIn("items.id", entitled.clone())
      .orWhereIn("items.parent_id", entitled.clone());
  });
}

/** The customer's names of allocation types (its budgets', SPEC §3 Contact budget allocationTypeName); else the type itself. */
async function allocationTypeNames(
  db: Knex,
  customerId: number | null,
  types: Array<string | null>,
): Promise<Map<string, string>> {
  const wanted = [...new Set(types.filter((t): t is string => t != null))];
  if (!wanted.length || customerId == null) return new Map();
  const rows: Array<{ type: string; allocation_type_name: string }> = await db("contact_budgets")
    .where("customer_id", customerId)
    .whereIn("type", wanted)
    .whereNotNull("allocation_type_name")
    .distinct("type", "allocation_type_name")
    .orderBy(["type", "allocation_type_name"]);
  const names = new Map<string, string>();
  for (const r of rows) if (!names.has(r.type)) names.set(r.type, r.allocation_type_name);
  return names;
}

/** The products a query's text found (check() searches; base() filters and orders by them). */
const searched = new WeakMap<ParsedQuery, number[]>();

/** GET /api/item (and /api/my-menu-hierarchy with scope 'my'); items are the shared catalogue. */
export function itemsDef(forcedScope?: "my"): ListDef<ItemOut> {
  return {
    what: "Item",
    idColumn: "items.id",
    spec: (ctx, caller) => ({
      fields: itemFields(ctx.db, caller),
      extras: { ...ITEM_EXTRAS },
      defaultSort: [["items.display_name", "asc"]],
      tieBreaker: "items.id",
    }),
    check: async (ctx, caller, parsed) => {
      await checkWearer(ctx.db, caller, parsed.extras as Record<string, any>, forcedScope);
      const text = (parsed.extras as any).q;
      if (text) searched.set(parsed, await searchProducts(ctx.db, String(text)));
      const catalogueId = (parsed.extras as any).catalogueId;
      if (catalogueId == null) return;
      const catalogue = await ctx.db("catalogues").where("id", catalogueId).first();
      const customerId = scopeOf(caller);
      if (!catalogue || (customerId != null && catalogue.customer_id !== customerId))
        throw new NotFound(`Catalogue '${catalogueId}' not found`);
    },
    base: (ctx, caller, parsed) => {
      const { db } = ctx;
      const x = parsed.extras as Record<string, any>;
      const customerId = scopeOf(caller);
      const q = db("items");
      if (!x.includeFinished) q.where("items.is_inactive", false);
      const scope = forcedScope ?? x.scope ?? "all";
      if (!["all", "my", "manpack", "full"].includes(scope))
        throw invalid("scope", "expected all, my, manpack or full");
      if (scope === "my" || scope === "manpack") {
        if (customerId == null) return q.whereRaw("1 = 0");
        inCategories(db, q, visibleCategories(db, customerId, scope).select("categories.id"));
        // the my catalogue in the admin's order (issue 21, decision 131) unless a $sort is asked for
        if (scope === "my" && !parsed.keys.includes("$sort")) {
          q.leftJoin("my_catalogue_positions as mcp", (j) =>
            j.on("mcp.item_id", "items.id").andOn("mcp.customer_id", db.raw("?", [customerId])),
          );
          parsed.sort.unshift(["mcp.position", "asc"]);
        }
      } else if (scope === "full") {
        inCategories(db, q, visibleCategories(db, customerId, "full").select("categories.id"));
      }
      if (scope === "manpack" && customerId != null && (x.contactId != null || x.grade != null))
        entitledTo(db, q, customerId, x);
      if (x.catalogueId != null) {
        q.whereIn("items.id", db("catalogue_items").where("catalogue_id", x.catalogueId).select("item_id"));
      }
      const catId = x.catId ?? x.menuItemId;
      if (catId != null) inCategories(db, q, categorySubtree(db, catId, customerId));
      if (x.visibleInCatalogue != null) q.where("items.visible_in_catalogue", x.visibleInCatalogue);
      if (x.q) {
        // the provider's search (decision 159): its products only, best first unless a $sort is asked for
        const ids = searched.get(parsed) ?? [];
        joinFound(db, q, ids);
        if (!parsed.keys.includes("$sort")) parsed.sort.unshift([FOUND_RANK, "asc"]);
      }
      if (x.en) whereContains(q, "items.en_standards_json", x.en);
      if (x.colour) {
        const colour = String(x.colour).toLowerCase();
        q.where((w) => {
          w.whereRaw("lower(items.color) = ?", [colour]).orWhereExists(
            db("items as c")
              .whereRaw("c.parent_id = items.id")
              .whereRaw("lower(c.color) = ?", [colour])
              .select(db.raw("1")),
          );
        });
      }
      // variants are listed under their parent unless asked for by id / parent
      // a product code (itemId) names one item exactly, so a variant is found by its code too (quick order);
      // leaving some items out (internalId[$ne], [$nin]) asks for no variant, and keeps the listing on its index
      const byIdOrParent = ["internalId", "integerId", "parent", "slug", "itemId"].some(
        (k) => parsed.keys.includes(k) && !parsed.exclusionKeys.includes(k),
      );
      if (!byIdOrParent) q.whereNull("items.parent_id");
      return q;
    },
    // the page is chosen on the index (ids only), then its rows are read in one go: wide rows
    // (descriptions, images) are never read just to be filtered out
    select: (qb) => qb.select("items.id"),
    map: async (ctx, ids, caller, parsed) => {
      const found = ids.length
        ? await ctx
            .db("items")
            .leftJoin("categories as cls", "cls.id", "items.class_id")
            .whereIn(
              "items.id",
              ids.map((r) => r.id),
            )
            .select("items.*", "cls.name as class_name")
        : [];
      const byId = new Map(found.map((r: any) => [r.id, r]));
      const rows = ids.map((r) => byId.get(r.id)).filter(Boolean);
      const out = rows.map((r) => itemOut(r, caller));
      if ((parsed.extras as any).includeAllocation) {
        const names = await allocationTypeNames(
          ctx.db,
          scopeOf(caller),
          rows.map((r) => r.allocation_type),
        );
        out.forEach(
          (o) =>
            (o.allocationTypeName =
              o.allocationType == null ? null : (names.get(String(o.allocationType)) ?? o.allocationType)),
        );
      }
      if ((parsed.extras as any).includeChildren && rows.length) {
        const children = await ctx
          .db("items")
          .whereIn(
            "parent_id",
            rows.map((r) => r.id),
          )
          .where("is_inactive", false)
          .orderBy("id");
        const byParent = byKey(children, (c: any) => c.parent_id);
        out.forEach((o, i) => (o.simples = (byParent.get(rows[i].id) ?? []).map((c) => simpleOut(c, caller))));
      }
      return out;
    },
  };
}

/** Items: variants are reachable by id (GET /api/item/:id), though lists show parents only. */
class ItemService extends ListService<ItemOut> {
  async get(id: unknown, params: any) {
    return super.get(id, { ...params, query: { ...params.query, internalId: String(idOf(id, "Item")) } });
  }
}

export const itemService = (ctx: Ctx, forcedScope?: "my") => new ItemService(ctx, itemsDef(forcedScope));
