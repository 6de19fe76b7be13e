/**
 * Order history: stock and wearer-pack orders over the last 18 months with lines, ship groups,
 * despatches (carrier, tracking number) and approval decisions. Generated in chunks so the large seed
 * streams 200,000 orders without holding them all.
 */
import type { SellableItem } from "./catalogue-rows";
import { round2 } from "./catalogue";
import type { CustomerContext, Person, SeededAddress } from "./people-rows";
import { CARRIAGE, CARRIERS } from "./organisations";
import { deliveryAvailability } from "../../services/delivery-rules";
import type { Row } from "./insert";
import type { Rng } from "./prng";

export const ORDER_TABLES = ["orders", "order_lines", "order_ship_groups", "despatches", "despatch_lines"] as const;
export type OrderBatch = Record<(typeof ORDER_TABLES)[number], Row[]>;

/** SPEC §4 source statuses, every one of which the history shows. */
export const ORDER_STATUSES = [
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
type Status = (typeof ORDER_STATUSES)[number];

const DAY = 86_400_000;
const HISTORY_DAYS = 540;

/** Status odds by the order's age: recent orders are still moving, old ones are billed. */
const STATUS_BY_AGE: { maxDays: number; weights: [Status, number][] }[] = [
  {
    maxDays: 3,
    weights: [
      ["Pending Approval", 2],
      ["Pending Fulfillment", 5],
      ["Pending Fulfilment", 2],
      ["Partially Fulfilled", 1],
      ["Cancelled", 0.3],
    ],
  },
  {
    maxDays: 10,
    weights: [
      ["Pending Fulfillment", 1],
      ["Partially Fulfilled", 3],
      ["Pending Billing/Partially Fulfilled", 2],
      ["Pending Billing", 3],
      ["Cancelled", 0.3],
    ],
  },
  {
    maxDays: 30,
    weights: [
      ["Partially Fulfilled", 1],
      ["Pending Billing/Partially Fulfilled", 1],
      ["Pending Billing", 2],
      ["Fully Billed", 4],
      ["Billed", 1],
      ["Cancelled", 0.3],
    ],
  },
  {
    maxDays: Infinity,
    weights: [
      ["Fully Billed", 10],
      ["Billed", 3],
      ["Closed", 1],
      ["Cancelled", 0.6],
    ],
  },
];

const PARTLY_SHIPPED = new Set<Status>(["Partially Fulfilled", "Pending Billing/Partially Fulfilled"]);
const FULLY_SHIPPED = new Set<Status>(["Pending Billing", "Fully Billed", "Billed", "Closed"]);

const INSTRUCTIONS = [
  "Please deliver to goods-in at the rear of the building.",
  "Deliveries accepted 08:00–16:00 Monday to Friday only.",
  "Call site office on arrival – 0113 496 0123.",
  "Leave with security at the gatehouse.",
  "New starters on Monday – urgent please.",
  "Pack each wearer's items separately and label with their name.",
];
const PICKING_NOTES = [
  "Pack by wearer name",
  "Embroidery proof approved 12/03",
  "Split pack: back-order item to follow",
  "Fold, do not hang",
];
const REJECTION_NOTES = [
  "Please use the framework polo instead – this one is not on our contract.",
  "Quantity too high for one site; split across depots.",
  "Budget for this quarter already used. Resubmit next month.",
];

export interface OrderIds {
  order: number;
  line: number;
  shipGroup: number;
  despatch: number;
  despatchLine: number;
}

export function newOrderIds(): OrderIds {
  return { order: 1, line: 1, shipGroup: 1, despatch: 1, despatchLine: 1 };
}

export interface OrderPlan {
  ctx: CustomerContext;
  items: SellableItem[];
  count: number;
  anchorMs: number;
  /** stop forcing requester orders into Pending Approval after this many */
  maxAwaitingApproval: number;
  /**
   * The items a wearer is entitled to (decision 104): a wearer's pack lines are drawn from these, so a reorder of a
   * seeded wearer-pack order can be ordered. Without it, from all of `items`.
   */
  entitledItems?: (wearer: Person) => SellableItem[];
}

interface Placer {
  person: Person;
  /** the placer's orders need a supervisor's approval, by this user */
  approverUserId?: number;
  manpackOnly?: boolean;
  /** no manpack permission: never places wearer packs */
  stockOnly?: boolean;
  punchout?: boolean;
}

function placersFor(ctx: CustomerContext): [Placer, number][] {
  const u = (email: string) => ctx.users.get(email);
  const entries: [Placer | undefined, number][] = [
    [u("buyer@demo.test") && { person: u("buyer@demo.test")! }, 35],
    [
      u("requester@demo.test") && {
        person: u("requester@demo.test")!,
        stockOnly: true,
        approverUserId: u("approver@demo.test")?.userId ?? undefined,
      },
      20,
    ],
    [u("approver@demo.test") && { person: u("approver@demo.test")!, stockOnly: true }, 8],
    [u("manpack@demo.test") && { person: u("manpack@demo.test")!, manpackOnly: true }, 30],
    [u("punchout@demo.test") && { person: u("punchout@demo.test")!, stockOnly: true, punchout: true }, 45],
    ...ctx.otherOrderers.map((person): [Placer, number] => [{ person }, 6]),
  ];
  return entries.filter((e): e is [Placer, number] => Boolean(e[0]));
}

/** Orders of one customer, `chunkSize` at a time, oldest first. */
export function* generateOrders(plan: OrderPlan, rng: Rng, ids: OrderIds, chunkSize: number): Generator<OrderBatch> {
  const { ctx, count } = plan;
  const placers = placersFor(ctx);
  const manpackShare = ctx.customer.key === "harbour" ? 0.35 : 0.15;
  let awaiting = 0;
  for (let start = 0; start < count; start += chunkSize) {
    const batch: OrderBatch = {
      orders: [],
      order_lines: [],
      order_ship_groups: [],
      despatches: [],
      despatch_lines: [],
    };
    for (let i = start; i < Math.min(count, start + chunkSize); i++) {
      // Ages skew recent (u² spread), newest last; ids therefore follow time.
      const u = 1 - (i + rng.next()) / count;
      const ageMs = HISTORY_DAYS * DAY * u * u + rng.int(0, 3600_000);
      const created = businessHours(plan.anchorMs - ageMs, rng);
      const placer = rng.weighted(placers);
      const isManpack = placer.manpackOnly || (!placer.stockOnly && rng.chance(manpackShare));
      let status: Status = rng.weighted(STATUS_BY_AGE.find((b) => ageMs / DAY < b.maxDays)!.weights);
      const approval: Row = {
        approver_user_id: null,
        decision: null,
        decided_at: null,
        decided_by_user_id: null,
        web_rejected: false,
        pending_web_approval: false,
        rejection_note: null,
      };
      if (placer.approverUserId) {
        approval.approver_user_id = placer.approverUserId;
        if (ageMs < 5 * DAY && awaiting < plan.maxAwaitingApproval) {
          awaiting++;
          status = "Pending Approval";
          approval.pending_web_approval = true;
        } else {
          const rejected = rng.chance(0.08);
          approval.decision = rejected ? "rejected" : "approved";
          approval.decided_at = new Date(created + rng.int(1, 20) * 3600_000).toISOString();
          approval.decided_by_user_id = placer.approverUserId;
          if (rejected) {
            status = "Cancelled";
            approval.web_rejected = true;
            approval.rejection_note = rng.pick(REJECTION_NOTES);
          } else if (status === "Pending Approval") status = "Pending Fulfillment";
        }
      }
      addOrder(batch, { plan, rng, ids, created, placer, isManpack, status, approval });
    }
    yield batch;
  }
}

interface OrderInput {
  plan: OrderPlan;
  rng: Rng;
  ids: OrderIds;
  created: number;
  placer: Placer;
  isManpack: boolean;
  status: Status;
  approval: Row;
}

function addOrder(batch: OrderBatch, o: OrderInput): void {
  const { rng, ids, plan } = o;
  const { ctx } = plan;
  const orderId = ids.order++;
  const tranId = `SO${100_000 + orderId}`;
  const carriage = rng.weighted([
    [CARRIAGE[0], 6],
    [CARRIAGE[1], 3],
    [CARRIAGE[2], 2],
  ] as const);
  // Lines: a stock order ships to one address; a wearer pack is one pack per wearer, maybe to several addresses.
  const lines: Row[] = [];
  const groups = new Map<number, SeededAddress>();
  const mainAddress = rng.weighted(ctx.addresses.map((a, i) => [a, i === 0 ? 4 : 1] as const));
  const wearers = o.isManpack
    ? rng.sample(
        ctx.wearers,
        rng.weighted([
          [1, 6],
          [2, 2],
          [3, 1],
          [5, 0.4],
        ]),
      )
    : [];
  const addLine = (item: SellableItem, quantity: number, wearer: Person | null, address: SeededAddress) => {
    groups.set(address.id, address);
    lines.push({
      id: ids.line++,
      order_id: orderId,
      line_no: lines.length + 1,
      item_id: item.id,
      parent_item_id: item.parentId,
      item_code: item.code,
      name: item.name,
      quantity,
      rate: item.price,
      amount: round2(item.price * quantity),
      employee_contact_id: wearer?.contactId ?? null,
      ship_address_id: address.id,
      ship_address_name: address.def.label,
      quantity_fulfilled: 0,
    });
  };
  if (o.isManpack) {
    const spread = wearers.length > 1 && rng.chance(0.4);
    for (const wearer of wearers) {
      const address = spread ? rng.pick(ctx.addresses) : mainAddress;
      // the same draws as from all items (each wearer is entitled to more than 4), so no other seeded row changes
      const range = plan.entitledItems?.(wearer) ?? plan.items;
      for (const item of rng.sample(range, rng.int(2, 4))) addLine(item, item.step * rng.int(1, 3), wearer, address);
    }
  } else {
    for (const item of rng.sample(
      plan.items,
      rng.weighted([
        [1, 3],
        [2, 3],
        [3, 2],
        [4, 1],
        [6, 0.5],
      ]),
    )) {
      addLine(item, item.step * rng.int(1, item.step > 1 ? 5 : 12), null, mainAddress);
    }
  }
  const subTotal = round2(lines.reduce((s, l) => s + (l.amount as number), 0));
  // the provider's own rule (decision 073): a method the subtotal does not reach falls back to standard delivery
  const shipVia = deliveryAvailability({ minimum_order_amount: carriage.minimumOrder }, subTotal).available
    ? carriage
    : CARRIAGE[0];
  const shipping = shipVia.rate;
  const carriageId = shipVia.id;
  const otherRef = rng.chance(0.75) ? `PO-${ctx.customer.prefix}-${String(40_000 + orderId).padStart(6, "0")}` : null;
  const contactName = o.placer.person.name;
  const shipDate = shipLines(batch, lines, o, tranId);
  const stockAddress = o.isManpack ? null : mainAddress;
  batch.orders.push({
    id: orderId,
    tran_id: tranId,
    other_ref_num: otherRef,
    customer_id: ctx.customer.id,
    placed_by_user_id: o.placer.person.userId,
    contact_id: o.placer.person.contactId,
    contact_name: contactName,
    employee_contact_id: wearers[0]?.contactId ?? null,
    department_id: o.placer.person.departmentId,
    created_date: new Date(o.created).toISOString(),
    ship_date: shipDate,
    order_status: o.status,
    sales_order_type_id: o.isManpack ? 1 : 2,
    sub_total: subTotal,
    shipping_cost: shipping,
    tax_total: round2((subTotal + shipping) * 0.2),
    shipping_method_id: carriageId,
    ship_address_id: stockAddress?.id ?? null,
    ship_addressee: stockAddress?.def.addressee ?? null,
    ship_addr1: stockAddress?.def.addr1 ?? null,
    ship_addr2: stockAddress?.def.addr2 ?? null,
    ship_city: stockAddress?.def.city ?? null,
    ship_zip: stockAddress?.def.zip ?? null,
    ship_addr_text: stockAddress?.text ?? null,
    message: rng.chance(0.25) ? rng.pick(INSTRUCTIONS) : null,
    payment_method_id: ctx.customer.paymentMethods.length > 1 && rng.chance(0.1) ? rng.int(1, 2) : 0,
    ...o.approval,
    picking_note: rng.chance(0.1) ? rng.pick(PICKING_NOTES) : null,
    idempotency_key: null,
    punchout_session: o.placer.punchout ? `PUNCHOUT-${tranId}` : null,
    search_text: `${contactName} ${otherRef ?? ""} ${tranId}`.toLowerCase(),
  });
  for (const address of groups.values()) {
    batch.order_ship_groups.push({
      id: ids.shipGroup++,
      order_id: orderId,
      address_id: address.id,
      address_name: address.def.label,
      address_text: `${address.def.addressee}, ${address.text}`,
      shipping_method_id: carriageId,
      shipping_cost: round2(shipping / groups.size),
    });
  }
  batch.order_lines.push(...lines);
}

/** Fulfils lines as the status says, writing despatches; answers the first ship date. */
function shipLines(batch: OrderBatch, lines: Row[], o: OrderInput, tranId: string): string | null {
  const { rng, ids } = o;
  let shipped: Row[] = [];
  if (FULLY_SHIPPED.has(o.status)) {
    for (const l of lines) l.quantity_fulfilled = l.quantity;
    shipped = lines;
  } else if (PARTLY_SHIPPED.has(o.status)) {
    const n = Math.max(1, Math.floor(lines.length / 2));
    shipped = lines.slice(0, n);
    for (const l of shipped) l.quantity_fulfilled = l.quantity;
    if (n === lines.length) {
      // one line: half of it went
      const l = lines[0];
      l.quantity_fulfilled = Math.max(0, (l.quantity as number) - 1);
    }
  }
  if (shipped.length === 0) return null;
  // Most orders go in one despatch; some in two.
  const parts = shipped.length > 1 && rng.chance(0.2) ? [shipped.slice(0, 1), shipped.slice(1)] : [shipped];
  let first: string | null = null;
  let day = o.created;
  parts.forEach((part, p) => {
    // despatched a day or three later, but never after "now"
    day = Math.max(day, Math.min(day + rng.int(1, 3) * DAY, o.plan.anchorMs - 3_600_000));
    const despatchId = ids.despatch++;
    const carrier = rng.pick(CARRIERS);
    const date = new Date(day);
    first ??= date.toISOString().slice(0, 10);
    batch.despatches.push({
      id: despatchId,
      order_id: lines[0].order_id,
      tran_id: `IF${tranId.slice(2)}-${p + 1}`,
      created_date: date.toISOString(),
      carrier: carrier.name,
      tracking_number: carrier.tracking(despatchId * 7919 + 1_000_003),
      status: "Shipped",
    });
    for (const l of part) {
      batch.despatch_lines.push({
        id: ids.despatchLine++,
        despatch_id: despatchId,
        order_line_id: l.id,
        item_id: l.item_id,
        name: l.name,
        quantity: l.quantity_fulfilled,
      });
    }
  });
  return first;
}

/** Moves a timestamp into 08:00–17:59 on a weekday, keeping the date where it can. */
function businessHours(ms: number, rng: Rng): number {
  const d = new Date(ms);
  const weekday = d.getUTCDay();
  if (weekday === 0) d.setUTCDate(d.getUTCDate() - 2);
  if (weekday === 6) d.setUTCDate(d.getUTCDate() - 1);
  d.setUTCHours(rng.int(8, 17), rng.int(0, 59), rng.int(0, 59), 0);
  return d.getTime();
}
