import { randomUUID } from "node:crypto";
import { data } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { addressChoice } from "~/domain/address";
import { basketTotal } from "~/domain/basket";
import {
  addressMode,
  deliveryOptions,
  NEW_ADDRESS,
  orderableAddressIds,
  quotedFigures,
  summaryLine,
} from "~/domain/checkout";
import { formatMoney } from "~/domain/money";
import { isCardMethod, offeredPaymentMethods } from "~/domain/payment";
import { PRICE_HIDDEN_TEXT, pricesHidden } from "~/domain/prices";
import { UPSTREAM_ID_PATTERN } from "~/domain/upstream-id";
import { getEnv } from "~/env.server";
import { listCustomerAddresses } from "~/upstream/addresses.server";
import { getBasket, getItemsById, type BasketState } from "~/upstream/basket.server";
import { listShipMethods } from "~/upstream/carriage.server";
import { getOrderQuote } from "~/upstream/checkout.server";
import { isRedirect, UpstreamError } from "~/upstream/errors.server";
import { stripePublishableKey } from "~/upstream/payments.server";
import { idField, parseForm } from "~/utils/forms.server";
import { CARD_NOT_OFFERED, payByCard } from "./card-payment.server";
import { placedOrderAnswer, placeOrder } from "./place-order.server";
import { submitWearerPackCheckout, wearerPackCheckoutData } from "./wearer-pack-checkout.server";
import { needsApproval, shownBasketType } from "~/domain/permissions";

// The checkout (SPEC §2 /checkout), in decision 063's order: the page's data, its form's schema, the action's
// dispatch. Placing the order is place-order.server.ts, paying by card card-payment.server.ts, the 3-D Secure hand-off
// three-d-secure.server.ts, the confirmation confirmation.server.ts (decision 079). The route imports this one module,
// so the page's browser build refers to one empty module instead of one per server import (DESIGN §6).

const hidesPrices = (user: PortalUser) => pricesHidden(user.session.account, { inPunchout: user.inPunchout });

/**
 * The order summary's figures for one delivery method, worded: the provider's quote (GET /api/order-quote, the same
 * call the card charge is taken from, decisions 078 and 085), or, when it cannot be quoted, why not. Goods amounts
 * the account may not see read "Price on application" (decision 058); the delivery charge stays, as on the order.
 */
export type SummaryTotals = {
  shippingMethod: string | null;
  subTotalText: string | null;
  shippingText: string | null;
  taxText: string | null;
  totalText: string | null;
  /** Why there is no total (no delivery method chosen or usable, the provider refused or failed the quote). */
  problem: string | null;
};

const NO_METHOD = "Choose a delivery method to see the total.";
const QUOTE_FAILED = "The total could not be worked out just now: it is confirmed when the order is placed.";

async function summaryTotals(
  user: PortalUser,
  shippingMethod: string | null,
): Promise<SummaryTotals & { refused: boolean }> {
  const none = { shippingMethod, subTotalText: null, shippingText: null, taxText: null, totalText: null };
  if (!shippingMethod) return { ...none, problem: NO_METHOD, refused: false };
  try {
    const quote = await getOrderQuote(user.upstream, shippingMethod);
    return { ...quotedFigures(quote, hidesPrices(user)), refused: false };
  } catch (error) {
    if (isRedirect(error) || !(error instanceof UpstreamError)) throw error;
    // a refusal is the provider's own words (e.g. a method's minimum, decision 073); a failure does not stop checkout
    return { ...none, problem: error.isRefusal ? error.message : QUOTE_FAILED, refused: error.isRefusal };
  }
}

/**
 * The checkout page's data; a fresh idempotency key is issued with every page (DESIGN §4), and the basket version
 * shown goes back with the order so the provider places this basket once (decision 074). Addresses and delivery
 * methods are the ones the provider says this basket may use (decisions 073, 075).
 */
async function checkoutView(user: PortalUser, basket: BasketState) {
  const [addresses, shipMethods] = await Promise.all([
    listCustomerAddresses(user.upstream),
    listShipMethods(user.upstream, { forBasket: "stock" }),
  ]);
  const env = getEnv();
  const lines = basket.stock.filter((line) => line.qty > 0);
  const usable = orderableAddressIds(addresses, basket.approvedOrderAddressId);
  const shipOptions = deliveryOptions(shipMethods);
  // the summary is quoted for the method the page preselects: the first the basket may use
  const [items, totals] = await Promise.all([
    getItemsById(
      user.upstream,
      lines.map((line) => line.productId),
    ),
    lines.length ? summaryTotals(user, shipOptions.find((m) => m.available)?.internalId ?? null) : null,
  ]);
  const hidden = hidesPrices(user);
  const priceOf = new Map(items.map((item) => [item.internalId, item.price]));
  return {
    kind: "stock" as const,
    idempotencyKey: randomUUID(),
    basketVersion: basket.version,
    /** The wearer-pack basket's items, for the page that finds the stock basket empty (decision 102). */
    otherBasketCount: basket.manpack.reduce(
      (n, pack) => n + pack.data.reduce((m, line) => m + Math.max(0, line.qty), 0),
      0,
    ),
    lines: lines.map((line) => ({
      productId: line.productId,
      name: line.name ?? `Product ${line.productId}`,
      qty: line.qty,
      price: line.price ?? null,
    })),
    subTotal: basketTotal(lines),
    instructions: basket.instructions.stock,
    addressMode: addressMode(user.session.account.permissions, usable.length),
    addresses: usable.map((addressId) => addressChoice(addresses.find((a) => a.internalId === addressId)!)),
    shipMethods: shipOptions,
    paymentMethods: offeredPaymentMethods(user.session.account.payment_methods, env.stripeEnabled && !hidden),
    needsApproval: needsApproval(user.session.setting),
    /** The order summary beside the form (decision 085): each line at today's catalogue price, and the quote. */
    summary: {
      lines: lines.map((line) => summaryLine(line, priceOf.get(line.productId), hidden)),
      totals: totals && withoutRefused(totals),
    },
  };
}

