import { NotFound } from "@feathersjs/errors";
import { z } from "zod";
import { parseOr400 } from "../basket-session";
import { bodyOf, byKey, callerOf, json, str, type Ctx, type ProviderParams } from "../base";
import { priceFor } from "../prices-hidden";
import { idValue, MAX_QTY, WEARER_PACK_TYPE } from "./common";
import type { ItemRow, OrderLineRow, OrderRow } from "./rows";
import { visibleOrders } from "./visibility";

/**
 * POST /api/re-order {orderId}: the order's lines as basket lines, without products that are gone; the lines' price
 * is null for a caller with pricingHidden (decision 066).
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
    const items: ItemRow[] = await db("items").whereIn("id", lines.map((l) => l.item_id).filter((x) => x != null));
    const live = new Map<number | null, ItemRow>(items.filter((i) => !i.is_inactive && i.price != null).map((i) => [i.id, i]));
    const dropped: Array<{ internalId: string | null; name: string }> = [];
    const basketLines: Array<{ employee: number | null; line: Record<string, unknown> }> = [];
    for (const l of lines) {
      const item = live.get(l.item_id);
      if (!item) {
        dropped.push({ internalId: str(l.item_id), name: l.name });
        continue;
      }
      const images = json<Record<string, string[]>>(item.images_json, {});
      basketLines.push({
        employee: l.employee_contact_id,
        line: {
          productId: String(item.id), parentId: String(item.parent_id ?? item.id), qty: Math.min(l.quantity, MAX_QTY), name: item.display_name,
          price: priceFor(caller, Number(item.price)), thumbnail: item.default_image ?? Object.values(images)[0]?.[0] ?? null,
        },
      });
    }
    const isManpack = order.sales_order_type_id === WEARER_PACK_TYPE;
    const result: Record<string, unknown> = { orderId: String(orderId), orderType: isManpack ? "manpack" : "standard", dropped };
    if (isManpack) {
      const byEmployee = byKey(basketLines, (b) => b.employee ?? order.employee_contact_id);
      result.packs = [...byEmployee].map(([employee, ls]) => ({ employeeId: str(employee), data: ls.map((b) => b.line) }));
    } else {
      result.lines = basketLines.map((b) => b.line);
    }
    return result;
  }
}
