import { BadRequest, Forbidden } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { has, type Caller } from "../auth/caller";
import { containsPattern, type FieldSpec, type QuerySpec } from "../query/dialect";
import { addressPolicy, addressRights, mayUseAddress, postcodeField, requireAddressTyping } from "./address-rules";
import { basketKey, loadBasketState, parseOr400 } from "./basket-session";
import { deliveryAvailability, deliveryRefusal, minimumOrderAmount } from "./delivery-rules";
import { pricedSubTotal } from "./orders";
import { priceFor, pricesHiddenFrom } from "./prices-hidden";
import {
  bodyOf,
  byKey,
  callerOf,
  ListService,
  money,
  requireCustomer,
  scopeTo,
  type Ctx,
  type ListDef,
  type ProviderParams,
} from "./base";
import { contactSummary } from "./session";
import { addressText } from "../../app/domain/address";
import { calendarDay, nextResetDate } from "../../app/domain/allowance";
import { budgetOut, budgetsOf, resetBudgets } from "./wearers";

/** A customer-owned table listed with a whitelist; the common case of most account services. */
function ownedDef<Out>(o: {
  what: string;
  table: string;
  fields: Record<string, FieldSpec>;
  sort: string;
  map: (r: any) => Out;
  where?: (q: any, caller: Caller, extras: Record<string, any>) => void;
  extras?: QuerySpec["extras"];
  defaultLimit?: number;
}): ListDef<Out> {
  return {
    what: o.what,
    idColumn: `${o.table}.id`,
    spec: {
      fields: o.fields,
      extras: o.extras,
      defaultSort: [[`${o.table}.${o.sort}`, "asc"]],
      tieBreaker: `${o.table}.id`,
      defaultLimit: o.defaultLimit,
    },
    base: (ctx, caller, parsed) => {
      const q = scopeTo(ctx.db(o.table), `${o.table}.customer_id`, caller);
      o.where?.(q, caller, parsed.extras);
      return q;
    },
    select: (qb) => qb.select(`${o.table}.*`),
    map: (_ctx, rows) => rows.map(o.map),
  };
}

const named = (table: string) =>
  ({
    internalId: { type: "int", column: `${table}.id`, sortable: true },
    name: { type: "string", column: `${table}.name`, sortable: true },
    isInactive: { type: "bool", column: `${table}.is_inactive` },
  }) satisfies Record<string, FieldSpec>;
const namedOut = (r: any) => ({ internalId: String(r.id), name: r.name, isInactive: !!r.is_inactive });

/** GET /api/department (isInactive=false) */
export const departmentsDef = () =>
  ownedDef({ what: "Department", table: "departments", fields: named("departments"), sort: "name", map: namedOut });
/** GET /api/cost-centre */
export const costCentresDef = () =>
  ownedDef({ what: "Cost centre", table: "cost_centres", fields: named("cost_centres"), sort: "name", map: namedOut });

export function addressOut(r: any) {
  return {
    internalId: String(r.id),
    label: r.label,
    kind: r.kind,
    details: {
      addressee: r.addressee ?? null,
      addr1: r.addr1,
      addr2: r.addr2,
      city: r.city,
      zip: r.zip,
      country: r.country,
      addrText: r.addr_text,
      custrecord4: { value: !!r.is_inactive },
    },
  };
}

const addressFields = {
  internalId: { type: "int", column: "addresses.id", sortable: true },
  label: { type: "string", column: "addresses.label", sortable: true },
  zip: { type: "string", column: "addresses.zip" },
  "details.custrecord4.value": { type: "bool", column: "addresses.is_inactive" },
  isInactive: { type: "bool", column: "addresses.is_inactive" },
} satisfies Record<string, FieldSpec>;

/**
 * GET /api/customer-address ($limit 10000, details.custrecord4.value[$ne]=true) and /api/custom-addresses. Each
 * address also says whether it is the customer's default and whether the caller may send it with a stock order or
 * a wearer pack (SPEC §6, decision 075), so the portal shows what the provider will accept.
 */
