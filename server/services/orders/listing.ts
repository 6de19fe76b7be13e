import type { Knex } from "knex";
import type { Caller } from "../../auth/caller";
import type { QuerySpec } from "../../query/dialect";
import { containsPattern, wherePrefix, type ParsedQuery } from "../../query/dialect";
import { cachedCountOf, pageOf, type Page } from "../../query/page";
import { scopeOf, type Ctx, type ListDef } from "../base";
import { attachDetails, orderOut, type OrderOut } from "./output";
import type { OrderRow } from "./rows";
import { visibleOrders } from "./visibility";

// GET /api/order: the query whitelist, the list's extra filters, and the orderedBy search (decision 041).

const orderQuerySpec: QuerySpec = {
  fields: {
    internalId: { type: "int", column: "orders.id", sortable: true },
    tranId: { type: "string", column: "orders.tran_id", sortable: true },
    otherRefNum: { type: "string", column: "orders.other_ref_num", sortable: true },
    createdDate: { type: "date", column: "orders.created_date", sortable: true },
    shipDate: { type: "string", column: "orders.ship_date", sortable: true, ops: ["eq", "$gte", "$lte", "$ne"] },
    orderStatus: { type: "string", column: "orders.order_status", sortable: true },
    status: { type: "string", column: "orders.order_status", sortable: true },
    subTotal: { type: "number", column: "orders.sub_total", sortable: true },
    salesOrderTypeId: { type: "int", column: "orders.sales_order_type_id" },
    contactId: { type: "int", column: "orders.contact_id" },
    webRejected: { type: "bool", column: "orders.web_rejected" },
    pendingWebApproval: { type: "bool", column: "orders.pending_web_approval" },
    decision: { type: "string", column: "orders.decision" },
    depot: {
      type: "int",
      ops: ["eq", "$in"],
      filter: (qb, _op, value) => {
        const ids = (Array.isArray(value) ? value : [value]) as number[];
        // single-address orders carry ship_address_id; only multi-address ones need their ship groups
        qb.where((w) => {
          w.whereIn("orders.ship_address_id", ids).orWhere((m) => {
            m.whereNull("orders.ship_address_id").whereIn("orders.id", (sub) => {
              sub.from("order_ship_groups").whereIn("address_id", ids).select("order_id");
            });
          });
        });
      },
    },
  },
  extras: {
    orderToApprove: "bool",
    includeExtraData: "bool",
    employees: "intList",
    departments: "intList",
    orderedBy: "string",
  },
  defaultSort: [["orders.created_date", "desc"]],
  tieBreaker: "orders.id",
  fastPaging: true,
};

/** The list's extras as parseQuery gives them (per orderQuerySpec.extras). */
interface OrderExtras {
  orderToApprove?: boolean;
  includeExtraData?: boolean;
  employees?: number[];
  departments?: number[];
  orderedBy?: string;
}

const extrasOf = (parsed: ParsedQuery) => parsed.extras as OrderExtras;

/**
 * orderedBy: the contact's name contains the text, or the reference / tranId starts with it ("100123" also
 * finds SO100123). Two sets of index seeks — orders of matching contacts (contacts belong to one customer)
 * and a union of tranId / reference prefix ranges — never a scan of the customer's orders (decision 041).
 *
 * The reference matches of other contacts: one arm per prefix range, each carrying the list's own filters and
 * selecting the id and the sort columns, so that on the covering indexes of migration 008 the matches are
 * filtered and put in order without reading an order row (decision 030). The unary + keeps SQLite from
 * preferring the customer index for the customer test.
 */
function referenceMatches(
  db: Knex,
  caller: Caller,
  parsed: ParsedQuery,
  text: string,
  contacts: number[],
): Knex.QueryBuilder {
  const customerId = scopeOf(caller);
  // distinct prefixes never match the same string unless one extends the other ("SO1" / "SO12" cannot both
  // arise: the set is the text, its upper case, and SO+digits for all-digit text)
  const prefixes = new Set([text, text.toUpperCase()]);
  if (/^\d+$/.test(text)) prefixes.add(`SO${text}`);
  const arms: Array<[string, string]> = [];
  for (const column of ["tran_id", "other_ref_num"]) for (const prefix of prefixes) arms.push([column, prefix]);
  const columns = [...new Set(["orders.id", ...parsed.sort.map(([col]) => col)])];
  const union = db.queryBuilder();
  arms.forEach(([column, prefix], i) => {
    const arm = (q: Knex.QueryBuilder) => {
      ordersBase(db, caller, parsed, false, q.from("orders"));
      q.select(columns).where((w) => wherePrefix(w, `orders.${column}`, prefix));
      if (customerId != null) q.whereRaw("+orders.customer_id = ?", [customerId]);
      if (contacts.length)
        q.where((w) => {
          w.whereNotIn("orders.contact_id", contacts).orWhereNull("orders.contact_id");
        });
      // arms are disjoint (a reference arm skips orders a tranId arm has), so UNION ALL, which is far
      // cheaper than UNION's de-duplication on SQLite
      if (column === "other_ref_num") q.whereNot((w) => prefixes.forEach((p) => wherePrefix(w, "orders.tran_id", p)));
    };
    if (i === 0) arm(union);
    else union.unionAll((u) => arm(u));
  });
  return union;
}

