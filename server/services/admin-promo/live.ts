/** GET /api/promotion: the promotions live today for the caller's customer. */
import { BadRequest } from "@feathersjs/errors";
import type { Knex } from "knex";
import { callerOf, type ProviderParams } from "../base";
import { dayOf, promotionShown, type PromoRow } from "./promo-input";

/** The promotions live today for a customer (all customers, its sector, itself), in the admin's order. */
export async function livePromotions(db: Knex, customerId: number, now: Date) {
  const today = dayOf(now);
  const customer = await db("customers").where("id", customerId).first("sector_id");
  const rows: Array<PromoRow & { item_inactive: boolean | number | null }> = await db("promotions as p")
    .leftJoin("items as i", "i.id", "p.item_id")
    .where("p.starts_on", "<=", today)
    .where("p.ends_on", ">=", today)
    .where((w) => {
      w.where("p.audience", "all").orWhere((c) => {
        c.where("p.audience", "customer").where("p.customer_id", customerId);
      });
      if (customer?.sector_id != null)
        w.orWhere((s) => {
          s.where("p.audience", "sector").where("p.sector_id", customer.sector_id);
        });
    })
    .orderBy([{ column: "p.position" }, { column: "p.id" }])
    .select("p.*", "i.is_inactive as item_inactive");
  return rows
    .filter((r) => !(r.kind === "featured" && r.item_inactive))
    .map((r) => ({
      ...promotionShown(r),
      itemId: r.item_id == null ? null : String(r.item_id),
    }));
}

/** GET /api/promotion (any logged-in user): the caller's customer's live promotions, for the dashboard. */
export class PromotionService {
  constructor(private ctx: { db: Knex; now: () => Date }) {}
  async find(params: ProviderParams) {
    const caller = callerOf(params);
    for (const key of Object.keys(params.query ?? {}))
      throw new BadRequest(`Invalid query parameter '${key}'`, { errors: { [key]: "Unknown parameter" } });
    if (caller.customerId == null) return { total: 0, data: [] };
    const data = await livePromotions(this.ctx.db, caller.customerId, this.ctx.now());
    return { total: data.length, data };
  }
}
