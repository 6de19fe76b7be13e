/** /api/admin/customer: customers to pick. */
import type { Knex } from "knex";
import { z } from "zod";
import {
  countsBy,
  fieldErrors,
  likePattern,
  listQuery,
  pageOf,
  requireAdmin,
  requireCustomerRow,
  routeId,
  type AdminCtx,
  type Page,
  adminQuery,
} from "../admin-common";
import type { ProviderParams } from "../base";

const customerQuery = listQuery({ q: z.string().max(200, "at most 200 characters").optional() }, 16);

/** GET /api/admin/customer (+/:id): customers by name, with how many users have a business unit there. */
export class AdminCustomerService {
  constructor(private ctx: AdminCtx) {}

  private async out(db: Knex, rows: any[]) {
    const byId = await countsBy(
      db,
      "user_customers",
      "customer_id",
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ id: String(r.id), name: r.name, userCount: byId.get(Number(r.id)) ?? 0 }));
  }

  async find(params: ProviderParams): Promise<Page<{ id: string; name: string; userCount: number }>> {
    const q = adminQuery(params, customerQuery);
    const { db } = this.ctx;
    const filtered = db("customers");
    const text = q.q?.trim();
    if (text) filtered.whereRaw("lower(name) like ? escape '\\'", [likePattern(text)]);
    const { total, rows } = await pageOf<any>(
      filtered,
      q,
      [
        { column: "name", order: "asc" },
        { column: "id", order: "asc" },
      ],
      ["id", "name"],
    );
    return { total, limit: q.$limit, skip: q.$skip, data: await this.out(db, rows) };
  }

  async get(id: unknown, params: ProviderParams) {
    requireAdmin(params);
    if (params.query && Object.keys(params.query).length)
      throw fieldErrors({ [Object.keys(params.query)[0]]: "Unknown parameter" });
    const customer = await requireCustomerRow(this.ctx.db, routeId(id, "Customer"));
    return (await this.out(this.ctx.db, [customer]))[0];
  }
}