export const addressesDef = (
  kind: "customer" | "custom",
): ListDef<
  ReturnType<typeof addressOut> & { isDefault: boolean; orderUse: { stock: boolean; wearerPack: boolean } }
> => {
  const def = ownedDef({
    what: "Address",
    table: "addresses",
    fields: addressFields,
    sort: "label",
    map: addressOut,
    where: (q) => q.where("addresses.kind", kind),
  });
  return {
    ...def,
    map: async (ctx, rows, caller) => {
      const policy = await addressPolicy(ctx.db, caller, requireCustomer(caller));
      return rows.map((r) => ({
        ...addressOut(r),
        isDefault: r.id === policy.defaultAddress?.id,
        orderUse: {
          stock: !r.is_inactive && mayUseAddress(policy, "stock", r.id),
          wearerPack: !r.is_inactive && mayUseAddress(policy, "wearerPack", r.id),
        },
      }));
    },
  };
};

const newAddress = z
  .object({
    label: z.string().trim().min(1).max(200),
    addressee: z.string().trim().max(200).optional(),
    addr1: z.string().trim().min(1).max(200),
    addr2: z.string().trim().max(200).optional(),
    city: z.string().trim().min(1).max(100),
    zip: postcodeField(),
  })
  .strict();

/** Addresses: list/get, and POST a new one (addAddress permission for the address book). */
export class AddressService extends ListService<ReturnType<typeof addressOut>> {
  constructor(
    ctx: Ctx,
    private kind: "customer" | "custom",
  ) {
    super(ctx, addressesDef(kind));
  }
  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    if (this.kind === "customer" && !has(caller, "addAddress") && !caller.isEvolveUser)
      throw new Forbidden("Adding delivery addresses is not allowed for this account");
    // a typed address of one's own (custom-addresses) needs addAddress or customAddressOnly (SPEC §6)
    if (this.kind === "custom") requireAddressTyping(addressRights(caller), "body");
    const a = parseOr400(newAddress, bodyOf(data));
    const text = addressText(a);
    const [row] = await this.ctx
      .db("addresses")
      .insert({
        customer_id: customerId,
        kind: this.kind,
        created_by_user_id: caller.userId,
        label: a.label,
        addressee: a.addressee ?? null,
        addr1: a.addr1,
        addr2: a.addr2 ?? "",
        city: a.city,
        zip: a.zip,
        addr_text: text,
        created_at: this.ctx.now().toISOString(),
      })
      .returning("id");
    return this.get(typeof row === "object" ? row.id : row, { ...params, query: {} });
  }
  /** PATCH /api/customer-address/:id {isInactive} — retire or restore an address (dellAddress). */
  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { isInactive } = parseOr400(z.object({ isInactive: z.boolean() }).strict(), bodyOf(data));
    const current = await this.get(id, { ...params, query: {} });
    if (!has(caller, "dellAddress") && !caller.isEvolveUser)
      throw new Forbidden("Changing delivery addresses is not allowed for this account");
    await this.ctx.db("addresses").where("id", Number(current.internalId)).update({ is_inactive: isInactive });
    return this.get(id, { ...params, query: {} });
  }
}

/**
 * GET /api/carriage (isinactive[$match]=false): ship methods for every customer or this one, each with its minimum
 * order before VAT (decision 073). With forBasket=stock each also says whether the caller's live stock basket,
 * priced by the provider, reaches it, and how much more is needed.
 */
