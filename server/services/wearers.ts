import type { Knex } from "knex";
import { budgetAfterReset, calendarDay } from "../../app/domain/allowance";
import type { BudgetRow } from "./orders/rows";

/** A contact budget as answered (SPEC §3 Contact budget). */
export function budgetOut(r: BudgetRow) {
  return {
    internalId: String(r.id),
    contactId: String(r.contact_id),
    type: r.type,
    qty: r.qty,
    resetDays: r.reset_days ?? null,
    resetDate: r.reset_date ?? null,
    allocationType: r.allocation_type ?? null,
    allocationTypeName: r.allocation_type_name ?? null,
    usedQty: r.used_qty,
    /** what is left of it: qty − usedQty, never below 0 */
    left: Math.max(0, r.qty - r.used_qty),
  };
}

/**
 * Budgets as they stand today (decision 096): each whose reset date is reached is written back reset (used 0, the
 * next reset date), conditionally on the reset date it was read with, so two readers (or a reader and an order)
 * reset it once; answers the rows as they now are.
 */
export async function resetBudgets(db: Knex, rows: BudgetRow[], now: Date): Promise<BudgetRow[]> {
  const today = calendarDay(now);
  const out: BudgetRow[] = [];
  for (const r of rows) {
    const after = budgetAfterReset({ usedQty: r.used_qty, resetDays: r.reset_days, resetDate: r.reset_date }, today);
    if (!after.reset) {
      out.push(r);
      continue;
    }
    const changed = await db("contact_budgets")
      .where({ id: r.id, reset_date: r.reset_date })
      .update({ used_qty: 0, reset_date: after.resetDate });
    // another caller reset it first (or spent from it since): read it as it is
    out.push(
      changed === 1
        ? { ...r, used_qty: 0, reset_date: after.resetDate }
        : ((await db("contact_budgets").where("id", r.id).first()) as BudgetRow),
    );
  }
  return out;
}

/** The budgets of these contacts, reset where due, in id order. */
export async function budgetsOf(db: Knex, contactIds: number[], now: Date): Promise<BudgetRow[]> {
  if (!contactIds.length) return [];
  const rows: BudgetRow[] = await db("contact_budgets").whereIn("contact_id", contactIds).orderBy("id");
  return resetBudgets(db, rows, now);
}

/**
 * The items a wearer may have (decision 096): their grade's and their own entitlements, a variant with its parent.
 * null when the customer has no entitlements set up (every wearer may have any wearer-pack item).
 */
export async function entitledItemIds(
  db: Knex,
  customerId: number,
  wearer: { id: number; grade: string | null },
): Promise<Set<number> | null> {
  const any = await db("entitlements").where("customer_id", customerId).first("id");
  if (!any) return null;
  const rows: Array<{ item_id: number }> = await db("entitlements")
    .where("customer_id", customerId)
    .where((w) => {
      w.where("contact_id", wearer.id);
      if (wearer.grade != null) w.orWhere("grade", wearer.grade);
    })
    .select("item_id");
  return new Set(rows.map((r) => r.item_id));
}
