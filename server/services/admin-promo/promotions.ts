import { NotFound } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { isReversedDayRange } from "../../../app/domain/dates";
import { writeAudit } from "../admin-audit";
import { newIndex, requireProduct } from "../admin-catalogue";
import {
  canExist,
  fieldErrors,
  listQuery,
  pageOf,
  parseBody,
  requireAdmin,
  requireCustomerRow,
  routeId,
  type AdminCtx,
  type Page,
  adminQuery,
} from "../admin-common";
import { type ProviderParams } from "../base";
import { promotionImageExists } from "../promotion-images";
import { dayOf, KINDS, promoInput, promotionsOut, type PromoInput, type PromoRow } from "./promo-input";

const promoQuery = listQuery(
  {
    status: z
      .enum(["live", "scheduled", "ended"], { errorMap: () => ({ message: "must be live, scheduled or ended" }) })
      .optional(),
    kind: z.enum(KINDS, { errorMap: () => ({ message: "must be banner or featured" }) }).optional(),
  },
  50,
);

/** GET/POST/PATCH/DELETE /api/admin/promotion. */
export class AdminPromotionService {
  constructor(private ctx: AdminCtx) {}

  async find(params: ProviderParams): Promise<Page<unknown>> {
    const q = adminQuery(params, promoQuery);
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
