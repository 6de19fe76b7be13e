import { quotedFigures, summaryLine } from "~/domain/checkout";
import { packRefusalMessage, packsToOrder } from "~/domain/wearer-pack-order";
import { formatMoney } from "~/domain/money";
import { PRICE_HIDDEN_TEXT } from "~/domain/prices";
import type { BasketState, PackItem } from "~/upstream/basket.server";
import { getManpackQuote, type ManpackQuote } from "~/upstream/checkout.server";
import type { UpstreamClient } from "~/upstream/client.server";
import { isRedirect, UpstreamError } from "~/upstream/errors.server";
import type { SummaryTotals } from "./checkout.server";

// The wearer-pack basket's money as its checkout charges it (issue 34 item 6, decision 166): the basket page and the
// checkout both read it here, so the figures the basket shows are the ones the checkout charges.

export const QUOTE_FAILED = "The total could not be worked out just now: it is confirmed when the order is placed.";

/** The provider's quote of the wearer-pack basket, or why there is none (a refusal in words naming the wearer). */
export async function quotePacks(
  client: UpstreamClient,
  names: readonly string[],
): Promise<{ quote: ManpackQuote | null; problem: string | null }> {
  try {
    return { quote: await getManpackQuote(client), problem: null };
  } catch (error) {
    if (isRedirect(error) || !(error instanceof UpstreamError)) throw error;
    if (!error.isRefusal) return { quote: null, problem: QUOTE_FAILED };
    return { quote: null, problem: packRefusalMessage(error.field, error.message, names) ?? error.message };
  }
}

type Pack = BasketState["manpack"][number];

/** One pack's money: its lines (by product id) worded, its subtotal and the method its quote priced. */
export type PackMoney = {
  lines: Map<string, ReturnType<typeof summaryLine>>;
  subTotalText: string | null;
  /** The method the provider charges the pack: its own, else the cheapest it may use (null: no quote). */
  quotedMethod: string | null;
};

/**
 * The money of the packs an order would carry (packsToOrder): each line at today's catalogue price (summaryLine), each
 * pack's subtotal and method and the totals from the provider's quote (quotedFigures), "Price on application" where
 * the account's prices are hidden (decision 058). `names` are the packs' wearers, in the packs' order, for a refusal.
 */
export async function wearerPackMoney(
  client: UpstreamClient,
  input: { packs: readonly Pack[]; names: readonly string[]; items: readonly PackItem[]; hidden: boolean },
): Promise<{ packs: Map<string, PackMoney>; totals: SummaryTotals | null }> {
  const packs = packsToOrder(input.packs);
  if (packs.length === 0) return { packs: new Map(), totals: null };
  const { quote, problem } = await quotePacks(client, input.names);
  const priceOf = new Map(input.items.map((item) => [item.internalId, item.price]));
  const money = (amount: number | null) => (input.hidden || amount === null ? PRICE_HIDDEN_TEXT : formatMoney(amount));
  const totals: SummaryTotals = quote
    ? quotedFigures(quote, input.hidden)
    : { shippingMethod: null, subTotalText: null, shippingText: null, taxText: null, totalText: null, problem };
  return {
    packs: new Map(
      packs.map((pack) => {
        const quoted = quote?.packs.find((p) => p.contactId === pack.employeeId);
        const lines = pack.data
          .filter((line) => line.qty > 0)
          .map((line) => summaryLine(line, priceOf.get(line.productId), input.hidden));
        return [
          pack.employeeId,
          {
            lines: new Map(lines.map((line) => [line.productId, line])),
            subTotalText: quoted ? money(quoted.subTotal) : null,
            quotedMethod: quoted?.shippingMethod ?? null,
          },
        ];
      }),
    ),
    totals,
  };
}
