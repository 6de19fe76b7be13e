import type { Knex } from "knex";
import { canApprove, type Caller } from "../../auth/caller";
import { byKey, money, str } from "../base";
import { pricesHiddenFrom } from "../prices-hidden";
import { WEARER_PACK_TYPE } from "./common";
import type { DespatchLineRow, DespatchRow, OrderLineRow, OrderRow, ShipGroupRow } from "./rows";

// Rows → the API shapes of docs/upstream-api.md: an order, its lines, ship groups and despatches.

export interface OrderOut {
  internalId: string;
  tranId: string;
  [key: string]: unknown;
}

/**
 * Orders given to a caller with pricingHidden (decision 058): their goods amounts (subTotal, taxTotal, total, and the
 * lines' rate and amount) are sent as null, as the catalogue sends such a caller no prices; the delivery charge stays.
 */
const amountsHidden = new WeakSet<OrderOut>();

export function orderOut(r: OrderRow, caller: Caller): OrderOut {
  const out = orderFields(r, caller);
  if (pricesHiddenFrom(caller)) {
    Object.assign(out, { subTotal: null, taxTotal: null, total: null });
    amountsHidden.add(out);
  }
  return out;
}

function orderFields(r: OrderRow, caller: Caller): OrderOut {
  const total = money(Number(r.sub_total) + Number(r.shipping_cost) + Number(r.tax_total));
  const hasShipping = r.ship_addr1 || r.ship_addr_text || r.ship_addressee;
  return {
    internalId: String(r.id),
    tranId: r.tran_id,
    otherRefNum: r.other_ref_num ?? null,
    createdDate: r.created_date,
    shipDate: r.ship_date ?? null,
    orderStatus: r.order_status,
    status: r.order_status,
    salesOrderType: { internalId: String(r.sales_order_type_id) },
    isWearerPack: r.sales_order_type_id === WEARER_PACK_TYPE,
    subTotal: money(r.sub_total),
    shippingCost: money(r.shipping_cost),
    taxTotal: money(r.tax_total),
    total,
    contact: { internalId: str(r.contact_id), name: r.contact_name },
    placedBy: r.placed_by_user_id == null ? null : { id: r.placed_by_user_id },
    employee: r.employee_contact_id == null ? null : { internalId: String(r.employee_contact_id) },
    department: r.department_id == null ? null : { internalId: String(r.department_id) },
    shippingAddress: hasShipping
      ? {
          internalId: str(r.ship_address_id),
          addressee: r.ship_addressee ?? null,
          addr1: r.ship_addr1 ?? "",
          addr2: r.ship_addr2 ?? "",
          city: r.ship_city ?? "",
          zip: r.ship_zip ?? "",
          addrText: r.ship_addr_text ?? "",
        }
      : null,
    shippingMethod: r.shipping_method_id == null ? null : { internalId: String(r.shipping_method_id) },
    message: r.message ?? null,
    paymentMethod: { internalId: String(r.payment_method_id ?? 0) },
    stripeId: r.stripe_id ?? null,
    stripePaid: !!r.stripe_paid,
    webRejected: !!r.web_rejected,
    pendingWebApproval: !!r.pending_web_approval,
    rejectionNote: r.rejection_note ?? null,
    pickingNote: r.picking_note ?? null,
    orderToApprove:
      !!r.pending_web_approval &&
      canApprove(caller) &&
      r.placed_by_user_id !== caller.userId &&
      (r.approver_user_id == null || r.approver_user_id === caller.userId),
    approval: r.decision
      ? {
          decision: r.decision,
          decidedAt: r.decided_at,
          decidedBy: r.decided_by_user_id == null ? null : { id: r.decided_by_user_id },
        }
      : null,
  };
}

