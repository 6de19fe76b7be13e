import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { addressChoice } from "~/domain/address";
import { basketTotal } from "~/domain/basket";
import { addressMode, deliveryOptions, orderableAddressIds } from "~/domain/checkout";
import { formatMoney } from "~/domain/money";
import { isCardMethod } from "~/domain/payment";
import { PRICE_HIDDEN_TEXT, pricesHidden } from "~/domain/prices";
import { getEnv } from "~/env.server";
import { listCustomerAddresses } from "~/upstream/addresses.server";
import { getBasket } from "~/upstream/basket.server";
import { listShipMethods } from "~/upstream/carriage.server";
import { stripePublishableKey } from "~/upstream/payments.server";
import { idField, invalidForm, parseForm } from "~/utils/forms.server";
import { CARD_NOT_OFFERED, payByCard } from "./card-payment.server";
import { orderPlacedRedirect, placeOrder } from "./place-order.server";
import { threeDSecureRedirect } from "./three-d-secure.server";

// The checkout (SPEC §2 /checkout), in decision 063's order: the page's data, its form's schema, the action's
// dispatch. Placing the order is place-order.server.ts, paying by card card-payment.server.ts, the 3-D Secure hand-off
// three-d-secure.server.ts, the confirmation confirmation.server.ts (decision 079). The route imports this one module,
// so the page's browser build refers to one empty module instead of one per server import (DESIGN §6).

const hidesPrices = (user: PortalUser) => pricesHidden(user.session.account, { inPunchout: user.inPunchout });

/**
 * The checkout page's data; a fresh idempotency key is issued with every page (DESIGN §4), and the basket version
 * shown goes back with the order so the provider places this basket once (decision 074). Addresses and delivery
 * methods are the ones the provider says this basket may use (decisions 073, 075).
 */
async function checkoutView(user: PortalUser) {
  const [basket, addresses, shipMethods] = await Promise.all([
    getBasket(user.upstream),
    listCustomerAddresses(user.upstream),
    listShipMethods(user.upstream, { forBasket: "stock" }),
  ]);
  const env = getEnv();
  const lines = basket.stock.filter((line) => line.qty > 0);
  const usable = orderableAddressIds(addresses, basket.approvedOrderAddressId);
  return {
    idempotencyKey: randomUUID(),
    basketVersion: basket.version,
    lines: lines.map((line) => ({ productId: line.productId, name: line.name ?? `Product ${line.productId}`, qty: line.qty, price: line.price ?? null })),
    subTotal: basketTotal(lines),
    instructions: basket.instructions.stock,
    addressMode: addressMode(user.session.account.permissions, usable.length),
    addresses: usable.map((addressId) => addressChoice(addresses.find((a) => a.internalId === addressId)!)),
    shipMethods: deliveryOptions(shipMethods),
    paymentMethods: user.session.account.payment_methods.map((m) => ({
      id: m.id,
      name: m.name,
      card: isCardMethod(m.id),
      available: !isCardMethod(m.id) || env.stripeEnabled,
    })),
    needsApproval: user.session.setting.needsAproval,
  };
}

/** GET /checkout: the page's data, with the money already worded and the browser's Stripe key (or null). */
export async function checkoutPageData(user: PortalUser) {
  const view = await checkoutView(user);
  if (hidesPrices(user)) {
    // decision 058: no amounts, and no card, whose amount could not be shown before it is charged
    return {
      ...view,
      lines: view.lines.map((line) => ({ ...line, price: null })),
      subTotal: null,
      subTotalText: PRICE_HIDDEN_TEXT,
      paymentMethods: view.paymentMethods.filter((m) => !m.card),
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

/** The checkout form's own fields (the lines are never taken from the form); a function so zod stays server-side. */
export const checkoutFieldsSchema = () =>
  z.object({
    idempotencyKey: z.string({ required_error: RELOAD }).trim().min(8, RELOAD).max(100, RELOAD),
    addressId: z.string().trim().max(20).optional(),
    addressee: optionalText(200, "The name can be at most 200 characters"),
    addr1: optionalText(200, "The address line can be at most 200 characters"),
    addr2: optionalText(200, "The address line can be at most 200 characters"),
    city: optionalText(100, "The town can be at most 100 characters"),
    zip: optionalText(20, "The postcode can be at most 20 characters"),
    shippingMethod: idField("Choose a delivery method"),
    paymentMethod: z.coerce.number({ required_error: "Choose how to pay", invalid_type_error: "Choose how to pay" }).int("Choose how to pay"),
    otherRefNum: optionalText(100, "Your reference can be at most 100 characters"),
    deliveryInstructions: z.string().max(2000, "Delivery instructions can be at most 2000 characters").default(""),
    // the basket version the page showed (decision 074); a malformed one is a stale or tampered page
    basketVersion: idField(RELOAD).transform(Number).optional(),
  });

/**
 * What the checkout form says, as its schema gives it: the lines always come from the upstream basket. basketVersion
 * is the version the page showed; on the return from Stripe's hosted page it comes back from the payment's metadata.
 */
export type CheckoutFields = z.output<ReturnType<typeof checkoutFieldsSchema>>;

/** The place-order post: the fields, plus the card payment Stripe Elements confirmed in the browser, if any. */
export const placeOrderSchema = () =>
  checkoutFieldsSchema().extend({
    paymentIntentId: z
      .string()
      .regex(/^pi_[A-Za-z0-9_]{1,200}$/, "The card payment could not be read. Please try again.")
      .optional(),
  });

/**
 * POST /checkout: on account the order is placed at once; by card without JavaScript the buyer goes to Stripe's
 * hosted page first; by card with Stripe Elements the confirmed PaymentIntent is checked with Stripe (decision 072).
 */
export async function submitCheckout(user: PortalUser, request: Request) {
  const form = await parseForm(request, placeOrderSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? "Please check the form.");
  const { paymentIntentId, ...fields } = form.data;
  const byCard = isCardMethod(fields.paymentMethod);
  if (byCard && hidesPrices(user)) return invalidForm({ paymentMethod: "Choose another way to pay" }, CARD_NOT_OFFERED);

  const result = byCard && getEnv().stripeEnabled ? await payByCard(user, request, fields, paymentIntentId) : await placeOrder(user, fields);
  if (!result.ok) return invalidForm(result.fieldErrors, result.formError, result.status);

  const { order } = result;
  if (order.threeDSUrl) {
    // SPEC §7: the card issuer wants 3-D Secure; its own page posts the challenge on (auto with JS, a button without)
    throw await threeDSecureRedirect(request, { url: order.threeDSUrl, cReq: order.cReq ?? "", transactionId: order.transactionId ?? "" });
  }
  throw await orderPlacedRedirect(user, request, result);
}