export const carriageDef = (): ListDef<unknown> => ({
  what: "Ship method",
  idColumn: "carriage.id",
  spec: {
    fields: {
      internalId: { type: "int", column: "carriage.id", sortable: true },
      description: { type: "string", column: "carriage.description", sortable: true },
      isinactive: { type: "bool", column: "carriage.is_inactive" },
      shippingflatrateamount: { type: "number", column: "carriage.shipping_flat_rate_amount", sortable: true },
    },
    extras: { forBasket: "string" },
    defaultSort: [["carriage.shipping_flat_rate_amount", "asc"]],
    tieBreaker: "carriage.id",
  },
  base: (ctx, caller, parsed) => {
    const customerId = requireCustomer(caller);
    if (parsed.extras.forBasket !== undefined && parsed.extras.forBasket !== "stock") {
      throw new BadRequest('Invalid query parameter "forBasket": expected "stock"', { field: "forBasket" });
    }
    return ctx.db("carriage").where((w) => {
      w.whereNull("carriage.customer_id").orWhere("carriage.customer_id", customerId);
    });
  },
  select: (qb) => qb.select("carriage.*"),
  map: async (ctx, rows, caller, parsed) => {
    const basketSubTotal =
      parsed.extras.forBasket === "stock"
        ? await pricedSubTotal(
            ctx.db,
            (await loadBasketState(ctx.db, basketKey(caller, requireCustomer(caller)))).stock,
          )
        : null;
    return rows.map((r) => {
      const minimum = minimumOrderAmount(r);
      const method = {
        internalId: String(r.id),
        description: r.description,
        shippingflatrateamount: money(r.shipping_flat_rate_amount),
        isinactive: !!r.is_inactive,
        // only on a method that has a minimum
        ...(minimum != null && { minimumOrderAmount: minimum }),
      };
      if (basketSubTotal == null) return method;
      const { available, amountNeeded } = deliveryAvailability(r, basketSubTotal);
      // the words an order of this basket would be refused with (one rule, decision 073); the basket's value is not
      // sent to a caller with pricingHidden: no subtotal, no amount needed, a refusal without the amount (decision 066)
      const pricesHidden = pricesHiddenFrom(caller);
      return {
        ...method,
        basketSubTotal: priceFor(caller, basketSubTotal),
        available,
        amountNeeded: priceFor(caller, amountNeeded),
        ...(!available && { refusal: deliveryRefusal(r, basketSubTotal, { pricesHidden }) }),
      };
    });
  },
});

/**
 * GET /api/contact (isInactive, manpackUser, internalId[$in], currentContactOnly, grade, department, costCentre, q,
 * $limit/$skip; decision 096): wp_contact_only users see themselves. q finds a wearer by name, employee reference,
 * department or grade (contains, any case). Each contact comes with its department and cost centre by name, its
 * budgets as they stand today (reset where due) and the next reset date among them.
 */
