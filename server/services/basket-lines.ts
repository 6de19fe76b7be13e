import { BadRequest } from "@feathersjs/errors";
import { z } from "zod";
import {
  lineFromItem,
  mergeLine,
  orderable,
  UNKNOWN_PRODUCT,
  type ItemLine,
  type LineItem,
} from "../../app/domain/basket-lines";
import { checkOrderQuantity } from "../../app/domain/quantity";
import { bodyOf, callerOf, requireCustomer, requireOrdering, type Ctx, type ProviderParams } from "./base";
import {
  basketFor,
  basketKey,
  basketStateSchema,
  lockBasketState,
  parseOr400,
  saveBasketState,
} from "./basket-session";
import { itemOut } from "./catalogue";
import { sessionIdValue } from "./ids";
import { pricesHiddenFrom } from "./prices-hidden";
import { requireBasketWritable } from "./punchout-rules";

/** The most lines one call adds: a garment's grid of sizes and colours fits well within it. */
export const MAX_ADDED_LINES = 100;

const addedLines = z
  .object({
    lines: z
      .array(z.object({ productId: sessionIdValue, qty: z.number() }).strict())
      .min(1)
      .max(MAX_ADDED_LINES),
  })
  .strict();

/**
 * POST /api/basket-lines {lines: [{productId, qty}]} (decision 168): several stock lines added to the caller's live
 * basket in one transaction, each by the rules the portal's one-line add applies (app/domain: orderable,
 * checkOrderQuantity, mergeLine with the line already held). Every line is checked; when any is refused the answer
 * is a 400 whose `errors` name each refused line (`lines.<index>.qty` or `.productId`) and nothing is written. Else
 * the lines are in the basket, the stock basket is the one selected, and the answer is the basket with its version.
 */
export class BasketLinesService {
  constructor(private ctx: Ctx) {}

  async create(data: unknown, params: ProviderParams) {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    requireOrdering(caller, "standard");
    const { lines } = parseOr400(addedLines, bodyOf(data));
    await requireBasketWritable(this.ctx.db, caller);
    const now = this.ctx.now();
    const key = basketKey(caller, customerId);
    const pricesHidden = pricesHiddenFrom(caller);
    return this.ctx.db.transaction(async (trx) => {
      const current = await lockBasketState(trx, key, now);
      const rows = await trx("items").whereIn("id", [...new Set(lines.map((l) => Number(l.productId)))]);
      const items = new Map(rows.map((row) => [String(row.id), itemOut(row, caller) as unknown as LineItem]));
      const errors: Record<string, string> = {};
      // a stored line's parentId may be null where the rules' lines leave it out: the rules do not read it
      let stock = current.stock as ItemLine[];
      lines.forEach((line, index) => {
        const item = items.get(line.productId);
        const found = item ? orderable(item, { pricesHidden }) : { ok: false as const, message: UNKNOWN_PRODUCT };
        if (!found.ok) {
          errors[`lines.${index}.productId`] = found.message;
          return;
        }
        const check = checkOrderQuantity(found.item, line.qty);
        if (!check.ok) {
          errors[`lines.${index}.qty`] = check.message;
          return;
        }
        const merged = mergeLine(stock, lineFromItem(found.item, check.qty), found.item);
        if (merged.ok) stock = merged.lines;
        else errors[`lines.${index}.qty`] = merged.message;
      });
      const refused = Object.entries(errors);
      if (refused.length) {
        const [field, message] = refused[0];
        const count = refused.length === 1 ? "1 line was refused" : `${refused.length} lines were refused`;
        throw new BadRequest(`Nothing was added: ${count} (${message})`, { field, errors });
      }
      // a line's undefined keys (a merge's removeItem) are not part of the stored state
      const state = parseOr400(
        basketStateSchema,
        JSON.parse(JSON.stringify({ ...current, stock, selectedBasketType: "stock-order-basket" })),
      );
      await saveBasketState(trx, key, state, now);
      const saved = await trx("basket_sessions")
        .where({ user_id: key.userId, customer_id: key.customerId, punchout_session: key.punchoutSession })
        .first("version");
      return { ...basketFor(caller, state), version: Number(saved?.version ?? 0) };
    });
  }
}
