import { randomUUID } from "node:crypto";
import { data } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { addressChoice } from "~/domain/address";
import { allowancesLeft, calendarDay, overAllowances, packLinesOf } from "~/domain/allowance";
import { quoteIsOfShownBasket } from "~/domain/checkout";
import { manpackOrderBody, packRefusalMessage, packsToOrder, type ManpackOrderBody } from "~/domain/wearer-pack-order";
import { shippingLabel } from "~/domain/money";
import { isCardMethod, offeredPaymentMethods } from "~/domain/payment";
import { pricesHidden } from "~/domain/prices";
import { getEnv } from "~/env.server";
import { listCustomerAddresses, type Address } from "~/upstream/addresses.server";
import { getBasket, getPackItemsById, type BasketState } from "~/upstream/basket.server";
import { listShipMethods } from "~/upstream/carriage.server";
import { placeManpackOrder } from "~/upstream/checkout.server";
import { getWearersById, type WearerContact } from "~/upstream/contacts.server";
import { logFailure, isRedirect, isRefusal, refusal } from "~/upstream/errors.server";
import { stripePublishableKey } from "~/upstream/payments.server";
import { idField, parseForm } from "~/utils/forms.server";
// eslint-disable-next-line import-x/no-cycle -- known cycle (decision 142): card-payment.server ↔ wearer-pack-checkout.server; to break it, the wearer-pack submit moves out as the stock one (place-order.server) did
import { CARD_NOT_OFFERED, payWearerPacksByCard } from "./card-payment.server";
import type { CheckoutValues } from "./checkout.server";
import {
  BASKET_CHANGED_MESSAGE,
  CARD_UNAVAILABLE,
  fail,
  orderPayment,
  placedOrderAnswer,
  type CardPayment,
  type CheckoutResult,
} from "./place-order.server";
import { QUOTE_FAILED, quotePacks, wearerPackMoney } from "./wearer-pack-money.server";
import { needsApproval } from "~/domain/permissions";

// The checkout of the wearer-pack basket (issue 15 item 6, decision 102): each wearer's pack with its lines, delivery
// address and method as the basket holds them (chosen on the basket page), the wearer-pack delivery instructions,
// an order reference, payment on account or by card (decision 106), and the provider's quote as the summary; placing
// is one POST /api/order (manpack) under the page's idempotency key and basket version, as a stock order
// (decisions 071, 074).

export const EMPTY_WEARER_PACKS = "Your wearer-pack basket is empty. Add a wearer's pack before checking out.";
const RELOAD = "Please reload the checkout page and try again.";
/** A pack without a method of its own goes by the provider's default, which its quote names. */
const DEFAULT_METHOD = "The cheapest method available";

const hidesPrices = (user: PortalUser) => pricesHidden(user.session.account, { inPunchout: user.inPunchout });
const fullName = (w: { firstName: string; lastName: string }) => `${w.firstName} ${w.lastName}`.trim();

/** The customer's default delivery address (decision 075: `isDefault`, else the first): a pack without its own goes there. */
const defaultAddress = (addresses: readonly Address[]) => addresses.find((a) => a.isDefault) ?? addresses[0] ?? null;

/** The packs' wearers by contact id (one call for all, with their budgets as they stand today). */
async function packWearers(user: PortalUser, ids: readonly string[]): Promise<Map<string, WearerContact>> {
  return new Map((await getWearersById(user.upstream, ids)).map((w) => [w.internalId, w]));
}

/** A pack's wearer by name; one the provider does not answer is named by id. */
const packName = (wearers: ReadonlyMap<string, WearerContact>, id: string) => {
  const wearer = wearers.get(id);
  return (wearer && fullName(wearer)) || `Wearer ${id}`;
};

/** The wearers' names by contact id. */
async function wearerNames(user: PortalUser, ids: readonly string[]): Promise<Map<string, string>> {
  const wearers = await packWearers(user, ids);
  return new Map(ids.map((id) => [id, packName(wearers, id)]));
}

