import { NotFound } from "@feathersjs/errors";
import type { Middleware } from "@feathersjs/koa";
import type { Knex } from "knex";
import { countOf } from "../../app/domain/plural";
import { checkPromoImage, PROMO_IMAGE_LIMIT } from "../../app/domain/promo-image";
import { writeAudit } from "./admin-audit";
import { fieldErrors, noQuery, requireAdmin, type AdminCtx } from "./admin-common";
import { callerOf, type Ctx, type ProviderParams } from "./base";
import { bytesResponse } from "./file-response";
import { isRowIdText } from "./ids";

// A promotion's image (issue 34 item 4, decision 165): POST /api/admin/promotion-image takes the picture's bytes as
// the request body (a JSON body could not hold 2 MB within the 1 MB JSON limit), checks them by the rule the portal
// applies too (app/domain/promo-image.ts) and keeps them in `promotion_images`; GET /api/promotion-image/:imageId
// answers them with their type to any logged-in caller (the dashboard shows them to every customer's users).

export const IMAGE_UPLOAD_PATH = "/api/admin/promotion-image";

/** Where the bytes must be, when they are not: the body's type names a picture or plain bytes. */
export const IMAGE_BODY_EXPECTED =
  "Send the image's bytes as the request body, with Content-Type image/png, image/jpeg, image/webp or application/octet-stream";

const RAW_TYPES = /^(image\/[a-z0-9.+-]+|application\/octet-stream)\s*(;|$)/i;

/**
 * Koa middleware ahead of the body parser: a POST to the upload path whose type is a picture or plain bytes is read
 * as bytes, counted as it arrives; past PROMO_IMAGE_LIMIT (declared or counted) it is refused with 413 and the rest is
 * not read (the app's error handler closes the connection, as for every body past its limit, decision 150).
 */
export function imageBodyReader(): Middleware {
  return async (koaCtx, next) => {
    if (koaCtx.method !== "POST" || koaCtx.path !== IMAGE_UPLOAD_PATH || !RAW_TYPES.test(koaCtx.get("content-type")))
      return next();
    const tooLarge = () => Object.assign(new Error("request entity too large"), { status: 413 });
    const declared = Number(koaCtx.get("content-length"));
    if (Number.isFinite(declared) && declared > PROMO_IMAGE_LIMIT) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of koaCtx.req as AsyncIterable<Buffer>) {
      size += chunk.byteLength;
      if (size > PROMO_IMAGE_LIMIT) throw tooLarge();
      chunks.push(chunk);
    }
    (koaCtx.request as { body?: unknown }).body = { image: Buffer.concat(chunks, size) };
    return next();
  };
}

/**
 * How long an upload no promotion names is kept: the promotion form uploads the image before it saves the promotion,
 * so an image whose form was then refused or left is named by none. A day covers any form still being filled in.
 */
export const ABANDONED_IMAGE_HOURS = 24;

/**
 * POST /api/admin/promotion-image (bytes) → 201 {id, contentType, size}; refused bytes → 400 under `image`. The same
 * transaction removes the uploads older than ABANDONED_IMAGE_HOURS that no promotion names (decision 165).
 */
export class AdminPromotionImageService {
  constructor(private ctx: AdminCtx) {}

  async create(data: unknown, params: ProviderParams) {
    const caller = requireAdmin(params);
    noQuery(params);
    const image = (data as { image?: unknown } | null)?.image;
    if (!Buffer.isBuffer(image)) throw fieldErrors({ image: IMAGE_BODY_EXPECTED });
    const checked = checkPromoImage(image);
    if (!checked.ok) throw fieldErrors({ image: checked.message });
    const { db } = this.ctx;
    const now = this.ctx.now();
    let id = 0;
    await db.transaction(async (trx) => {
      const [row] = await trx("promotion_images")
        .insert({
          content_type: checked.contentType,
          size: image.byteLength,
          bytes_base64: image.toString("base64"),
          uploaded_by_user_id: caller.userId,
          uploaded_at: now.toISOString(),
        })
        .returning("id");
      id = Number(typeof row === "object" ? row.id : row);
      const cutoff = new Date(now.getTime() - ABANDONED_IMAGE_HOURS * 3_600_000).toISOString();
      const abandoned = await trx("promotion_images")
        .where("uploaded_at", "<", cutoff)
        .whereNotExists(
          trx("promotions")
            .select(trx.raw("1"))
            .whereRaw("promotions.image = '/promo-image/' || CAST(promotion_images.id AS TEXT)"),
        )
        .delete();
      await writeAudit(trx, now, {
        adminUserId: caller.userId,
        service: "admin/promotion-image",
        method: "create",
        recordId: id,
        summary:
          `Promotion image ${id} uploaded (${checked.contentType}, ${image.byteLength} bytes)` +
          (abandoned ? `; ${countOf(abandoned, "abandoned upload")} removed` : ""),
        before: null,
        after: { id, contentType: checked.contentType, size: image.byteLength },
      });
    });
    return { id, contentType: checked.contentType, size: image.byteLength };
  }
}

/** Whether a promotion image is kept (the promotion form's `/promo-image/:id` must name one). */
export async function promotionImageExists(db: Knex, id: number): Promise<boolean> {
  return Boolean(await db("promotion_images").where("id", id).first("id"));
}

/** GET /api/promotion-image/:imageId (any logged-in caller): the bytes and their type; unknown → 404. */
export class PromotionImageService {
  constructor(private ctx: Ctx) {}

  async find(params: ProviderParams & { route?: Record<string, string> }) {
    callerOf(params);
    noQuery(params);
    const raw = params.route?.imageId ?? "";
    const row = isRowIdText(raw)
      ? await this.ctx.db("promotion_images").where("id", Number(raw)).first("content_type", "bytes_base64")
      : undefined;
    if (!row) throw new NotFound(`Promotion image '${raw}' not found`);
    return { bytes: Buffer.from(row.bytes_base64, "base64"), contentType: String(row.content_type) };
  }
}

/** An image never changes (a new one is a new row): the browser may keep it for a year. */
export const promotionImageResponse = bytesResponse(() => ({
  "cache-control": "private, max-age=31536000, immutable",
}));
