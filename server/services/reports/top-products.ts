/** The top-products report. */
import { money } from "../base";
import { idOrNull, keyOf, ordersIn, perSlice, planOf, Totals, type OrdersReport } from "./slices";

/** Top products reads every line of its orders: two days a statement keeps each as short as a week of the others. */
export const TOP_PRODUCTS_SLICE_DAYS = 2;

export const TOP_PRODUCTS = 100;

/**
 * The whole months from report_item_months, which know the customer only: a report on one user's orders, or with
 * department or employee filters, reads every line of its orders.
 */
export const topProducts: OrdersReport = async (db, scope, params, runner, opts) => {
  const totals = new Totals<{ quantity: number; amount: number }>();
  const plan = planOf(
    params,
    scope.placedByUserId == null && !params.departments.length && !params.employees.length,
    opts,
  );
  if (plan.months.length) {
    const rows = await runner.step(() =>
      db("report_item_months")
        .where("customer_id", scope.customerId)
        .whereBetween("month", [plan.months[0], plan.months[plan.months.length - 1]])
        .groupBy("item_id")
        .select("item_id")
        .sum({ quantity: "quantity", amount: "amount" })
        .havingRaw("sum(lines) > 0"),
    );
    for (const r of rows as any[])
      totals.add(Number(r.item_id) === 0 ? "" : keyOf(r.item_id), {
        quantity: Number(r.quantity ?? 0),
        amount: Number(r.amount ?? 0),
      });
  }
  await perSlice(
    runner,
    plan.edges,
    async (from, to) => {
      const orders = ordersIn(db, scope, params, from, to).select("orders.id");
      const rows = await db("order_lines as l")
        .whereIn("l.order_id", orders)
        .groupBy("l.item_id")
        .select("l.item_id")
        .sum({ quantity: "l.quantity", amount: "l.amount" });
      for (const r of rows as any[])
        totals.add(keyOf(r.item_id), { quantity: Number(r.quantity ?? 0), amount: Number(r.amount ?? 0) });
    },
    TOP_PRODUCTS_SLICE_DAYS,
  );
  const top = [...totals.map]
    .sort(([ka, a], [kb, b]) => b.quantity - a.quantity || b.amount - a.amount || Number(ka || 0) - Number(kb || 0))
    .slice(0, TOP_PRODUCTS);
  const ids = top
    .map(([k]) => k)
    .filter((k) => k !== "")
    .map(Number);
  const items = new Map<string, { code: string; name: string }>();
  if (ids.length) {
    const rows = await runner.step(() => db("items").whereIn("id", ids).select("id", "item_code", "display_name"));
    for (const r of rows as any[]) items.set(String(r.id), { code: r.item_code, name: r.display_name });
  }
  return top.map(([key, t]) => ({
    itemId: idOrNull(key),
    code: items.get(key)?.code ?? "",
    name: items.get(key)?.name ?? "Item no longer listed",
    quantity: t.quantity,
    amount: money(t.amount),
  }));
};