/** GET /checkout with the wearer-pack basket selected: the page's data, money already worded. */
export async function wearerPackCheckoutData(user: PortalUser, basket: BasketState, now: Date = new Date()) {
  const packs = packsToOrder(basket.manpack);
  const hidden = hidesPrices(user);
  const productIds = packs.flatMap((pack) => pack.data.filter((line) => line.qty > 0).map((line) => line.productId));
  const [wearers, addresses, shipMethods, items] = await Promise.all([
    packWearers(
      user,
      packs.map((pack) => pack.employeeId),
    ),
    listCustomerAddresses(user.upstream),
    listShipMethods(user.upstream),
    getPackItemsById(user.upstream, productIds),
  ]);
  const packNames = packs.map((pack) => packName(wearers, pack.employeeId));
  const itemsById = new Map(items.map((item) => [item.internalId, item]));
  const today = calendarDay(now);
  const cardsOffered = getEnv().stripeEnabled;
  // the basket page shows the same figures from the same function (issue 34 item 6)
  const { packs: money, totals } = await wearerPackMoney(user.upstream, { packs, names: packNames, items, hidden });
  const fallback = defaultAddress(addresses);
  const methodLabel = (id: string | undefined) => {
    const method = id ? shipMethods.find((m) => m.internalId === id) : undefined;
    return method ? shippingLabel(method) : id ? `Delivery method ${id}` : null;
  };
  return {
    kind: "manpack" as const,
    idempotencyKey: randomUUID(),
    basketVersion: basket.version,
    packs: packs.map((pack, index) => {
      const priced = money.get(pack.employeeId);
      const address = pack.addressId ? addresses.find((a) => a.internalId === pack.addressId) : fallback;
      return {
        contactId: pack.employeeId,
        name: packNames[index],
        lines: [...(priced?.lines.values() ?? [])],
        address: address ? addressChoice(address) : null,
        addressIsDefault: !pack.addressId,
        methodText: methodLabel(pack.shippingMethod ?? priced?.quotedMethod ?? undefined) ?? DEFAULT_METHOD,
        methodIsDefault: !pack.shippingMethod,
        // warned here as on the basket page: the provider would refuse the order (it checks again when it is placed)
        overAllowance: overAllowances(
          {
            firstName: wearers.get(pack.employeeId)?.firstName ?? null,
            lastName: wearers.get(pack.employeeId)?.lastName ?? null,
          },
          allowancesLeft(wearers.get(pack.employeeId)?.budgets ?? [], packLinesOf(pack.data, itemsById), today),
        ),
        subTotalText: priced?.subTotalText ?? null,
      };
    }),
    itemCount: packs.reduce((sum, pack) => sum + pack.data.reduce((n, line) => n + Math.max(0, line.qty), 0), 0),
    /** The stock basket's items, for the page that finds the wearer-pack basket empty (decision 102). */
    otherBasketCount: basket.stock.reduce((n, line) => n + Math.max(0, line.qty), 0),
    instructions: basket.instructions.manpack,
    totals,
    // cards only when Stripe is configured, and not where prices are hidden (decisions 058, 106)
    paymentMethods: offeredPaymentMethods(user.session.account.payment_methods, cardsOffered && !hidden),
    stripeKey: hidden ? null : stripePublishableKey(),
    cardNotice: "Paying by card? You enter your card details on Stripe's secure payment page next.",
    needsApproval: needsApproval(user.session.setting),
  };
}

/** The wearer-pack checkout form's fields; the packs always come from the upstream basket. */
export const wearerPackFieldsSchema = () =>
  z.object({
    idempotencyKey: z.string({ required_error: RELOAD }).trim().min(8, RELOAD).max(100, RELOAD),
    paymentMethod: z.coerce
      .number({ required_error: "Choose how to pay", invalid_type_error: "Choose how to pay" })
      .int("Choose how to pay"),
    otherRefNum: z.string().trim().max(100, "Your reference can be at most 100 characters").optional(),
    deliveryInstructions: z.string().max(2000, "Delivery instructions can be at most 2000 characters").default(""),
    basketVersion: idField(RELOAD).transform(Number).optional(),
  });

/** What the wearer-pack checkout form says (also what a card payment's metadata carries, decision 106). */
export type WearerPackFields = z.output<ReturnType<typeof wearerPackFieldsSchema>>;

/** The place-order post: the fields, plus the card payment Stripe Elements confirmed in the browser, if any. */
const wearerPackPlaceSchema = () =>
  wearerPackFieldsSchema().extend({
    paymentIntentId: z
      .string()
      .regex(/^pi_[A-Za-z0-9_]{1,200}$/, "The card payment could not be read. Please try again.")
      .optional(),
  });

const KEPT_FIELDS = ["paymentMethod", "otherRefNum", "deliveryInstructions"] as const;

/** A refused post: the messages and the form as posted, so nothing typed is lost without JavaScript. */
function refused(formData: FormData, fieldErrors: Record<string, string>, formError: string | null, status = 400) {
  const values: CheckoutValues = {};
  for (const key of KEPT_FIELDS) {
    const value = formData.get(key);
    if (typeof value === "string") values[key] = value.slice(0, 2000);
  }
  return data({ ok: false as const, fieldErrors, formError, totals: null, values }, { status });
}

/**
 * POST /checkout basket=manpack: the wearer-pack order (SPEC §7), placed once per idempotency key and basket version;
 * on account at once, by card through Stripe first (card-payment.server.ts, decision 106).
 */
