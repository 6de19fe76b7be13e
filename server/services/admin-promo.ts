import { BadRequest, NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { isReversedDayRange } from "../../app/domain/dates";
import { callerOf, type ProviderParams } from "./base";
import { writeAudit } from "./admin-audit";
import { newIndex, requireProduct } from "./admin-catalogue";
import { promotionImageExists } from "./promotion-images";
import {
  canExist,
  customersById,
  fieldErrors,
  idInput,
  listQuery,
  pageOf,
  parseBody,
  parseQuery,
  requireAdmin,
  requireCustomerRow,
  routeId,
  type AdminCtx,
  type Page,
} from "./admin-common";

// Promotions (issue 21 item 3, decision 131): the dashboard's banners and featured products as data, scheduled by day
// and aimed at all customers, a sector or one customer; GET /api/promotion answers the caller's live ones.

const KINDS = ["banner", "featured"] as const;
const AUDIENCES = ["all", "sector", "customer"] as const;

/** Today's calendar day (UTC), as the promotions' days are kept. */
export const dayOf = (now: Date) => now.toISOString().slice(0, 10);

const realDay = (s: string) =>
  !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);
const day = z
  .string({ invalid_type_error: "must be a date (YYYY-MM-DD)" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine(realDay, "must be a real date");
const sitePath = z
  .string({ invalid_type_error: "must be a path on this site, starting with /" })
  .trim()
  .max(500, "must be at most 500 characters")
  .regex(/^\/(?![/\\])\S*$/, "must be a path on this site, starting with /");

const promoInput = z
  .object({
    kind: z.enum(KINDS, { errorMap: () => ({ message: "must be banner or featured" }) }).optional(),
    title: z
      .string({ invalid_type_error: "must be text" })
      .trim()
      .min(1, "must not be empty")
      .max(120, "must be at most 120 characters")
      .optional(),
    text: z.string({ invalid_type_error: "must be text" }).trim().max(500, "must be at most 500 characters").optional(),
    image: sitePath.nullable().optional(),
    link: sitePath.nullable().optional(),
    itemId: idInput.nullable().optional(),
    startsOn: day.optional(),
    endsOn: day.optional(),
    audience: z.enum(AUDIENCES, { errorMap: () => ({ message: "must be all, sector or customer" }) }).optional(),
    sectorId: idInput.nullable().optional(),
    customerId: idInput.nullable().optional(),
    position: z
      .number({ invalid_type_error: "must be a whole number" })
      .int("must be a whole number")
      .min(1, "must be 1 or more")
      .optional(),
    move: z.enum(["up", "down"], { errorMap: () => ({ message: "must be up or down" }) }).optional(),
  })
  .strict();
type PromoInput = z.infer<typeof promoInput>;

interface PromoRow {
  id: number;
  kind: string;
  title: string;
  text: string;
  image: string | null;
  link: string | null;
  item_id: number | null;
  starts_on: string;
  ends_on: string;
  audience: string;
  sector_id: number | null;
  customer_id: number | null;
  position: number;
  created_at: string;
  updated_at: string;
}

const statusOf = (r: PromoRow, today: string) =>
  r.starts_on > today ? "scheduled" : r.ends_on < today ? "ended" : "live";

async function promotionsOut(db: Knex, rows: PromoRow[], today: string) {
  const itemIds = [...new Set(rows.map((r) => r.item_id).filter((id): id is number => id != null))];
  const sectorIds = [...new Set(rows.map((r) => r.sector_id).filter((id): id is number => id != null))];
  const [items, sectors, customers] = await Promise.all([
    itemIds.length ? db("items").whereIn("id", itemIds).select("id", "item_code", "display_name") : [],
    sectorIds.length ? db("sectors").whereIn("id", sectorIds).select("id", "name") : [],
    customersById(
      db,
      rows.map((r) => r.customer_id),
    ),
  ]);
  const itemById = new Map(items.map((i: any) => [Number(i.id), i]));
  const sectorById = new Map(sectors.map((s: any) => [Number(s.id), s]));
  return rows.map((r) => {
    const item = r.item_id == null ? undefined : itemById.get(Number(r.item_id));
    const sector = r.sector_id == null ? undefined : sectorById.get(Number(r.sector_id));
    return {
      id: String(r.id),
      kind: r.kind,
      title: r.title,
      text: r.text,
      image: r.image ?? null,
      link: r.link ?? null,
      item: item ? { id: String(item.id), itemCode: item.item_code, displayName: item.display_name } : null,
      startsOn: r.starts_on,
      endsOn: r.ends_on,
      status: statusOf(r, today),
      audience: r.audience,
      sector: sector ? { id: String(sector.id), name: sector.name } : null,
      customer: r.customer_id == null ? null : (customers.get(Number(r.customer_id)) ?? null),
      position: Number(r.position),
      createdAt: r.created_at,
      updatedAt: r.updated_at,
    };
  });
}

const promoQuery = listQuery(
  {
    status: z
      .enum(["live", "scheduled", "ended"], { errorMap: () => ({ message: "must be live, scheduled or ended" }) })
      .optional(),
    kind: z.enum(KINDS, { errorMap: () => ({ message: "must be banner or featured" }) }).optional(),
  },
  50,
);

const sectorQuery = listQuery({}, 100);

/** GET /api/admin/sector: the sectors an audience may name. */
export class AdminSectorService {
  constructor(private ctx: AdminCtx) {}
  async find(params: ProviderParams) {
    requireAdmin(params);
    const q = parseQuery(sectorQuery, params.query) as z.infer<typeof sectorQuery>;
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
    const counts = rows.length
      ? await db("customers")
          .whereIn(
            "sector_id",
            rows.map((r) => r.id),
          )
          .groupBy("sector_id")
          .select("sector_id", db.raw("count(*) as n"))
      : [];
    const byId = new Map(counts.map((c: any) => [Number(c.sector_id), Number(c.n)]));
    return {
      total,
      limit: q.$limit,
      skip: q.$skip,
      data: rows.map((r) => ({ id: String(r.id), name: r.name, customerCount: byId.get(Number(r.id)) ?? 0 })),
    };
  }
}

/** GET/POST/PATCH/DELETE /api/admin/promotion. */
export class AdminPromotionService {
  constructor(private ctx: AdminCtx) {}

  async find(params: ProviderParams): Promise<Page<unknown>> {
    requireAdmin(params);
    const q = parseQuery(promoQuery, params.query) as z.infer<typeof promoQuery>;
    const { db } = this.ctx;
    const today = dayOf(this.ctx.now());
    const filtered = db("promotions");
    if (q.kind) filtered.where("kind", q.kind);
    if (q.status === "live") filtered.where("starts_on", "<=", today).where("ends_on", ">=", today);
    if (q.status === "scheduled") filtered.where("starts_on", ">", today);
    if (q.status === "ended") filtered.where("ends_on", "<", today);
    const { total, rows } = await pageOf<PromoRow>(
      filtered,
      q,
      [
        { column: "position", order: "asc" },
        { column: "id", order: "asc" },
      ],
      ["*"],
    );
    return { total, limit: q.$limit, skip: q.$skip, data: await promotionsOut(db, rows, today) };
  }

  private async rowOf(db: Knex, id: number): Promise<PromoRow> {
    const row = canExist(id) ? await db("promotions").where("id", id).first() : undefined;
    if (!row) throw new NotFound(`Promotion '${id}' not found`);
    return row;
  }

  private async one(id: number) {
    return (await promotionsOut(this.ctx.db, [await this.rowOf(this.ctx.db, id)], dayOf(this.ctx.now())))[0];
  }

  async get(id: unknown, params: ProviderParams) {
    requireAdmin(params);
    if (params.query && Object.keys(params.query).length)
      throw fieldErrors({ [Object.keys(params.query)[0]]: "Unknown parameter" });
    return this.one(routeId(id, "Promotion"));
  }

  /** The row a body makes of `current` (POST: none): checked whole, every referenced record found (404 otherwise). */
  private async merged(input: PromoInput, current?: PromoRow) {
    const errors: Record<string, string> = {};
    if (!current) {
      for (const k of ["position", "move"] as const) if (input[k] !== undefined) errors[k] = "Unknown field";
    } else if (input.kind !== undefined && input.kind !== current.kind)
      errors.kind = "cannot be changed: delete the promotion and create another";
    if (input.position !== undefined && input.move !== undefined)
      errors.move = "send either a position or a move, not both";
    const kind = input.kind ?? current?.kind;
    const title = input.title ?? current?.title;
    const startsOn = input.startsOn ?? current?.starts_on;
    const endsOn = input.endsOn ?? current?.ends_on;
    const audience = input.audience ?? current?.audience ?? "all";
    const itemId = input.itemId !== undefined ? input.itemId : (current?.item_id ?? null);
    const sectorId =
      input.sectorId !== undefined ? input.sectorId : audience === "sector" ? (current?.sector_id ?? null) : null;
    const customerId =
      input.customerId !== undefined
        ? input.customerId
        : audience === "customer"
          ? (current?.customer_id ?? null)
          : null;
    if (!kind) errors.kind = "Required";
    if (!title) errors.title = "Required";
    if (!startsOn) errors.startsOn = "Required";
    if (!endsOn) errors.endsOn = "Required";
    if (isReversedDayRange(startsOn, endsOn)) errors.endsOn = "must be on or after the start date";
    if (kind === "featured" && itemId == null) errors.itemId = "Required for a featured product";
    if (audience === "sector" && sectorId == null) errors.sectorId = "Required for audience 'sector'";
    if (audience !== "sector" && sectorId != null) errors.sectorId = "only with audience 'sector'";
    if (audience === "customer" && customerId == null) errors.customerId = "Required for audience 'customer'";
    if (audience !== "customer" && customerId != null) errors.customerId = "only with audience 'customer'";
    if (Object.keys(errors).length) throw fieldErrors(errors);
    const { db } = this.ctx;
    if (itemId != null) await requireProduct(db, itemId);
    if (sectorId != null && !(canExist(sectorId) && (await db("sectors").where("id", sectorId).first("id"))))
      throw new NotFound(`Sector '${sectorId}' not found`);
    if (customerId != null) await requireCustomerRow(db, customerId);
    // an uploaded image's address names an image that is kept (decision 165)
    const uploaded = /^\/promo-image\/(\d{1,9})$/.exec(input.image ?? "");
    if (uploaded && !(await promotionImageExists(db, Number(uploaded[1]))))
      throw fieldErrors({ image: "names an uploaded image that does not exist" });
    return {
      kind: kind!,
      title: title!,
      text: input.text ?? current?.text ?? "",
      image: input.image !== undefined ? input.image : (current?.image ?? null),
      link: input.link !== undefined ? input.link : (current?.link ?? null),
      item_id: itemId,
      starts_on: startsOn!,
      ends_on: endsOn!,
      audience,
      sector_id: sectorId,
      customer_id: customerId,
    };
  }

  async create(data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const input = parseBody(promoInput, data);
    const values = await this.merged(input);
    const { db } = this.ctx;
    const now = this.ctx.now().toISOString();
    let id = 0;
    await db.transaction(async (trx) => {
      const last = await trx("promotions").max({ p: "position" }).first();
      const [inserted] = await trx("promotions")
        .insert({
          ...values,
          position: Number(last?.p ?? 0) + 1,
          created_by_user_id: caller.userId,
          created_at: now,
          updated_at: now,
        })
        .returning("id");
      id = Number(typeof inserted === "object" ? inserted.id : inserted);
      await writeAudit(trx, this.ctx.now(), {
        adminUserId: caller.userId,
        customerId: values.customer_id,
        service: "admin/promotion",
        method: "create",
        recordId: id,
        summary: `Promotion '${values.title}' created (${values.kind}, ${values.starts_on} to ${values.ends_on})`,
        before: null,
        after: values,
      });
    });
    return this.one(id);
  }

  async patch(id: unknown, data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    const promotionId = routeId(id, "Promotion");
    const input = parseBody(promoInput, data);
    if (Object.keys(input).length === 0) throw fieldErrors({ body: "Nothing to change" });
    const { db } = this.ctx;
    const current = await this.rowOf(db, promotionId);
    const values = await this.merged(input, current);
    const changed = Object.fromEntries(
      Object.entries(values).filter(
        ([k, v]) => (current as any)[k] !== v && !((current as any)[k] == null && v == null),
      ),
    );
    let order: number[] | null = null;
    if (input.position !== undefined || input.move !== undefined) {
      const ids = (
        await db("promotions")
          .orderBy([{ column: "position" }, { column: "id" }])
          .select("id")
      ).map((r: any) => Number(r.id));
      const from = ids.indexOf(promotionId);
      const to = newIndex(from, ids.length, { position: input.position, move: input.move });
      if (to !== from) {
        ids.splice(from, 1);
        ids.splice(to, 0, promotionId);
        order = ids;
      }
    }
    if (!Object.keys(changed).length && !order) return this.one(promotionId);
    const now = this.ctx.now();
    await db.transaction(async (trx) => {
      if (Object.keys(changed).length)
        await trx("promotions")
          .where("id", promotionId)
          .update({ ...changed, updated_at: now.toISOString() });
      if (order)
        for (const [i, pid] of order.entries())
          await trx("promotions")
            .where("id", pid)
            .update({ position: i + 1 });
      const before = Object.fromEntries(Object.keys(changed).map((k) => [k, (current as any)[k]]));
      if (order) Object.assign(before, { position: Number(current.position) });
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        customerId: values.customer_id,
        service: "admin/promotion",
        method: "patch",
        recordId: promotionId,
        summary: `Promotion '${values.title}' ${order && !Object.keys(changed).length ? "reordered" : "changed"}`,
        before,
        after: { ...changed, ...(order ? { position: order.indexOf(promotionId) + 1 } : {}) },
      });
    });
    return this.one(promotionId);
  }

  async remove(id: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    if (params.query && Object.keys(params.query).length)
      throw fieldErrors({ [Object.keys(params.query)[0]]: "Unknown parameter" });
    const promotionId = routeId(id, "Promotion");
    const { db } = this.ctx;
    const answer = await this.one(promotionId);
    const row = await this.rowOf(db, promotionId);
    const now = this.ctx.now();
    await db.transaction(async (trx) => {
      await trx("promotions").where("id", promotionId).delete();
      await trx("promotions").where("position", ">", row.position).decrement("position", 1);
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        customerId: row.customer_id,
        service: "admin/promotion",
        method: "remove",
        recordId: promotionId,
        summary: `Promotion '${row.title}' deleted`,
        before: row,
        after: null,
      });
    });
    return answer;
  }
}

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
      id: String(r.id),
      kind: r.kind,
      title: r.title,
      text: r.text,
      image: r.image ?? null,
      link: r.link ?? null,
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
