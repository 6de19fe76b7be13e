import { BadRequest, NotFound } from "@feathersjs/errors";
import type { Caller } from "../../auth/caller";
import { byKey, callerOf, idOf, type Ctx, type ProviderParams } from "../base";
import { despatchOut } from "./output";
import type { DespatchLineRow, DespatchRow, OrderRow } from "./rows";
import { visibleOrders } from "./visibility";

/** GET /api/despatch (orderId) and /api/despatch/:id, visible through their order. */
export class DespatchService {
  constructor(private ctx: Ctx) {}
  private base(caller: Caller) {
    return this.ctx
      .db("despatches")
      .whereIn("despatches.order_id", visibleOrders(this.ctx.db, caller).select("orders.id"));
  }
  private async out(rows: DespatchRow[]) {
    const lines: DespatchLineRow[] = rows.length
      ? await this.ctx
          .db("despatch_lines")
          .whereIn(
            "despatch_id",
            rows.map((r) => r.id),
          )
          .orderBy("id")
      : [];
    const orders: Array<Pick<OrderRow, "id" | "tran_id">> = rows.length
      ? await this.ctx
          .db("orders")
          .whereIn("id", [...new Set(rows.map((r) => r.order_id))])
          .select("id", "tran_id")
      : [];
    const linesBy = byKey(lines, (l) => l.despatch_id);
    const orderBy = new Map(orders.map((o) => [o.id, o]));
    return rows.map((d) => despatchOut(d, linesBy.get(d.id) ?? [], orderBy.get(d.order_id)));
  }
  async find(params: ProviderParams) {
    const caller = callerOf(params);
    const { orderId, ...rest } = (params.query ?? {}) as Record<string, unknown>;
    const unknown = Object.keys(rest)[0];
    if (unknown) throw new BadRequest(`Invalid query parameter '${unknown}'`, { field: unknown });
    const q = this.base(caller)
      .orderBy([
        { column: "created_date", order: "desc" },
        { column: "id", order: "desc" },
      ])
      .limit(1000);
    if (orderId !== undefined) q.where("despatches.order_id", idOf(orderId, "Order"));
    const data = await this.out(await q);
    return { total: data.length, limit: 1000, skip: 0, data };
  }
  async get(id: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const key = idOf(id, "Despatch");
    const row: DespatchRow | undefined = await this.base(caller).where("despatches.id", key).first();
    if (!row) throw new NotFound(`Despatch '${key}' not found`);
    return (await this.out([row]))[0];
  }
}