export const contactsDef = (): ListDef<ReturnType<typeof contactSummary> & Record<string, unknown>> => {
  const def = ownedDef({
    what: "Contact",
    table: "contacts",
    sort: "last_name",
    map: contactSummary,
    extras: { currentContactOnly: "bool", q: "string" },
    fields: {
      internalId: { type: "int", column: "contacts.id", sortable: true },
      firstName: { type: "string", column: "contacts.first_name", sortable: true },
      lastName: { type: "string", column: "contacts.last_name", sortable: true },
      grade: { type: "string", column: "contacts.grade", sortable: true },
      employeeRef: { type: "string", column: "contacts.employee_ref", sortable: true },
      isInactive: { type: "bool", column: "contacts.is_inactive" },
      manpackUser: { type: "bool", column: "contacts.manpack_user" },
      department: { type: "int", column: "contacts.department_id" },
      costCentre: { type: "int", column: "contacts.cost_centre_id" },
    },
    where: (q, caller, x) => {
      if (x.currentContactOnly || caller.wpContactOnly) q.where("contacts.id", caller.contactId ?? -1);
      const text = typeof x.q === "string" ? x.q.trim() : "";
      if (text) {
        const pattern = containsPattern(text);
        q.where((w: Knex.QueryBuilder) =>
          w
            .whereRaw(`lower(contacts.first_name || ' ' || contacts.last_name) like ? escape '\\'`, [pattern])
            .orWhereRaw(`lower(coalesce(contacts.employee_ref, '')) like ? escape '\\'`, [pattern])
            .orWhereRaw(`lower(coalesce(contacts.grade, '')) like ? escape '\\'`, [pattern])
            .orWhereIn("contacts.department_id", (sub: Knex.QueryBuilder) => {
              sub
                .from("departments")
                .whereRaw(`lower(departments.name) like ? escape '\\'`, [pattern])
                .select("departments.id");
            }),
        );
      }
    },
  });
  return {
    ...def,
    map: async (ctx, rows) => {
      const idsOf = (column: string) => [...new Set(rows.map((r) => r[column]).filter((v) => v != null))] as number[];
      const names = async (table: string, column: string) =>
        new Map<number, string>(
          (
            (await ctx.db(table).whereIn("id", idsOf(column)).select("id", "name")) as Array<{
              id: number;
              name: string;
            }>
          ).map((r) => [r.id, r.name]),
        );
      const [departments, costCentres, budgets] = await Promise.all([
        names("departments", "department_id"),
        names("cost_centres", "cost_centre_id"),
        budgetsOf(
          ctx.db,
          rows.map((r) => r.id),
          ctx.now(),
        ),
      ]);
      const budgetsByContact = byKey(budgets, (b) => b.contact_id);
      const today = calendarDay(ctx.now());
      return rows.map((r) => {
        const summary = contactSummary(r);
        const own = (budgetsByContact.get(r.id) ?? []).map(budgetOut);
        return {
          ...summary,
          department: summary.department && { ...summary.department, name: departments.get(r.department_id) ?? null },
          costCentre: summary.costCentre && { ...summary.costCentre, name: costCentres.get(r.cost_centre_id) ?? null },
          budgets: own,
          nextResetDate: nextResetDate(own, today),
        };
      });
    },
  };
};

const newContact = z
  .object({
    firstName: z.string().trim().min(1).max(100),
    lastName: z.string().trim().min(1).max(100),
    email: z.string().trim().email().max(320).optional(),
    grade: z.string().trim().max(100).optional(),
    budgetType: z.string().trim().max(100).optional(),
    // blank is no reference
    employeeRef: z
      .string()
      .trim()
      .max(100)
      .optional()
      .transform((v) => (v === "" ? undefined : v)),
    manpackUser: z.boolean().optional(),
    department: z
      .union([z.string().regex(/^\d+$/), z.number().int()])
      .transform(Number)
      .optional(),
    costCentre: z
      .union([z.string().regex(/^\d+$/), z.number().int()])
      .transform(Number)
      .optional(),
  })
  .strict();

/** A body field the caller can correct, named as parseOr400 names it: `Invalid value at field "x": why`. */
function invalidField(field: string, why: string): BadRequest {
  return new BadRequest(`Invalid value at field "${field}": ${why}`, { field });
}

const duplicateEmployeeRef = (ref: string) =>
  invalidField("employeeRef", `employee reference ${ref} already belongs to another contact`);

const isUniqueViolation = (error: unknown) => {
  const code = String((error as { code?: unknown })?.code ?? "");
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
};

/**
 * The customer's grades (decision 103): the grades its entitlements name and its active wearers hold, each once,
 * sorted (a blank grade is none).
 */
export async function customerGrades(db: Knex, customerId: number): Promise<string[]> {
  const [entitled, worn] = await Promise.all([
    db("entitlements").where("customer_id", customerId).whereNotNull("grade").distinct("grade"),
    db("contacts")
      .where({ customer_id: customerId, manpack_user: true, is_inactive: false })
      .whereNotNull("grade")
      .distinct("grade"),
  ]);
  const names = new Set([...entitled, ...worn].map((r: { grade: string }) => r.grade).filter((g) => g.trim() !== ""));
  return [...names].sort((a, b) => a.localeCompare(b, "en-GB") || (a < b ? -1 : a > b ? 1 : 0));
}

/** One standard allowance of a grade: a contact budget without its wearer, use or reset day. */
export interface GradeAllowance {
  type: string;
  qty: number;
  reset_days: number | null;
  allocation_type: string | null;
  allocation_type_name: string | null;
}

