import type { Knex } from "knex";
import { chargedBudgetIndex, chargeOf, overAllowanceMessage } from "../../../app/domain/allowance";
import { bad } from "./common";
import { resetBudgets } from "../wearers";
import type { BudgetRow, ContactRow, ItemRow } from "./rows";

/**
 * Wearer-pack allowances (contact_budgets), by the shared rule (app/domain/allowance.ts, decision 172): a 'Points'
 * budget is charged item_points × qty; otherwise the budget whose type is the item's allocation_type is charged qty.
 * Lines without a matching budget are free. Over an allowance → 400 naming the pack, in the rule's words; else used_qty
 * grows, inside the order's transaction. A budget whose reset date is reached is reset first, in the same transaction
 * (decision 096).
 */
export async function spendAllowances(
  trx: Knex.Transaction,
  packs: Array<{ contactId: number }>,
  lines: Array<{ item: Pick<ItemRow, "allocation_type" | "item_points">; qty: number; employee: number | null }>,
  wearers: ContactRow[],
  now: Date,
): Promise<void> {
  const budgets: BudgetRow[] = await resetBudgets(
    trx,
    await trx("contact_budgets")
      .whereIn(
        "contact_id",
        packs.map((p) => p.contactId),
      )
      .orderBy("id"),
    now,
  );
  const spend = new Map<number, number>();
  for (const l of lines) {
    const mine = budgets.filter((b) => b.contact_id === l.employee);
    const item = { allocationType: l.item.allocation_type ?? null, itemPoints: l.item.item_points ?? null };
    const index = chargedBudgetIndex(mine, item);
    if (index === -1) continue;
    const budget = mine[index];
    spend.set(budget.id, (spend.get(budget.id) ?? 0) + chargeOf(budget, item, l.qty));
  }
  // in budget id order, as they were reset: two orders lock the rows they share in the same order (no deadlock)
  for (const [budgetId, amount] of [...spend].sort((a, b) => a[0] - b[0])) {
    const b = budgets.find((x) => x.id === budgetId)!;
    // conditional: a concurrent order cannot spend the same allowance twice
    const charged =
      amount <= b.qty - b.used_qty &&
      (await trx("contact_budgets")
        .where("id", budgetId)
        .whereRaw("used_qty + ? <= qty", [amount])
        .increment("used_qty", amount)) === 1;
    if (!charged) {
      // what is left as it now stands (a concurrent order may have spent some since it was read)
      const fresh: BudgetRow | undefined = await trx("contact_budgets").where("id", budgetId).first();
      const left = Math.max(0, (fresh ?? b).qty - (fresh ?? b).used_qty);
      const i = packs.findIndex((p) => p.contactId === b.contact_id);
      const w = wearers.find((x) => x.id === b.contact_id);
      const wearer = { firstName: w?.first_name ?? null, lastName: w?.last_name ?? null };
      throw bad(`packs.${i}.items`, overAllowanceMessage(wearer, { budget: b, allowance: left, inPack: amount }));
    }
  }
}