/** A wearer-pack line names its wearer (`employee.name`, the contact's first and last name; null when unknown). */
export const lineOut = (l: OrderLineRow, wearerNames: ReadonlyMap<number, string> = new Map()) => ({
  line: l.line_no,
  item: { internalId: str(l.item_id), name: l.name },
  parent: l.parent_item_id == null ? null : { internalId: String(l.parent_item_id) },
  itemId: l.item_code ?? null,
  quantity: l.quantity,
  quantityFulfilled: l.quantity_fulfilled,
  rate: money(l.rate),
  amount: money(l.amount),
  employee:
    l.employee_contact_id == null
      ? null
      : { internalId: String(l.employee_contact_id), name: wearerNames.get(l.employee_contact_id) ?? null },
  shipAddress:
    l.ship_address_id == null && !l.ship_address_name
      ? null
      : { internalId: str(l.ship_address_id), name: l.ship_address_name ?? null },
});

export const shipGroupOut = (g: ShipGroupRow) => ({
  id: String(g.id),
  destinationAddressRef: { internalId: str(g.address_id) },
  destinationAddress: g.address_text,
  addressName: g.address_name ?? null,
  shippingMethod: g.shipping_method_id == null ? null : { internalId: String(g.shipping_method_id) },
  shippingCost: money(g.shipping_cost),
});

export const despatchOut = (d: DespatchRow, lines: DespatchLineRow[], order?: Pick<OrderRow, "id" | "tran_id">) => ({
  internalId: String(d.id),
  tranId: d.tran_id,
  createdDate: d.created_date,
  carrier: d.carrier ?? null,
  trackingNumber: d.tracking_number ?? null,
  status: d.status,
  order: order ? { internalId: String(order.id), tranId: order.tran_id } : { internalId: String(d.order_id) },
  lines: lines.map((l) => ({
    item: { internalId: str(l.item_id), name: l.name },
    quantity: l.quantity,
    orderLine: str(l.order_line_id),
  })),
});

/** Lines, ship groups (and despatches) for a page of orders: one whereIn each, never a query per order. */
export async function attachDetails(db: Knex, orders: OrderOut[], withDespatches: boolean): Promise<void> {
  if (!orders.length) return;
  const ids = orders.map((o) => Number(o.internalId));
  const [lines, groups, despatches] = (await Promise.all([
    db("order_lines").whereIn("order_id", ids).orderBy(["order_id", "line_no", "id"]),
    db("order_ship_groups").whereIn("order_id", ids).orderBy(["order_id", "id"]),
    withDespatches
      ? db("despatches").whereIn("order_id", ids).orderBy(["order_id", "created_date", "id"])
      : Promise.resolve([]),
  ])) as [OrderLineRow[], ShipGroupRow[], DespatchRow[]];
  const wearerIds = [...new Set(lines.map((l) => l.employee_contact_id).filter((id): id is number => id != null))];
  const [despatchLines, wearers] = (await Promise.all([
    despatches.length
      ? db("despatch_lines")
          .whereIn(
            "despatch_id",
            despatches.map((d) => d.id),
          )
          .orderBy("id")
      : Promise.resolve([]),
    wearerIds.length
      ? db("contacts").whereIn("id", wearerIds).select("id", "first_name", "last_name")
      : Promise.resolve([]),
  ])) as [DespatchLineRow[], Array<{ id: number; first_name: string | null; last_name: string | null }>];
  const wearerNames = new Map(wearers.map((w) => [Number(w.id), `${w.first_name ?? ""} ${w.last_name ?? ""}`.trim()]));
  const linesBy = byKey(lines, (l) => String(l.order_id));
  const groupsBy = byKey(groups, (g) => String(g.order_id));
  const despatchesBy = byKey(despatches, (d) => String(d.order_id));
  const dLinesBy = byKey(despatchLines, (l) => l.despatch_id);
  for (const o of orders) {
    const ls = linesBy.get(o.internalId) ?? [];
    o.itemList = {
      item: amountsHidden.has(o)
        ? ls.map((l) => ({ ...lineOut(l, wearerNames), rate: null, amount: null }))
        : ls.map((l) => lineOut(l, wearerNames)),
    };
    o.totalQuantity = ls.reduce((n, l) => n + l.quantity, 0);
    o.shipGroupList = { shipGroup: (groupsBy.get(o.internalId) ?? []).map(shipGroupOut) };
    if (withDespatches)
      o.despatches = (despatchesBy.get(o.internalId) ?? []).map((d) => despatchOut(d, dLinesBy.get(d.id) ?? []));
  }
}
