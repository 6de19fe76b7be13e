// The ERP import, one file per concern (decision 175):
//   rows.ts a feed's rows imported, each in its own transaction
//   worker.ts the worker that claims and runs imports
export { isUniqueViolation } from "./rows";
export { ErpWorker } from "./worker";
