import { BadRequest } from "@feathersjs/errors";

export const PENDING_APPROVAL = "Pending Approval";
export const PENDING_FULFILLMENT = "Pending Fulfillment";
/** orders.sales_order_type_id of a wearer-pack order; a stock order's is STOCK_TYPE. */
export const WEARER_PACK_TYPE = 1;
export const STOCK_TYPE = 2;
export const VAT_RATE = 0.2;

/** An id in a body: digits as a string, or a positive integer (the provider's one id rule, ../ids.ts). */
export { idValue } from "../ids";

export function bad(field: string, message: string): BadRequest {
  return new BadRequest(`Invalid value at field "${field}": ${message}`, { field });
}
