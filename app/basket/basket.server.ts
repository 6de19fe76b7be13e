import { redirect } from "@remix-run/node";
import { z } from "zod";
import { safeRedirect, type PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { basketCount, basketTotal } from "~/domain/basket";
import { optionLabels, priceNoticeText, UNKNOWN_PRODUCT, type PricesHidden } from "~/domain/basket-lines";
import { canAccessManpack, shownBasketType, usableBaskets } from "~/domain/permissions";
import { pricesHidden, shownMoney, verifyPrices } from "~/domain/prices";
import { PLACEHOLDER_IMAGE } from "~/domain/product-card";
import { quantityStep } from "~/domain/quantity";
import { UPSTREAM_ID_PATTERN } from "~/domain/upstream-id";
import type { UpstreamClient } from "~/upstream/client.server";
import { refusal } from "~/upstream/errors.server";
import { getBasket, getItemsById, type BasketState } from "~/upstream/basket.server";
import { idField, invalidForm, parseForm } from "~/utils/forms.server";
import { CATALOGUE_STEPS, nextSteps } from "~/chrome.server";
import {
  addLine,
  ORDER_NOT_FOUND,
  removeLine,
  reorderIntoBasket,
  setBasketType,
  setInstructions,
  updateLine,
  type BasketChange,
} from "./basket-changes.server";
import {
  removePackChange,
  removePackLineChange,
  setPackDeliveryChange,
  setPackInstructions,
  updatePackLine,
  wearerPackBasketView,
} from "./wearer-pack-basket.server";

// The basket (/basket): its view, its form schema and its action dispatch; the changes behind each intent are in
// basket-changes.server.ts (the product page and quick order add through its addLine and stockAdded). The rules a line
// obeys are in app/domain/basket-lines.ts. One server module per page, so the page's browser build refers to one empty
// module (DESIGN §6).

export { UNKNOWN_PRODUCT, type PricesHidden };

export const NO_MANPACK_ACCESS = "Your account cannot open wearer packs.";
export const BASKET_NOT_USABLE = "Your account cannot use that basket.";
/** The provider's words for a basket write within an inspect punchout session (docs/upstream-api.md "Punchout"). */
export const PUNCHOUT_READ_ONLY = "This punchout session is read-only";

// ---------------------------------------------------------------- the view

export type BasketLineView = {
  productId: string;
  name: string;
  code: string | null;
  thumbnail: string;
  options: string[];
  qty: number;
  step: number;
  /** The catalogue's price now, else the price held when the line was added. */
  unitPrice: number | null;
  /** null when the account's prices are hidden (decision 058) */
  lineTotal: number | null;
};

/**
 * The basket's data: the upstream basket with the catalogue's current prices and quantity steps. With the
 * account's prices hidden (decision 058) no price, line total or total is given, and a price the catalogue does not
 * send is hidden, not gone: no price notice.
 */
export async function basketView(client: UpstreamClient, { pricesHidden = false }: PricesHidden = {}) {
  const basket: BasketState = await getBasket(client);
  const items = await getItemsById(
    client,
    basket.stock.map((line) => line.productId),
  );
  const byId = new Map(items.map((item) => [item.internalId, item]));
  const check = pricesHidden
    ? { verifyPrices: false, changed: [] as string[] }
    : verifyPrices(
        basket.stock.map((line) => ({ productId: line.productId, price: line.price })),
        items,
      );
  const priced = basket.stock.map((line) => ({
    ...line,
    price: byId.get(line.productId)?.price ?? line.price ?? null,
  }));

  const lines: BasketLineView[] = priced.map((line) => {
    const item = byId.get(line.productId);
    return {
      productId: line.productId,
      name: line.name ?? item?.displayName ?? `Product ${line.productId}`,
      code: item?.itemId ?? null,
      thumbnail: line.thumbnail || PLACEHOLDER_IMAGE,
      options: optionLabels(line.options),
      qty: line.qty,
      step: item ? quantityStep(item) : 1,
      unitPrice: pricesHidden ? null : line.price,
      lineTotal: pricesHidden ? null : basketTotal([line]),
    };
  });

  return {
    selectedBasketType: basket.selectedBasketType,
    lines,
    count: basketCount(priced),
    total: pricesHidden ? null : basketTotal(priced),
    pricesHidden,
    verifyPrices: check.verifyPrices,
    priceNotice: check.changed.map((productId) => {
      const line = basket.stock.find((l) => l.productId === productId)!;
      return { productId, text: priceNoticeText(line, byId.get(productId)) };
    }),
    instructions: basket.instructions,
    packs: basket.manpack.map((pack) => ({ employeeId: pack.employeeId, lines: pack.data.length })),
    /** A punched-out basket loaded for the user's approval (decision 081): checking out approves it. */
    heldForApproval: basket.basketIdForApproval,
    /** The upstream basket as read, for the wearer-pack basket's view (not sent to the browser). */
    basket,
  };
}

/** The basket page's data, with the money worded here rather than in the browser. */
export async function basketPageData(user: PortalUser) {
  const hidden = pricesHidden(user.session.account, { inPunchout: user.inPunchout });
  const { basket, ...read } = await basketView(user.upstream, { pricesHidden: hidden });
  // decision 161: the basket the user may use, and the choice between them only for a user who may use both
  const { account } = user.session;
  const usable = usableBaskets(account);
  const view = { ...read, selectedBasketType: shownBasketType(account, read.selectedBasketType) };
  // the wearer-pack basket's sections (issue 15 item 5) only while it is the basket shown and holds a pack: their calls are its own
  const shown = view.selectedBasketType === "manpack-order-basket" && basket.manpack.length > 0;
  const wearerPacks = shown ? await wearerPackBasketView(user.upstream, basket, { pricesHidden: hidden }) : null;
  // decision 058: hidden prices read "Price on application", never £0.00
  const text = (amount: number | null) => shownMoney(amount, hidden);
  return {
    ...view,
    totalText: text(view.total),
    lines: view.lines.map((line) => ({
      ...line,
      unitPriceText: text(line.unitPrice),
      lineTotalText: text(line.lineTotal),
    })),
    wearerPacks,
    // decision 166: an empty basket names where to go on, only what this user may open
    emptySteps: {
      stock: nextSteps(user, [
        ...CATALOGUE_STEPS,
        { to: "/search", label: "Search for a product" },
        { to: "/quick-order", label: "Quick order by product code" },
        { to: "/saved-baskets", label: "Load a saved basket" },
      ]),
      manpack: nextSteps(user, [{ to: "/wearer-pack", label: "Choose a wearer in Wearer packs" }]),
    },
    choosesBasket: usable["stock-order-basket"] && usable["manpack-order-basket"],
    punchout: punchoutBasketMode(user),
  };
}

/**
 * Within a punchout session (decision 111): an inspect session's basket is read-only (no forms at all), and without
 * ordering in the portal the basket is transferred instead of checked out; null outside one.
 */
export function punchoutBasketMode(
  user: Pick<PortalUser, "punchout">,
): { readOnly: boolean; transfer: boolean } | null {
  if (!user.punchout) return null;
  const readOnly = user.punchout.operation === "inspect";
  return { readOnly, transfer: readOnly || !user.punchout.orderingAllowed };
}

// ---------------------------------------------------------------- the form and its dispatch

const productId = () => idField("Choose a product", UNKNOWN_PRODUCT);
const employeeId = () => idField("Choose a wearer", "That wearer has no pack in your basket.");
const optionalId = (invalid: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.string().regex(UPSTREAM_ID_PATTERN, invalid).optional());

// functions, so that zod is built on the server only and stays out of the browser bundle (decision 002)
const basketSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("add"),
        productId: productId(),
        qty: z.string().default("1"),
        redirectTo: z.string().optional(),
      }),
      z.object({
        intent: z.literal("update"),
        productId: productId(),
        qty: z.string({ required_error: "Enter a quantity" }),
      }),
      z.object({ intent: z.literal("remove"), productId: productId() }),
      z.object({ intent: z.literal("reorder"), orderId: idField("Choose an order", ORDER_NOT_FOUND) }),
      z.object({
        intent: z.literal("instructions"),
        instructions: z.string().max(2000, "Delivery instructions can be at most 2000 characters").default(""),
      }),
      z.object({
        intent: z.literal("basket-type"),
        basketType: z.enum(["stock-order-basket", "manpack-order-basket"], {
          message: "Choose the stock or the wearer-pack basket",
        }),
      }),
      // the wearer-pack basket (issue 15 item 5): app/basket/wearer-pack-basket.server.ts
      z.object({
        intent: z.literal("pack-update"),
        employeeId: employeeId(),
        productId: productId(),
        qty: z.string({ required_error: "Enter a quantity" }),
      }),
      z.object({ intent: z.literal("pack-remove-line"), employeeId: employeeId(), productId: productId() }),
      z.object({ intent: z.literal("pack-remove"), employeeId: employeeId() }),
      z.object({
        intent: z.literal("pack-delivery"),
        employeeId: employeeId(),
        addressId: optionalId("Choose one of the delivery addresses shown."),
        shippingMethod: idField("Choose a delivery method", "Choose one of the delivery methods shown."),
      }),
      z.object({
        intent: z.literal("pack-instructions"),
        instructions: z.string().max(2000, "Delivery instructions can be at most 2000 characters").default(""),
      }),
    ],
    { errorMap: () => ({ message: "That basket action is not known." }) },
  );

