import { BadRequest, Forbidden } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { calendarDay, nextResetDate } from "../../../app/domain/allowance";
import { has } from "../../auth/caller";
import { containsPattern } from "../../query/dialect";
import {
  bodyOf,
  byKey,
  callerOf,
  ListService,
  requireCustomer,
  type Ctx,
  type ListDef,
  type ProviderParams,
} from "../base";
import { parseOr400 } from "../basket-session";
import { contactSummary } from "../session";
import { budgetOut, budgetsOf, resetBudgets } from "../wearers";
import { customerGrades, gradeAllowances } from "./grades";
import { ownedDef } from "./lists";

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
