import { NotFound } from "@feathersjs/errors";
import { z } from "zod";
import { parseOr400 } from "../basket-session";
import { bodyOf, byKey, callerOf, json, str, type Ctx, type ProviderParams } from "../base";
import { priceFor } from "../prices-hidden";
import { QUANTITY_MAX } from "../../../app/domain/quantity";
import { idValue, WEARER_PACK_TYPE } from "./common";
import { entitledItemIds } from "../wearers";
import type { ContactRow, ItemRow, OrderLineRow, OrderRow } from "./rows";
import { visibleOrders } from "./visibility";

/**
 * A line left out of the re-order: a product gone is named as before; a wearer's line left out for another cause
 * says why (`reason`, words the portal can show as they are).
 */
export interface DroppedLine {
  internalId: string | null;
  name: string;
  /** the wearer whose pack the line was in (wearer-pack orders) */
  employeeId?: string;
  reason?: string;
}

/**
 * POST /api/re-order {orderId}: the order's lines as basket lines, without products that are gone; the lines' price
 * is null for a caller with pricingHidden (decision 066). A wearer-pack order's lines also leave out those of a wearer
 * who is no longer an active contact of the customer, and those the wearer is no longer entitled to (decision 104),
 * so the packs answered can be ordered as they are (allowances aside: the basket shows them and the order checks them).
 */
export class ReOrderService {
  constructor(private ctx: Ctx) {}
  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const { orderId } = parseOr400(z.object({ orderId: idValue }).strict(), bodyOf(data));
    const db = this.ctx.db;
    const order: OrderRow | undefined = await visibleOrders(db, caller).where("orders.id", orderId).first();
    if (!order) throw new NotFound(`Order '${orderId}' not found`);
    const lines: OrderLineRow[] = await db("order_lines").where("order_id", orderId).orderBy(["line_no", "id"]);
    const items: ItemRow[] = await db("items").whereIn(
      "id",
      lines.map((l) => l.item_id).filter((x) => x != null),
    );
    const live = new Map<number | null, ItemRow>(
      items.filter((i) => !i.is_inactive && i.price != null).map((i) => [i.id, i]),
    );
    const isManpack = order.sales_order_type_id === WEARER_PACK_TYPE;
    const wearerOf = (l: OrderLineRow) => l.employee_contact_id ?? order.employee_contact_id;
    const wearerIds = isManpack ? [...new Set(lines.map(wearerOf).filter((x): x is number => x != null))] : [];
    const wearers = new Map<number, ContactRow>();
    for (const w of wearerIds.length
      ? ((await db("contacts").whereIn("id", wearerIds).where("customer_id", order.customer_id)) as ContactRow[])
      : [])
      wearers.set(w.id, w);
    const entitled = new Map<number, Set<number> | null>();
    for (const w of wearers.values())
      if (!w.is_inactive) entitled.set(w.id, await entitledItemIds(db, order.customer_id, w));
    const dropped: DroppedLine[] = [];
    const basketLines: Array<{ employee: number | null; line: Record<string, unknown> }> = [];
    for (const l of lines) {
      const item = live.get(l.item_id);
      const employee = isManpack ? wearerOf(l) : null;
      const drop = (reason?: string) =>
        dropped.push({
          internalId: str(l.item_id),
          name: l.name,
          ...(employee == null ? {} : { employeeId: String(employee) }),
          ...(reason ? { reason } : {}),
        });
      if (!item) {
        drop();
        continue;
      }
      if (isManpack) {
        const wearer = employee == null ? undefined : wearers.get(employee);
        if (!wearer) {
          drop(`${l.name}: its wearer is no longer a contact of this customer`);
          continue;
        }
        const name = `${wearer.first_name} ${wearer.last_name}`.trim();
        if (wearer.is_inactive) {
          drop(`${name} is no longer an active wearer`);
          continue;
        }
        const allowed = entitled.get(wearer.id);
        if (allowed && !allowed.has(item.id) && !(item.parent_id != null && allowed.has(item.parent_id))) {
          drop(`${name} is no longer entitled to ${item.display_name}`);
          continue;
        }
      }
      const images = json<Record<string, string[]>>(item.images_json, {});
      basketLines.push({
        employee,
        line: {
          productId: String(item.id),
          parentId: String(item.parent_id ?? item.id),
          qty: Math.min(l.quantity, QUANTITY_MAX),
          name: item.display_name,
          price: priceFor(caller, Number(item.price)),
          thumbnail: item.default_image ?? Object.values(images)[0]?.[0] ?? null,
        },
      });
    }
    const result: Record<string, unknown> = {
      orderId: String(orderId),
      orderType: isManpack ? "manpack" : "standard",
      dropped,
    };
    if (isManpack) {
      const byEmployee = byKey(basketLines, (b) => b.employee);
      result.packs = [...byEmployee].map(([employee, ls]) => ({
        employeeId: str(employee),
        data: ls.map((b) => b.line),
      }));
    } else {
      result.lines = basketLines.map((b) => b.line);
    }
    return result;
  }
}