/**
 * A grade's standard allowances (decision 103), from the budgets of its `wearers` active wearers: each budget type
 * that at least half of them hold, with the allowance (quantity, reset days, allocation type and name) most of them
 * have (a tie: the larger quantity, then the longer period, then the first seen). A wearer's second budget of one
 * type is not counted. In the order the types first appear.
 */
export function standardAllowances(
  wearers: number,
  budgets: ReadonlyArray<GradeAllowance & { contact_id: number }>,
): GradeAllowance[] {
  const byType = new Map<string, Map<number, GradeAllowance>>();
  for (const b of budgets) {
    const holders = byType.get(b.type) ?? new Map<number, GradeAllowance>();
    if (!holders.has(b.contact_id)) holders.set(b.contact_id, b);
    byType.set(b.type, holders);
  }
  const out: GradeAllowance[] = [];
  for (const [type, holders] of byType) {
    if (holders.size * 2 < wearers) continue;
    const tally = new Map<string, { allowance: GradeAllowance; n: number }>();
    for (const b of holders.values()) {
      const allowance = {
        type,
        qty: b.qty,
        reset_days: b.reset_days ?? null,
        allocation_type: b.allocation_type ?? null,
        allocation_type_name: b.allocation_type_name ?? null,
      };
      const key = JSON.stringify([
        allowance.qty,
        allowance.reset_days,
        allowance.allocation_type,
        allowance.allocation_type_name,
      ]);
      const seen = tally.get(key);
      if (seen) seen.n += 1;
      else tally.set(key, { allowance, n: 1 });
    }
    const [best] = [...tally.values()].sort(
      (x, y) =>
        y.n - x.n || y.allowance.qty - x.allowance.qty || (y.allowance.reset_days ?? 0) - (x.allowance.reset_days ?? 0),
    );
    out.push(best.allowance);
  }
  return out;
}

/** The standard allowances of one of the customer's grades, read from its active wearers' budgets. */
async function gradeAllowances(db: Knex, customerId: number, grade: string): Promise<GradeAllowance[]> {
  const wearers = () =>
    db("contacts").where({ customer_id: customerId, grade, manpack_user: true, is_inactive: false });
  const [counted, budgets] = await Promise.all([
    wearers().count({ n: "*" }).first(),
    db("contact_budgets").where("customer_id", customerId).whereIn("contact_id", wearers().select("id")).orderBy("id"),
  ]);
  return standardAllowances(Number(counted?.n ?? 0), budgets as Array<GradeAllowance & { contact_id: number }>);
}

const DAY_MS = 86_400_000;
/** The day `days` after `day` (YYYY-MM-DD), as budget reset dates are kept. */
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);

/**
 * Contacts: list/get, and POST a wearer (/add-wearer, addManpackUser permission; decision 103). The grade must be one
 * of the customer's (written as the customer spells it), the department and cost centre the customer's active ones,
 * and the employee reference no other contact's of the customer (any case). A wearer starts with their grade's
 * standard allowances, nothing used, the first period starting today. The contact and its budgets are written
 * together or not at all.
 */
