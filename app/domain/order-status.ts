import type { Order } from "./order";

/** Every source status the upstream sends (SPEC §4), for filter dropdowns. */
export const ORDER_SOURCE_STATUSES = [
  "Pending Approval",
  "Pending Fulfillment",
  "Pending Fulfilment",
  "Cancelled",
  "Closed",
  "Partially Fulfilled",
  "Pending Billing/Partially Fulfilled",
  "Pending Billing",
  "Fully Billed",
  "Billed",
] as const;
export type OrderSourceStatus = (typeof ORDER_SOURCE_STATUSES)[number];

export const ORDER_REJECTED = "Order rejected";
export const PENDING_SUPERVISOR_APPROVAL = "Pending Supervisor Approval";
export const PENDING_APPROVAL = "Pending Approval";

const STATUS_LABELS: Record<OrderSourceStatus, string> = {
  "Pending Approval": PENDING_APPROVAL,
  "Pending Fulfillment": "In Process",
  "Pending Fulfilment": "In Process",
  Cancelled: "Cancelled",
  Closed: "Closed",
  "Partially Fulfilled": "Part Despatched",
  "Pending Billing/Partially Fulfilled": "Part Despatched",
  "Pending Billing": "Fully Despatched",
  "Fully Billed": "Fully Despatched",
  Billed: "Fully Despatched",
};

export type StatusColour = "grey" | "red" | "green" | "blue" | "amber";

// Grey, red and green are SPEC §4; blue, amber and the Cancelled/Closed choices are decision 053.
const LABEL_COLOURS: Record<string, StatusColour> = {
  [PENDING_APPROVAL]: "grey",
  [PENDING_SUPERVISOR_APPROVAL]: "grey",
  [ORDER_REJECTED]: "red",
  "Fully Despatched": "green",
  "In Process": "blue",
  "Part Despatched": "amber",
  Cancelled: "red",
  Closed: "grey",
};

function isKnownStatus(status: string): status is OrderSourceStatus {
  return (ORDER_SOURCE_STATUSES as readonly string[]).includes(status);
}

export type OrderStatusSource = Pick<Order, "orderStatus" | "status" | "webRejected" | "pendingWebApproval">;

/** SPEC §4 display table; the web flags override the ERP status because they are newer news. */
export function orderStatusLabel(order: OrderStatusSource): string {
  if (order.webRejected) return ORDER_REJECTED;
  if (order.pendingWebApproval) return PENDING_SUPERVISOR_APPROVAL;
  const source = (order.orderStatus ?? order.status ?? "").trim();
  // An unknown status is shown as sent rather than hidden: it is still the truth about the order.
  return isKnownStatus(source) ? STATUS_LABELS[source] : source;
}

/**
 * What happens next to an order, said beside its status label on the checkout confirmation (decision 166): the label
 * is the one orderStatusLabel gives, so the confirmation, the history and the order's page name it alike.
 */
export function orderNextStep(label: string): string {
  if (label === PENDING_SUPERVISOR_APPROVAL)
    return "your supervisor has been asked to approve it. It is sent once they approve it, and you can follow it in your order history.";
  if (label === PENDING_APPROVAL) return "it is sent once it is approved, and you can follow it in your order history.";
  return "we will let you know when it is despatched; you can follow it in your order history.";
}

export function orderStatusColour(label: string): StatusColour {
  return LABEL_COLOURS[label] ?? "grey";
}

/**
 * The history's status filter: the labels users see (SPEC §4), one each, in the order an order passes through them,
 * rather than the upstream's statuses (two spellings of Pending Fulfil(l)ment, three of Fully Despatched).
 */
export const ORDER_STATUS_FILTERS = [
  PENDING_SUPERVISOR_APPROVAL,
  PENDING_APPROVAL,
  "In Process",
  "Part Despatched",
  "Fully Despatched",
  ORDER_REJECTED,
  "Cancelled",
  "Closed",
] as const;
export type OrderStatusFilter = (typeof ORDER_STATUS_FILTERS)[number];

/** The upstream statuses shown as `label` (SPEC §4 table read right to left). */
export function sourceStatusesOf(label: string): OrderSourceStatus[] {
  return ORDER_SOURCE_STATUSES.filter((status) => STATUS_LABELS[status] === label);
}

/**
 * The status filter as read from a URL: a label of the list, or (an address from before the labels) an upstream
 * status, read as its label; anything else is no status filter (undefined).
 */
export function statusFilterOf(value: string): OrderStatusFilter | undefined {
  const label = isKnownStatus(value) ? STATUS_LABELS[value] : value;
  return (ORDER_STATUS_FILTERS as readonly string[]).includes(label) ? (label as OrderStatusFilter) : undefined;
}

/**
 * The GET /api/order conditions that select exactly the orders shown as `label`: the web flags decide the first
 * two labels (and override the status, as in orderStatusLabel); every other label is its upstream statuses without
 * either flag, so "Closed" does not list rejected orders (which the upstream also closes).
 */
export function statusFilterConditions(label: OrderStatusFilter): {
  orderStatus?: string | { $in: string[] };
  webRejected?: boolean;
  pendingWebApproval?: boolean;
} {
  if (label === ORDER_REJECTED) return { webRejected: true };
  if (label === PENDING_SUPERVISOR_APPROVAL) return { webRejected: false, pendingWebApproval: true };
  const statuses = sourceStatusesOf(label);
  return {
    orderStatus: statuses.length === 1 ? statuses[0] : { $in: statuses },
    webRejected: false,
    pendingWebApproval: false,
  };
}
