/** Runs one report of any type. */
import type { Knex } from "knex";
import { type ReportType } from "../../../app/domain/reports";
import { allowanceUsage } from "./allowance-usage";
import { approvalTurnaround } from "./approval-turnaround";
import { type ReportParams, type ReportScope } from "./params";
import { directRunner, type ReportOptions, type ReportRow } from "./slices";
import { ordersByStatus, spendByCostCentre, spendByDepartment, spendByMonth } from "./spend";
import { topProducts } from "./top-products";

/** Runs one report: its rows (contract shapes, decision 122). */
export async function runReport(
  db: Knex,
  type: ReportType,
  scope: ReportScope,
  params: ReportParams,
  opts: ReportOptions = {},
): Promise<ReportRow[]> {
  const runner = opts.runner ?? directRunner;
  switch (type) {
    case "orders-by-status":
      return ordersByStatus(db, scope, params, runner, opts);
    case "spend-by-month":
      return spendByMonth(db, scope, params, runner, opts);
    case "top-products":
      return topProducts(db, scope, params, runner, opts);
    case "spend-by-department":
      return spendByDepartment(db, scope, params, runner, opts);
    case "spend-by-cost-centre":
      return spendByCostCentre(db, scope, params, runner, opts);
    case "allowance-usage":
      return allowanceUsage(db, scope, params, runner, opts.now ?? new Date());
    case "approval-turnaround":
      return approvalTurnaround(db, scope, params, runner);
  }
}
