// The orders provider code, one file per concern (decision 029):
//   service.ts            OrderService (/api/order): find, get, create, patch — each a few lines over the modules below
//   visibility.ts         which orders a caller may see or decide
//   listing.ts            the list's query whitelist and extras, and the orderedBy search (decision 041)
//   output.ts             rows → API shapes (order, line, ship group, despatch) and the details of a page
//   placement.ts          POST /api/order: parse (order-schemas.ts), price (pricing.ts), addresses and carriage
//                         (destinations.ts), basket version and insert (insert.ts)
//   allowances.ts         wearer-pack allowances spent by an order
//   notifications.ts      approvers told of an order awaiting them
//   approval.ts           PATCH decision: approve / reject
//   address-amendment.ts  PATCH {addressId}: a new delivery address
//   despatches.ts         DespatchService (/api/despatch)
//   re-order.ts           ReOrderService (/api/re-order)
//   rows.ts, common.ts    row types as Knex returns them; constants, idValue, bad()
export { pricedSubTotal } from "./pricing";
export { DespatchService } from "./despatches";
export { ReOrderService } from "./re-order";
export { OrderService } from "./service";
