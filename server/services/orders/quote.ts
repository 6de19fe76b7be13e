import { BadRequest } from "@feathersjs/errors";
import { loadBasket } from "../basket-session";
import { callerOf, requireCustomer, requireOrdering, type Ctx, type ProviderParams } from "../base";
import { deliveryRefusal } from "../delivery-rules";
import { pricesHiddenFrom } from "../prices-hidden";
import { bad, idValue } from "./common";
import { orderAmounts, priceLines, resolveCarriage } from "./placement";

// GET /api/order-quote?forBasket=stock&shippingMethod=ID (issue 12 item 4, decision 078): what an order of the
// caller's live stock basket would come to, priced by the same functions as POST /api/order (priceLines,
// resolveCarriage, orderAmounts), so a card is charged exactly what the order will total. Nothing is written.

export interface OrderQuote {
  forBasket: "stock";
  shippingMethod: string;
  /** Goods amounts are null for a caller with pricingHidden (decision 058); the delivery charge stays. */
  subTotal: number | null;
  shippingCost: number;
  taxTotal: number | null;
  total: number | null;
  totalPence: number | null;
  /** The basket version priced: an order naming it is of exactly these lines (decision 074). */
  basketVersion: number;
}

const QUERY_KEYS = new Set(["forBasket", "shippingMethod", "customerId"]);

export class OrderQuoteService {
  constructor(private ctx: Ctx) {}

  async find(params: ProviderParams): Promise<OrderQuote> {
    const caller = callerOf(params);
    const customerId = requireCustomer(caller);
    const query = (params.query ?? {}) as Record<string, unknown>;
    for (const key of Object.keys(query)) {
      if (!QUERY_KEYS.has(key)) throw new BadRequest(`Unknown query parameter "${key}"`, { field: key });
    }
    if (query.forBasket !== "stock") throw new BadRequest('Invalid query parameter "forBasket": expected "stock"', { field: "forBasket" });
    const shipping = query.shippingMethod === undefined ? undefined : idValue.safeParse(query.shippingMethod);
    if (shipping && !shipping.success) throw new BadRequest('Invalid query parameter "shippingMethod": expected a ship method id', { field: "shippingMethod" });
    // the same permission as placing the order it quotes (decision 028)
    requireOrdering(caller, "standard");

    const { state, version } = await loadBasket(this.ctx.db, caller.userId, customerId);
    const items = state.stock.filter((l) => l.qty > 0).map((l) => ({ internalId: Number(l.productId), qty: l.qty }));
    if (!items.length) throw bad("forBasket", "the stock basket is empty");
    const lines = await priceLines(this.ctx.db, items, "stock.");
    const carriage = await resolveCarriage(this.ctx.db, customerId, shipping?.data, "shippingMethod", lines);
    const amounts = orderAmounts(lines, [carriage.shipping_flat_rate_amount]);
    // the order of these lines by this method would be refused: so is its quote, in the same words (decision 073)
    // (for a caller with pricingHidden, without the basket's amount: decision 066)
    const pricesHidden = pricesHiddenFrom(caller);
    const refusal = deliveryRefusal(carriage, amounts.subTotal, { pricesHidden });
    if (refusal) throw bad("shippingMethod", refusal);
    const quote: OrderQuote = { forBasket: "stock", shippingMethod: String(carriage.id), ...amounts, basketVersion: version };
    if (pricesHidden) Object.assign(quote, { subTotal: null, taxTotal: null, total: null, totalPence: null });
    return quote;
  }
}
