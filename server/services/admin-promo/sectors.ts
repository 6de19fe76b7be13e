/** GET /api/admin/sector: the sectors a promotion can be shown to. */
import { countsBy, listQuery, pageOf, type AdminCtx, adminQuery } from "../admin-common";
import { type ProviderParams } from "../base";

const sectorQuery = listQuery({}, 100);

/** GET /api/admin/sector: the sectors an audience may name. */
export class AdminSectorService {
  constructor(private ctx: AdminCtx) {}
  async find(params: ProviderParams) {
    const q = adminQuery(params, sectorQuery);
    const { db } = this.ctx;
    const { total, rows } = await pageOf<any>(
      db("sectors"),
      q,
      [
        { column: "name", order: "asc" },
        { column: "id", order: "asc" },
      ],
      ["id", "name"],
    );
    const byId = await countsBy(
      db,
      "customers",
      "sector_id",
      rows.map((r) => r.id),
    );
    return {
      total,
      limit: q.$limit,
      skip: q.$skip,
      data: rows.map((r) => ({ id: String(r.id), name: r.name, customerCount: byId.get(Number(r.id)) ?? 0 })),
    };
  }
}