const withoutRefused = ({ refused: _refused, ...totals }: SummaryTotals & { refused: boolean }): SummaryTotals =>
  totals;

/**
 * GET /checkout: the basket of the selected type is ordered (decision 102) — the wearer-pack basket's page
 * (wearer-pack-checkout.server.ts), or the stock basket's data, with the money already worded and the browser's
 * Stripe key (or null).
 */
export async function checkoutPageData(user: PortalUser) {
  const basket = await getBasket(user.upstream);
  // decision 161: a user who may use only one basket orders that one, whatever was stored
  if (shownBasketType(user.session.account, basket.selectedBasketType) === "manpack-order-basket")
    return wearerPackCheckoutData(user, basket);
  return stockCheckoutData(user, basket);
}

/** The stock basket's checkout page (the route's data when the stock basket is selected). */
/** @internal the route tests type the loader's answer with it */
export type StockCheckoutView = Awaited<ReturnType<typeof stockCheckoutData>>;

async function stockCheckoutData(user: PortalUser, basket: BasketState) {
  const view = await checkoutView(user, basket);
  if (hidesPrices(user)) {
    // decision 058: no amounts, and no card (left out above), whose amount could not be shown before it is charged
    return {
      ...view,
      lines: view.lines.map((line) => ({ ...line, price: null })),
      subTotal: null,
      subTotalText: PRICE_HIDDEN_TEXT,
      stripeKey: null,
      cardNotice: null,
    };
  }
  return {
    ...view,
    subTotalText: formatMoney(view.subTotal),
    stripeKey: stripePublishableKey(),
    cardNotice: "Paying by card? You enter your card details on Stripe's secure payment page next.",
  };
}

const optionalText = (max: number, message: string) => z.string().trim().max(max, message).optional();
const RELOAD = "Please reload the checkout page and try again.";

const TYPED_ADDRESS_FIELDS = ["addressee", "addr1", "addr2", "city", "zip"] as const;

/**
 * The typed address is read only when "Deliver to a new address" is posted, or no address choice at all (a typed-only
 * account, or one with no saved address): with a saved address chosen, whatever the hidden fields hold is ignored
 * (decision 086). Whether the account may type one at all is decideDeliveryAddress's and the provider's to say.
 */
function typedAddressOnlyWhenChosen(input: unknown): unknown {
  if (typeof input !== "object" || input === null) return input;
  const form = input as Record<string, unknown>;
  if (form.addressId === undefined || form.addressId === "" || form.addressId === NEW_ADDRESS) return form;
  const { addressee: _a, addr1: _b, addr2: _c, city: _d, zip: _e, ...rest } = form;
  return rest;
}

/** The checkout form's own fields (the lines are never taken from the form); a function so zod stays server-side. */
const checkoutFieldsObject = () =>
  z.object({
    idempotencyKey: z.string({ required_error: RELOAD }).trim().min(8, RELOAD).max(100, RELOAD),
    addressId: z.string().trim().max(20).optional(),
    addressee: optionalText(200, "The name can be at most 200 characters"),
    addr1: optionalText(200, "The address line can be at most 200 characters"),
    addr2: optionalText(200, "The address line can be at most 200 characters"),
    city: optionalText(100, "The town can be at most 100 characters"),
    zip: optionalText(20, "The postcode can be at most 20 characters"),
    shippingMethod: idField("Choose a delivery method"),
    paymentMethod: z.coerce
      .number({ required_error: "Choose how to pay", invalid_type_error: "Choose how to pay" })
      .int("Choose how to pay"),
    otherRefNum: optionalText(100, "Your reference can be at most 100 characters"),
    deliveryInstructions: z.string().max(2000, "Delivery instructions can be at most 2000 characters").default(""),
    // the basket version the page showed (decision 074); a malformed one is a stale or tampered page
    basketVersion: idField(RELOAD).transform(Number).optional(),
  });

