/** The reports of orders and spend: by status, by month, by department, by cost centre. */
import { money } from "../base";
import { monthsBetween } from "./params";
import { idOrNull, keyOf, namesOf, ordersIn, orderTotals, perSlice, Totals, type OrdersReport } from "./slices";

export const ordersByStatus: OrdersReport = async (db, scope, params, runner, opts) => {
  const totals = await orderTotals(db, scope, params, runner, opts, {
    column: "order_status",
    scan: "orders.order_status",
  });
  return [...totals.map]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, t]) => ({ status, orders: t.orders, subTotal: money(t.subTotal) }));
};

export const spendByMonth: OrdersReport = async (db, scope, params, runner, opts) => {
  // a slice of days lies in one or two months: the month is the created date's first seven characters
  const totals = await orderTotals(db, scope, params, runner, opts, {
    column: "month",
    scan: db.raw("substr(orders.created_date, 1, 7)"),
  });
  return monthsBetween(params.from, params.to).map((month) => {
    const t = totals.map.get(month);
    return { month, orders: t?.orders ?? 0, subTotal: money(t?.subTotal ?? 0) };
  });
};

export const spendByDepartment: OrdersReport = async (db, scope, params, runner, opts) => {
  const totals = await orderTotals(db, scope, params, runner, opts, {
    column: "department_id",
    scan: "orders.department_id",
  });
  const names = await namesOf(db, runner, "departments", totals.map.keys());
  return [...totals.map]
    .map(([key, t]) => ({
      departmentId: idOrNull(key),
      department: key === "" ? "No department" : (names.get(key) ?? `Department ${key}`),
      orders: t.orders,
      subTotal: money(t.subTotal),
    }))
    .sort((a, b) => b.subTotal - a.subTotal || a.department.localeCompare(b.department));
};

/** An order's cost centre: that of the wearer it was placed for (employee_contact_id), else of the ordering contact. */
export const spendByCostCentre: OrdersReport = async (db, scope, params, runner) => {
  const totals = new Totals<{ orders: number; subTotal: number }>();
  const centre = db.raw("coalesce(ec.cost_centre_id, oc.cost_centre_id)");
  await perSlice(runner, [[params.from, params.to]], async (from, to) => {
    const rows = await ordersIn(db, scope, params, from, to)
      .leftJoin("contacts as ec", "ec.id", "orders.employee_contact_id")
      .leftJoin("contacts as oc", "oc.id", "orders.contact_id")
      .groupBy(centre)
      .select({ id: centre })
      .count({ orders: "*" })
      .sum({ subTotal: "orders.sub_total" });
    for (const r of rows as any[])
      totals.add(keyOf(r.id), { orders: Number(r.orders), subTotal: Number(r.subTotal ?? 0) });
  });
  const names = await namesOf(db, runner, "cost_centres", totals.map.keys());
  return [...totals.map]
    .map(([key, t]) => ({
      costCentreId: idOrNull(key),
      costCentre: key === "" ? "No cost centre" : (names.get(key) ?? `Cost centre ${key}`),
      orders: t.orders,
      subTotal: money(t.subTotal),
    }))
    .sort((a, b) => b.subTotal - a.subTotal || a.costCentre.localeCompare(b.costCentre));
};