/** Contacts whose name contains the text, resolved first: a literal id list lets the planner use the contact index. */
async function matchingContacts(db: Knex, text: string, customerId: number | null): Promise<number[]> {
  const q = db("contacts")
    .whereRaw("lower(contacts.first_name || ' ' || contacts.last_name) like ? escape '\\'", [containsPattern(text)])
    .limit(5000);
  if (customerId != null) q.where("contacts.customer_id", customerId);
  return (await q.pluck("contacts.id")) as number[];
}

/** Visible orders with the list's extra filters; customerTest false only where another test implies the customer. */
function ordersBase(
  db: Knex,
  caller: Caller,
  parsed: ParsedQuery,
  customerTest = true,
  from?: Knex.QueryBuilder,
): Knex.QueryBuilder {
  const x = extrasOf(parsed);
  const q = visibleOrders(db, caller, { toApprove: x.orderToApprove === true, customerTest, from });
  if (x.employees?.length) {
    q.where((w) => {
      w.whereIn("orders.employee_contact_id", x.employees!).orWhereIn("orders.id", (s) => {
        s.from("order_lines").whereIn("employee_contact_id", x.employees!).select("order_id");
      });
    });
  }
  if (x.departments?.length) q.whereIn("orders.department_id", x.departments);
  for (const c of parsed.conditions) c(q);
  return q;
}

export function ordersDef(): ListDef<OrderOut> {
  return {
    what: "Order",
    idColumn: "orders.id",
    spec: orderQuerySpec,
    // ListService applies the parsed conditions itself
    base: (ctx, caller, parsed) => ordersBase(ctx.db, caller, { ...parsed, conditions: [] }),
    select: (qb) => qb.select("orders.*"),
    map: async (ctx, rows: OrderRow[], caller, parsed) => {
      const out = rows.map((r) => orderOut(r, caller));
      if (extrasOf(parsed).includeExtraData) await attachDetails(ctx.db, out, false);
      return out;
    },
  };
}

/** The orderedBy text of a parsed list query, trimmed; "" when there is none. */
export function orderedByOf(parsed: ParsedQuery): string {
  return String(extrasOf(parsed).orderedBy ?? "").trim();
}

/**
 * Beyond this many orders of the matching contacts the page walks the customer's orders in the list's order (they
 * come soon); up to it, they are read through the contact index and sorted (a walk could pass most orders).
 */
const WALK_FROM = 2000;

/** With orderedBy: total = orders of matching contacts + reference matches of other contacts. */
export async function findOrderedBy(
  ctx: Ctx,
  def: ListDef<OrderOut>,
  caller: Caller,
  parsed: ParsedQuery,
  text: string,
): Promise<Page<OrderOut>> {
  const db = ctx.db;
  const base = ordersBase(db, caller, parsed);
  const contacts = await matchingContacts(db, text, scopeOf(caller));
  const refs = () => referenceMatches(db, caller, parsed, text, contacts);
  const [byContact, byRef] = await Promise.all([
    // the matching contacts are the customer's, so no customer test: a seek on (contact_id, created_date)
    contacts.length
      ? cachedCountOf(ordersBase(db, caller, parsed, false).whereIn("orders.contact_id", contacts))
      : Promise.resolve(0),
    cachedCountOf(db.from(refs().as("matches"))),
  ]);
  const total = byContact + byRef;
  let rows: OrderRow[] = [];
  if (parsed.limit > 0 && total > parsed.skip) {
    // the two match sets are disjoint: take the first skip+limit of each (each on its own index), then
    // merge them — never materialise every match, never walk the whole date index
    const depth = { ...parsed, skip: 0, limit: parsed.skip + parsed.limit };
    const pages: Knex.QueryBuilder[] = [];
    if (byContact > 0) {
      // few: read them through the contact index and sort; many: walk the date index, they come soon
      const filtered = byContact <= WALK_FROM ? ordersBase(db, caller, parsed, false) : base.clone();
      pages.push(pageOf(filtered.whereIn("orders.contact_id", contacts), depth, def.select));
    }
    if (byRef > 0) {
      // the first skip+limit reference matches in the list's order, taken from the union on its indexes; only
      // their rows are read
      const top = db.from(refs().as("m")).select("m.id");
      for (const [col, dir] of parsed.sort) top.orderBy(`m.${col.replace(/^orders\./, "")}`, dir);
      top.limit(depth.limit);
      pages.push(pageOf(db("orders").whereIn("orders.id", top), depth, def.select));
    }
    if (pages.length === 1) rows = await pageOf(db.from(pages[0].as("orders")), parsed, (q) => q.select("*"));
    else {
      const merged = db
        .queryBuilder()
        .select("*")
        .from(pages[0].as("a"))
        .unionAll((u) => {
          u.select("*").from(pages[1].as("b"));
        });
      rows = await pageOf(db.from(merged.as("orders")), parsed, (q) => q.select("*"));
    }
  }
  return { total, limit: parsed.limit, skip: parsed.skip, data: await def.map(ctx, rows, caller, parsed) };
}
