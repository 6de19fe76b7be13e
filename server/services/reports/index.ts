// Reports (issue 19, decision 122), one file per concern (decision 175):
//   params.ts       a request's parameters, limits, messages, dates and validation
//   slices.ts       how a report reads the orders: slices of days, steps, the monthly totals
//   spend.ts, top-products.ts, allowance-usage.ts, approval-turnaround.ts   the seven reports
//   run.ts          runs one report of any type
//   service.ts      ReportService (/api/report)
export { type ReportParams, type ReportScope } from "./params";
export { runReport } from "./run";
export { REPORT_TYPES, ReportService, scopeFor, type ReportQueue, type ReportType } from "./service";
export { type ReportRow, type ReportRunner } from "./slices";