/** The checkout form's fields, the typed address only when it is the address chosen (decision 086). */
export const checkoutFieldsSchema = () => z.preprocess(typedAddressOnlyWhenChosen, checkoutFieldsObject());

/**
 * What the checkout form says, as its schema gives it: the lines always come from the upstream basket. basketVersion
 * is the version the page showed; on the return from Stripe's hosted page it comes back from the payment's metadata.
 */
export type CheckoutFields = z.output<ReturnType<typeof checkoutFieldsSchema>>;

/** The place-order post: the fields, plus the card payment Stripe Elements confirmed in the browser, if any. */
export const placeOrderSchema = () =>
  z.preprocess(
    typedAddressOnlyWhenChosen,
    checkoutFieldsObject().extend({
      paymentIntentId: z
        .string()
        .regex(/^pi_[A-Za-z0-9_]{1,200}$/, "The card payment could not be read. Please try again.")
        .optional(),
    }),
  );

/** The fields an answer gives back, so a page re-rendered without JavaScript keeps what the buyer chose and typed. */
const KEPT_FIELDS = [
  "addressId",
  ...TYPED_ADDRESS_FIELDS,
  "shippingMethod",
  "paymentMethod",
  "otherRefNum",
  "deliveryInstructions",
] as const;
export type CheckoutValues = Partial<Record<(typeof KEPT_FIELDS)[number], string>>;
const quoteSchema = () => z.object({ shippingMethod: idField("Choose a delivery method") });

/** What the form posted (KEPT_FIELDS), and the summary's figures for the delivery method it posted. */
async function postedForm(user: PortalUser, formData: FormData) {
  const values: CheckoutValues = {};
  for (const key of KEPT_FIELDS) {
    const value = formData.get(key);
    if (typeof value === "string") values[key] = value.slice(0, 2000);
  }
  const method = values.shippingMethod?.trim() ?? "";
  const quoted = UPSTREAM_ID_PATTERN.test(method) ? await summaryTotals(user, method) : null;
  return { values, quoted };
}

/** A refused post: the messages, and the form as posted with its summary (decision 085). */
async function refused(
  user: PortalUser,
  formData: FormData,
  fieldErrors: Record<string, string>,
  formError: string | null,
  status = 400,
) {
  const { values, quoted } = await postedForm(user, formData);
  return data(
    { ok: false as const, fieldErrors, formError, totals: quoted && withoutRefused(quoted), values },
    { status },
  );
}

/**
 * POST /checkout intent=quote: the summary's figures for the delivery method posted (decision 085). With JavaScript
 * the page's fetcher posts it when the delivery method changes; without, the "Update summary" button posts the whole
 * form, and the answer carries the form's values back so nothing typed is lost. Nothing is ordered or written. A
 * malformed method, or one the provider will not quote (unknown, or a minimum the basket does not reach), is a 400.
 */
async function quoteAnswer(user: PortalUser, request: Request) {
  const form = await parseForm(request, quoteSchema());
  if (!form.ok) return refused(user, form.formData, form.fieldErrors, "Please choose a delivery method.");
  const { values, quoted } = await postedForm(user, form.formData);
  const totals = withoutRefused(quoted!);
  if (quoted!.refused) {
    const message = totals.problem ?? "Please choose another delivery method.";
    return data(
      { ok: false as const, fieldErrors: { shippingMethod: message }, formError: message, totals, values },
      { status: 400 },
    );
  }
  return data({ ok: true as const, fieldErrors: {} as Record<string, string>, formError: null, totals, values });
}

/**
 * POST /checkout: on account the order is placed at once; by card without JavaScript the buyer goes to Stripe's
 * hosted page first; by card with Stripe Elements the confirmed PaymentIntent is checked with Stripe (decision 072).
 * intent=quote only prices the summary (quoteAnswer).
 */
export async function submitCheckout(user: PortalUser, request: Request) {
  const posted = await request
    .clone()
    .formData()
    .catch(() => null);
  // the wearer-pack checkout's form says which basket it orders (decision 102); a stock form says nothing
  if (posted?.get("basket") === "manpack") return submitWearerPackCheckout(user, request);
  if (posted?.get("intent") === "quote") return quoteAnswer(user, request);
  const form = await parseForm(request, placeOrderSchema());
  if (!form.ok) return refused(user, form.formData, form.fieldErrors, form.formError ?? "Please check the form.");
  const { paymentIntentId, ...fields } = form.data;
  const byCard = isCardMethod(fields.paymentMethod);
  if (byCard && hidesPrices(user))
    return refused(user, form.formData, { paymentMethod: "Choose another way to pay" }, CARD_NOT_OFFERED);

  const result =
    byCard && getEnv().stripeEnabled
      ? await payByCard(user, request, fields, paymentIntentId)
      : await placeOrder(user, fields);
  if (!result.ok) return refused(user, form.formData, result.fieldErrors, result.formError, result.status);

  throw await placedOrderAnswer(user, request, result);
}
