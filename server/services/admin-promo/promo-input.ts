/** A promotion: its input, its row, its status on a day, and the answer. */
import type { Knex } from "knex";
import { z } from "zod";
import { customersById, idInput } from "../admin-common";

// Promotions (issue 21 item 3, decision 131): the dashboard's banners and featured products as data, scheduled by day
// and aimed at all customers, a sector or one customer; GET /api/promotion answers the caller's live ones.

export const KINDS = ["banner", "featured"] as const;

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

export const promoInput = z
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

export type PromoInput = z.infer<typeof promoInput>;

export interface PromoRow {
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

/** What the dashboard shows of a promotion; the admin list's answer has these fields too. */
export const promotionShown = (r: PromoRow) => ({
  id: String(r.id),
  kind: r.kind,
  title: r.title,
  text: r.text,
  image: r.image ?? null,
  link: r.link ?? null,
});

export async function promotionsOut(db: Knex, rows: PromoRow[], today: string) {
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
      ...promotionShown(r),
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
