/** The allowance-usage report. */
import type { Knex } from "knex";
import { budgetsOf } from "../wearers";
import { type ReportParams, type ReportScope } from "./params";
import { type ReportRow, type ReportRunner } from "./slices";

/**
 * Wearers' allowances as they stand today (resets applied, decision 096), one row per wearer and budget. Filters:
 * employees (the wearers), departments (the wearers' departments); without viewAllOrders only the wearers of
 * wearer-pack orders the caller placed. The dates do not apply: an allowance is what is used and left now.
 */
export async function allowanceUsage(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
  now: Date,
): Promise<ReportRow[]> {
  const contacts = db("contacts")
    .where("contacts.customer_id", scope.customerId)
    .whereExists((b) => {
      b.select(db.raw("1")).from("contact_budgets as cb").whereRaw("cb.contact_id = contacts.id");
    });
  if (params.employees.length) contacts.whereIn("contacts.id", params.employees.map(Number));
  if (params.departments.length) contacts.whereIn("contacts.department_id", params.departments.map(Number));
  if (scope.placedByUserId != null) {
    const mine = () =>
      db("orders").where({
        "orders.customer_id": scope.customerId,
        "orders.placed_by_user_id": scope.placedByUserId,
        "orders.sales_order_type_id": 1,
      });
    contacts.where((w) => {
      w.whereIn(
        "contacts.id",
        mine().whereNotNull("orders.employee_contact_id").select("orders.employee_contact_id"),
      ).orWhereIn(
        "contacts.id",
        db("order_lines as l")
          .whereIn("l.order_id", mine().select("orders.id"))
          .whereNotNull("l.employee_contact_id")
          .select("l.employee_contact_id"),
      );
    });
  }
  const wearers: any[] = await runner.step(() =>
    contacts
      .orderBy([{ column: "contacts.last_name" }, { column: "contacts.first_name" }, { column: "contacts.id" }])
      .select("contacts.id", "contacts.first_name", "contacts.last_name", "contacts.employee_ref"),
  );
  const rows: ReportRow[] = [];
  for (let i = 0; i < wearers.length; i += 200) {
    const batch = wearers.slice(i, i + 200);
    const budgets = await runner.step(() =>
      budgetsOf(
        db,
        batch.map((w) => w.id),
        now,
      ),
    );
    const byContact = new Map<number, typeof budgets>();
    for (const b of budgets) byContact.set(b.contact_id, [...(byContact.get(b.contact_id) ?? []), b]);
    for (const w of batch) {
      for (const b of byContact.get(w.id) ?? []) {
        const left = Math.max(0, b.qty - b.used_qty);
        const points = b.type === "Points";
        rows.push({
          contactId: String(w.id),
          wearer: `${w.first_name} ${w.last_name}`.trim(),
          employeeRef: w.employee_ref ?? null,
          allocationType: b.allocation_type ?? b.type,
          allocationTypeName: b.allocation_type_name ?? b.type,
          used: b.used_qty,
          left,
          points: points ? b.qty : null,
          pointsUsed: points ? b.used_qty : null,
          pointsLeft: points ? left : null,
          resetDate: b.reset_date ?? null,
        });
      }
    }
  }
  return rows;
}
