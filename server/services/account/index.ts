// The customer's own lists (account), one file per sub-resource (decision 175):
//   lists.ts departments, cost centres, carriage
//   addresses.ts
//   grades.ts grades and allowances
//   contacts.ts contacts (wearers) and their budgets
export { AddressService } from "./addresses";
export { contactBudgetsDef, ContactService } from "./contacts";
export { GradeService } from "./grades";
export { carriageDef, costCentresDef, departmentsDef } from "./lists";
