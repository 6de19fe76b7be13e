/**
 * Punchout baskets in the provider (issue 16 items 3–7, decision 110): a punchout session's basket pre-filled from the
 * setup request's ItemOut lines, the transfer of the basket back to the procurement system (or into a saved basket
 * awaiting approval), the cancel, the customer's transferred baskets, and the cXML OrderRequest that orders one.
 *
 * POST /api/punchout/transfer {}   (the punchout session's provider session) → 201 the basket to return
 * POST /api/punchout/cancel {}     → 201 the same shape, empty
 * GET  /api/punchout/transfer      the caller's customer's transfers (viewAllOrders / orderApproval) or their own
 * POST /api/punchout/order         (credentials as the setup request) → 201 {orderId, orderNumber, duplicate: false}
 *
 * A transferred line is named by SupplierPartID = the item's SKU (item_code) and SupplierPartAuxiliaryID =
 * "I<item id>-T<transfer id>": the item id rebuilds the variant on edit, the transfer id ties an OrderRequest line to
 * the transfer it came back from.
 */
import { BadRequest, Conflict } from "@feathersjs/errors";
import type { Knex } from "knex";
import { z } from "zod";
import { bodyOf, callerOf, money, type Ctx, type ProviderParams } from "../base";
import { basketKey, loadBasketState, parseOr400 } from "../basket-session";
import { SavedBasketService } from "../baskets";
import { truthy } from "./items";
import { answerOf, EMPTY, ENDED, endSession, sessionOf, transferLines, type TransferLine } from "./transfer-session";
import { listTransfers } from "./transfers-list";

const emptyBody = z.object({}).strict();

/** POST /api/punchout/transfer {} and GET /api/punchout/transfer. */
export class PunchoutTransferService {
  constructor(private ctx: Ctx) {}

  async create(data: unknown, params: ProviderParams) {
    parseOr400(emptyBody, bodyOf(data));
    const caller = callerOf(params);
    const { db } = this.ctx;
    const s = await sessionOf(db, caller);
    if (s.state !== "open") throw new Conflict(ENDED);
    const key = basketKey(caller, s.customer_id);
    const basket = await loadBasketState(db, key);
    if (!basket.stock.some((l) => l.qty > 0)) throw new BadRequest(EMPTY);
    const now = this.ctx.now();
    const needsApproval = truthy(s.needs_approval);
    // priced now, so a refusal (a product gone, a quantity rule) is a 400 before anything is written
    await transferLines(db, basket, 0);

    // awaiting approval: the punched-out saved basket is made first, by the saved-basket service itself, and taken
    // back if this transfer loses the race
    let savedBasketId: number | null = null;
    if (needsApproval) {
      const saved = await new SavedBasketService(this.ctx).create(
        {
          newBasketName: `Punchout basket – ${s.buyer_cookie ?? `session ${s.id}`}`.slice(0, 200),
          address_id: s.default_address_id == null ? null : String(s.default_address_id),
          items: basket.stock
            .filter((l) => l.qty > 0)
            .map((l) => ({
              productId: l.productId,
              parentId: l.parentId ?? null,
              qty: l.qty,
              thumbnail: l.thumbnail ?? null,
            })),
        },
        { caller: { ...caller, customerId: s.customer_id } },
      );
      savedBasketId = Number((saved as { id: unknown }).id);
    }
    const state = needsApproval ? "awaiting-approval" : "transferred";
    let result: { transferId: number; lines: TransferLine[] } | null;
    try {
      result = await db.transaction(async (trx) => {
        if (!(await endSession(trx, s, caller, state, now))) return null;
        const [row] = await trx("punchout_transfers")
          .insert({
            session_id: s.id,
            customer_id: s.customer_id,
            user_id: caller.userId,
            lines_json: "[]",
            total: 0,
            status: state,
            saved_basket_id: savedBasketId,
            created_at: now.toISOString(),
          })
          .returning("id");
        const transferId = Number(typeof row === "object" && row !== null ? (row as { id: number }).id : row);
        const lines = await transferLines(trx, basket, transferId);
        const totalPence = lines.reduce((sum, l) => sum + l.unitPricePence * l.quantity, 0);
        await trx("punchout_transfers")
          .where("id", transferId)
          .update({ lines_json: JSON.stringify(lines), total: money(totalPence / 100) });
        return { transferId, lines };
      });
    } catch (error) {
      if (savedBasketId != null) await dropSavedBasket(db, savedBasketId);
      throw error;
    }
    if (!result) {
      if (savedBasketId != null) await dropSavedBasket(db, savedBasketId);
      throw new Conflict(ENDED);
    }
    return answerOf(
      s,
      state,
      result.transferId,
      result.lines,
      needsApproval ? { savedBasketId: String(savedBasketId) } : {},
    );
  }

  async find(params: ProviderParams) {
    return listTransfers(this.ctx.db, callerOf(params), params.query ?? {});
  }
}

async function dropSavedBasket(db: Knex, id: number): Promise<void> {
  await db.transaction(async (trx) => {
    await trx("saved_basket_items").where("basket_id", id).delete();
    await trx("saved_baskets").where("id", id).delete();
  });
}

/** POST /api/punchout/cancel {} — ends the session and returns an empty basket. */
export class PunchoutCancelService {
  constructor(private ctx: Ctx) {}
  async create(data: unknown, params: ProviderParams) {
    parseOr400(emptyBody, bodyOf(data));
    const caller = callerOf(params);
    const s = await sessionOf(this.ctx.db, caller);
    if (s.state !== "open") throw new Conflict(ENDED);
    const now = this.ctx.now();
    const won = await this.ctx.db.transaction((trx) => endSession(trx, s, caller, "cancelled", now));
    if (!won) throw new Conflict(ENDED);
    return answerOf(s, "cancelled", null, []);
  }
}