/** POST /basket: every basket mutation comes here with an `intent`; a refusal answers 400 and writes nothing (decision 070). */
export async function submitBasket(user: PortalUser, request: Request) {
  const { upstream } = user;
  const prices = { pricesHidden: pricesHidden(user.session.account, { inPunchout: user.inPunchout }) };
  const form = await parseForm(request, basketSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? Object.values(form.fieldErrors)[0] ?? null);
  const input = form.data;
  // an inspect punchout session's basket is only looked at; the provider refuses its writes too (decision 111)
  if (user.punchout?.operation === "inspect") return invalidForm({}, PUNCHOUT_READ_ONLY, 403);

  // the wearer packs are the wearer-pack users' (SPEC §6 Manpack access); the provider refuses their writes too
  if (input.intent.startsWith("pack-") && !canAccessManpack(user.session.account))
    return invalidForm({}, NO_MANPACK_ACCESS, 403);

  let change: BasketChange;
  let target = "/basket";
  try {
    switch (input.intent) {
      case "add":
        change = await addLine(upstream, input.productId, input.qty, prices);
        target = safeRedirect(input.redirectTo, "/basket");
        break;
      case "update":
        change = await updateLine(upstream, input.productId, input.qty, prices);
        break;
      case "remove":
        change = await removeLine(upstream, input.productId);
        break;
      case "reorder":
        change = await reorderIntoBasket(upstream, input.orderId);
        break;
      case "instructions":
        change = await setInstructions(upstream, input.instructions);
        break;
      case "basket-type":
        // decision 161: only a basket the user may fill (the page offers no other)
        if (!usableBaskets(user.session.account)[input.basketType]) return invalidForm({}, BASKET_NOT_USABLE, 403);
        change = await setBasketType(upstream, input.basketType);
        break;
      case "pack-update":
        change = await updatePackLine(upstream, input.employeeId, input.productId, input.qty);
        break;
      case "pack-remove-line":
        change = await removePackLineChange(upstream, input.employeeId, input.productId);
        break;
      case "pack-remove":
        change = await removePackChange(upstream, input.employeeId);
        break;
      case "pack-delivery":
        change = await setPackDeliveryChange(user, input);
        break;
      case "pack-instructions":
        change = await setPackInstructions(upstream, input.instructions);
        break;
    }
  } catch (error) {
    // a write the provider refuses with 403 (a read-only punchout session): its words, nothing written
    return invalidForm({}, refusal(error, 403).message, 403);
  }
  // refused: 400 (or the 403 named) with the reason and nothing written (decision 070); the page shows it where it was posted from
  if (!change.ok) return invalidForm({}, change.message, change.status);
  const toast = await flashToast(request, { kind: change.notice ? "info" : "success", message: change.message });
  return redirect(target, { status: 303, headers: toast });
}
