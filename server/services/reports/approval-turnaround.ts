/** The approval-turnaround report. */
import type { Knex } from "knex";
import { isPostgres } from "../../db/knex";
import { type ReportParams, type ReportScope } from "./params";
import { ordersIn, perSlice, type ReportRow, type ReportRunner } from "./slices";

/**
 * Per approver: the orders they decided (approved or rejected — a rejected order is web-rejected, and counts here),
 * placed in the range, with the hours from placing to the decision (average and longest, 1 dp).
 */
export async function approvalTurnaround(
  db: Knex,
  scope: ReportScope,
  params: ReportParams,
  runner: ReportRunner,
): Promise<ReportRow[]> {
  const hours = isPostgres(db)
    ? db.raw(
        "extract(epoch from (cast(orders.decided_at as timestamptz) - cast(orders.created_date as timestamptz))) / 3600.0",
      )
    : db.raw("(julianday(orders.decided_at) - julianday(orders.created_date)) * 24.0");
  const totals = new Map<
    string,
    { decided: number; approved: number; rejected: number; hours: number; longest: number }
  >();
  await perSlice(runner, [[params.from, params.to]], async (from, to) => {
    const rows = await ordersIn(db, scope, params, from, to, { keepRejected: true })
      .whereNotNull("orders.decided_at")
      .whereNotNull("orders.decided_by_user_id")
      .groupBy("orders.decided_by_user_id")
      .select("orders.decided_by_user_id as id")
      .count({ decided: "*" })
      .select(db.raw("sum(case when orders.decision = 'approved' then 1 else 0 end) as approved"))
      .select(db.raw("sum(case when orders.decision = 'rejected' then 1 else 0 end) as rejected"))
      .sum({ hours })
      .max({ longest: hours });
    for (const r of rows as any[]) {
      const key = String(r.id);
      const seen = totals.get(key) ?? { decided: 0, approved: 0, rejected: 0, hours: 0, longest: 0 };
      seen.decided += Number(r.decided);
      seen.approved += Number(r.approved ?? 0);
      seen.rejected += Number(r.rejected ?? 0);
      seen.hours += Math.max(0, Number(r.hours ?? 0));
      seen.longest = Math.max(seen.longest, Number(r.longest ?? 0));
      totals.set(key, seen);
    }
  });
  const ids = [...totals.keys()].map(Number);
  const names = new Map<string, string>();
  if (ids.length)
    for (const r of (await runner.step(() =>
      db("users").whereIn("id", ids).select("id", "first_name", "last_name", "email"),
    )) as any[])
      names.set(String(r.id), `${r.first_name} ${r.last_name}`.trim() || r.email);
  const oneDp = (n: number) => Math.round(n * 10) / 10;
  return [...totals]
    .map(([key, t]) => ({
      approverId: key,
      approver: names.get(key) ?? `User ${key}`,
      decided: t.decided,
      approved: t.approved,
      rejected: t.rejected,
      averageHours: oneDp(t.decided ? t.hours / t.decided : 0),
      longestHours: oneDp(t.longest),
    }))
    .sort((a, b) => a.approver.localeCompare(b.approver) || Number(a.approverId) - Number(b.approverId));
}
