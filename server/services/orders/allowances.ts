import type { Knex } from "knex";
import { bad } from "./common";
import type { BudgetRow, ContactRow, ItemRow } from "./rows";

/**
 * Wearer-pack allowances (contact_budgets): a 'Points' budget is charged item_points × qty; otherwise the
 * budget whose type is the item's allocation_type is charged qty. Lines without a matching budget are free.
 * Over an allowance → 400 naming the pack; else used_qty grows, inside the order's transaction.
 */
export async function spendAllowances(
  trx: Knex.Transaction,
  packs: Array<{ contactId: number }>,
  lines: Array<{ item: Pick<ItemRow, "allocation_type" | "item_points">; qty: number; employee: number | null }>,
  wearers: ContactRow[],
): Promise<void> {
  const budgets: BudgetRow[] = await trx("contact_budgets").whereIn("contact_id", packs.map((p) => p.contactId));
  const spend = new Map<number, number>();
  for (const l of lines) {
    const mine = budgets.filter((b) => b.contact_id === l.employee);
    const points = mine.find((b) => b.type === "Points");
    const budget = points ?? mine.find((b) => b.type === l.item.allocation_type);
    if (!budget) continue;
    spend.set(budget.id, (spend.get(budget.id) ?? 0) + (points ? (l.item.item_points ?? 0) * l.qty : l.qty));
  }
  for (const [budgetId, amount] of spend) {
    const b = budgets.find((x) => x.id === budgetId)!;
    const left = b.qty - b.used_qty;
    // conditional: a concurrent order cannot spend the same allowance twice
    const charged = amount <= left && (await trx("contact_budgets").where("id", budgetId).whereRaw("used_qty + ? <= qty", [amount]).increment("used_qty", amount)) === 1;
    if (!charged) {
      const i = packs.findIndex((p) => p.contactId === b.contact_id);
      const w = wearers.find((x) => x.id === b.contact_id);
      throw bad(`packs.${i}.items`, `${w?.first_name ?? "the wearer"} ${w?.last_name ?? ""} has ${left} ${b.type} allowance left; this pack needs ${amount}`.replace("  ", " "));
    }
  }
}