export async function submitWearerPackCheckout(user: PortalUser, request: Request) {
  const form = await parseForm(request, wearerPackPlaceSchema());
  if (!form.ok) return refused(form.formData, form.fieldErrors, form.formError ?? "Please check the form.");
  const { paymentIntentId, ...fields } = form.data;
  const method = user.session.account.payment_methods.find((m) => m.id === fields.paymentMethod);
  if (!method)
    return refused(
      form.formData,
      { paymentMethod: "Choose one of the payment methods shown" },
      "Please choose how to pay.",
    );
  let result: CheckoutResult;
  if (isCardMethod(method.id)) {
    if (hidesPrices(user))
      return refused(form.formData, { paymentMethod: "Choose another way to pay" }, CARD_NOT_OFFERED);
    if (!getEnv().stripeEnabled)
      return refused(form.formData, { paymentMethod: "Card payment is not available" }, CARD_UNAVAILABLE);
    result = await payWearerPacksByCard(user, request, fields, paymentIntentId);
  } else {
    result = await placeWearerPackOrder(user, fields);
  }
  if (!result.ok) return refused(form.formData, result.fieldErrors, result.formError, result.status);
  throw await placedOrderAnswer(user, request, result);
}

/**
 * Places the wearer-pack order from the upstream basket (SPEC §7), with the card payment when one was taken
 * (stripeId/stripePaid/stripeAmount: the provider places it only if it totals what the card was charged, decision
 * 078). A refusal names the wearer whose pack the provider refused (`packs.N…`) and why; nothing is ordered.
 */
export async function placeWearerPackOrder(
  user: PortalUser,
  fields: WearerPackFields,
  card?: CardPayment,
): Promise<CheckoutResult> {
  const method = user.session.account.payment_methods.find((m) => m.id === fields.paymentMethod);
  if (!method) return fail("Please choose how to pay.", { paymentMethod: "Choose one of the payment methods shown" });
  const byCard = isCardMethod(method.id);
  if (byCard && !card?.paid) {
    return fail("Your card payment was not completed. Please try again or choose another way to pay.", {
      paymentMethod: "The card payment was not completed",
    });
  }
  const [basket, addresses] = await Promise.all([getBasket(user.upstream), listCustomerAddresses(user.upstream)]);
  const packs = packsToOrder(basket.manpack);
  const body = manpackOrderBody({
    packs,
    defaultAddressId: defaultAddress(addresses)?.internalId ?? null,
    deliveryInstructions: fields.deliveryInstructions,
    payment: orderPayment(method.id, byCard ? card : undefined),
    otherRefNum: fields.otherRefNum,
    basketVersion: fields.basketVersion,
  });
  const sent: ManpackOrderBody & { stripeId?: string; stripePaid?: boolean; stripeAmount?: number } =
    byCard && card
      ? { ...body, stripeId: card.paymentIntentId, stripePaid: card.paid, stripeAmount: card.amountPence }
      : body;
  try {
    // an emptied basket is still sent once: if this key already placed the order, the provider answers that order
    const order = await placeManpackOrder(user.upstream, sent, fields.idempotencyKey);
    // the provider emptied the wearer-pack basket (SPEC §4); nothing of a punched-out approval belongs to this order
    return {
      ok: true,
      order,
      approval: { basketIdForApproval: null, approvedOrderAddressId: null, punchoutLoadedBasket: false },
    };
  } catch (error) {
    // 409: the basket was ordered in another tab, or changed since the page was opened (decision 074), or its total
    // is no longer what the card was charged (decision 078)
    if (isRefusal(error, 409))
      return { ...fail(error.message || BASKET_CHANGED_MESSAGE, {}, 409), refusedByProvider: true };
    const why = refusal(error);
    if (packs.length === 0) return { ...fail(EMPTY_WEARER_PACKS), refusedByProvider: true };
    const names = await wearerNames(
      user,
      packs.map((pack) => pack.employeeId),
    ).catch((failure: unknown) => {
      if (isRedirect(failure)) throw failure;
      logFailure(user.upstream?.request, "naming the wearers of a refused order failed", failure);
      return new Map<string, string>();
    });
    const packNames = packs.map((pack) => names.get(pack.employeeId) ?? `Wearer ${pack.employeeId}`);
    const message =
      packRefusalMessage(why.field, why.message, packNames) ??
      (why.message || "The order could not be placed. Please check it and try again.");
    return { ...fail(message), refusedByProvider: true };
  }
}

/** What a card payment for the wearer packs is charged (decision 106): the provider's quote, or why there is none. */
export async function wearerPackCharge(
  user: PortalUser,
  shownVersion?: number,
): Promise<{ ok: true; pence: number } | ReturnType<typeof fail>> {
  const basket = await getBasket(user.upstream);
  const packs = packsToOrder(basket.manpack);
  if (packs.length === 0) return fail(EMPTY_WEARER_PACKS);
  const names = await wearerNames(
    user,
    packs.map((pack) => pack.employeeId),
  );
  const { quote, problem } = await quotePacks(
    user.upstream,
    packs.map((pack) => names.get(pack.employeeId)!),
  );
  if (!quote) return fail(problem ?? QUOTE_FAILED);
  // as a stock basket's (decision 139): a basket changed since the page was shown is not charged
  if (!quoteIsOfShownBasket(quote, shownVersion)) return fail(BASKET_CHANGED_MESSAGE);
  if (quote.totalPence === null) return fail(CARD_NOT_OFFERED, { paymentMethod: "Choose another way to pay" });
  return { ok: true, pence: quote.totalPence };
}