export class ContactService extends ListService<ReturnType<typeof contactSummary>> {
  constructor(ctx: Ctx) {
    super(ctx, contactsDef());
  }
  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    if (!has(caller, "addManpackUser") && !caller.isEvolveUser)
      throw new Forbidden("Adding wearers is not allowed for this account");
    const c = parseOr400(newContact, bodyOf(data));
    const db = this.ctx.db;
    let grade: string | null = null;
    if (c.grade != null) {
      const grades = await customerGrades(db, customerId);
      grade =
        grades.find((g) => g === c.grade) ?? grades.find((g) => g.toLowerCase() === c.grade!.toLowerCase()) ?? null;
      if (grade == null) throw invalidField("grade", `${c.grade} is not one of this customer's grades`);
    }
    const active = (table: string, id: number) =>
      db(table).where({ id, customer_id: customerId, is_inactive: false }).first("id");
    if (c.department != null && !(await active("departments", c.department)))
      throw invalidField("department", "not one of this customer's active departments");
    if (c.costCentre != null && !(await active("cost_centres", c.costCentre)))
      throw invalidField("costCentre", "not one of this customer's active cost centres");
    const sameRef = () =>
      db("contacts")
        .where("customer_id", customerId)
        .whereRaw("lower(employee_ref) = ?", [c.employeeRef!.toLowerCase()])
        .first("id");
    if (c.employeeRef != null && (await sameRef())) throw duplicateEmployeeRef(c.employeeRef);
    const manpackUser = c.manpackUser ?? true;
    const allowances = grade != null && manpackUser ? await gradeAllowances(db, customerId, grade) : [];
    const budgetType =
      c.budgetType ??
      (allowances.length === 0 ? null : allowances.some((a) => a.type === "Points") ? "Points" : "Quantity");
    const today = calendarDay(this.ctx.now());
    let id: number;
    try {
      id = await db.transaction(async (trx) => {
        const [row] = await trx("contacts")
          .insert({
            customer_id: customerId,
            first_name: c.firstName,
            last_name: c.lastName,
            email: c.email ?? null,
            grade,
            budget_type: budgetType,
            employee_ref: c.employeeRef ?? null,
            manpack_user: manpackUser,
            department_id: c.department ?? null,
            cost_centre_id: c.costCentre ?? null,
          })
          .returning("id");
        const contactId = Number(typeof row === "object" ? row.id : row);
        for (const a of allowances) {
          const renews = a.reset_days != null && Number.isInteger(a.reset_days) && a.reset_days > 0;
          await trx("contact_budgets").insert({
            customer_id: customerId,
            contact_id: contactId,
            type: a.type,
            qty: a.qty,
            reset_days: a.reset_days,
            reset_date: renews ? addDays(today, a.reset_days!) : null,
            allocation_type: a.allocation_type,
            allocation_type_name: a.allocation_type_name,
            used_qty: 0,
          });
        }
        return contactId;
      });
    } catch (error) {
      // another request wrote the same reference since the check (the unique index, migration 010)
      if (c.employeeRef != null && isUniqueViolation(error)) throw duplicateEmployeeRef(c.employeeRef);
      throw error;
    }
    return this.get(id, { ...params, query: {} });
  }
}

/** GET /api/grade (decision 103): the customer's grades, sorted, as a list of `{name}`; no query parameters. */
export class GradeService {
  constructor(private ctx: Ctx) {}

  async find(params: ProviderParams) {
    const caller = callerOf(params);
    // customerId (provider staff acting for a customer) is taken off the query by the app's hook before this runs
    const [unknown] = Object.keys(params.query ?? {});
    if (unknown !== undefined) throw new BadRequest(`Unknown query parameter "${unknown}"`, { field: unknown });
    const names = await customerGrades(this.ctx.db, requireCustomer(caller));
    return { total: names.length, limit: names.length, skip: 0, data: names.map((name) => ({ name })) };
  }
}

/** GET /api/contactBudget (contactId[$in], $limit): budgets as they stand today, reset where due (decision 096). */
export const contactBudgetsDef = (): ListDef<ReturnType<typeof budgetOut>> => {
  const def = ownedDef({
    what: "Contact budget",
    table: "contact_budgets",
    sort: "contact_id",
    fields: {
      internalId: { type: "int", column: "contact_budgets.id", sortable: true },
      contactId: { type: "int", column: "contact_budgets.contact_id", sortable: true },
      contact: { type: "int", column: "contact_budgets.contact_id" },
      type: { type: "string", column: "contact_budgets.type" },
    },
    map: budgetOut,
  });
  return { ...def, map: async (ctx, rows) => (await resetBudgets(ctx.db, rows, ctx.now())).map(budgetOut) };
};
