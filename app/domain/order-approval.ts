import { feathersQueryRecord } from "./feathers-query";
import { orderListQuery } from "./order-query";
import { PENDING_APPROVAL } from "./order-status";

/** The approver's three lists: awaiting their decision, and those they approved or rejected. */
export const APPROVAL_VIEWS = ["awaiting", "approved", "rejected"] as const;
export type ApprovalView = (typeof APPROVAL_VIEWS)[number];

export function approvalViewFrom(value: string | null): ApprovalView {
  return (APPROVAL_VIEWS as readonly string[]).includes(value ?? "") ? (value as ApprovalView) : "awaiting";
}

/**
 * GET /api/order for an approval list: orders routed to the caller (orderToApprove), awaiting ones by
 * the pending status as the header count does, decided ones by the provider's `decision` field.
 */
export function approvalListQuery(view: ApprovalView, page: number): Record<string, string> {
  if (view === "awaiting") return orderListQuery({ page, orderToApprove: true, status: PENDING_APPROVAL });
  return { ...orderListQuery({ page, orderToApprove: true }), ...feathersQueryRecord({ decision: view }) };
}
