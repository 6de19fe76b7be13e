import { redirect } from "@remix-run/node";
import { z } from "zod";
import { CATALOGUE_STEPS, nextSteps } from "~/chrome.server";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { basketTotal } from "~/domain/basket";
import { lineAmount, lineFromItem, orderable, type PricesHidden } from "~/domain/basket-lines";
import { formatDate } from "~/domain/dates";
import { PAGE_SIZE } from "~/domain/constants";
import { currentPage, pageCount } from "~/domain/paging";
import { pricesHidden, shownMoney } from "~/domain/prices";
import { cardImage } from "~/domain/product-card";
import { quantityStep } from "~/domain/quantity";
import { isUpstreamIdValue } from "~/domain/upstream-id";
import { getBasket, getItemsById } from "~/upstream/basket.server";
import type { UpstreamClient } from "~/upstream/client.server";
import { isRefusal, refusal, refusalForm } from "~/upstream/errors.server";
import { getSavedBasket, listSavedBaskets } from "~/upstream/saved-baskets.server";
import { idField, invalidForm, parseForm } from "~/utils/forms.server";
import { idParam } from "~/utils/params.server";
import {
  addSavedLineByCode,
  asRaw,
  deleteBasket,
  loadIntoBasket,
  NOT_IN_SAVED_BASKET,
  removeSavedLine,
  saveCurrentBasket,
  setSavedLineQty,
} from "./saved-basket-changes.server";

// Saved baskets (/saved-baskets and /saved-baskets/{id}): the list, one basket's view, their form schemas and
// action dispatch; the changes behind each intent are in saved-basket-changes.server.ts. The line rules are the
// basket's (app/domain/basket-lines.ts); the shape check is SPEC §5's (app/domain/saved-basket.ts). One server module
// for both pages (DESIGN §6).

export const SAVED_BASKET_NOT_FOUND = "That saved basket could not be found.";

const pricesOf = (user: PortalUser): PricesHidden => ({
  pricesHidden: pricesHidden(user.session.account, { inPunchout: user.inPunchout }),
});

/** Another customer's or an unknown basket is a 404 upstream, a refused change a 400: a clear message, nothing changed. */
function refused(error: unknown) {
  const upstream = refusal(error, 404, 400);
  return refusalForm(upstream, { message: isRefusal(upstream, 404) ? SAVED_BASKET_NOT_FOUND : undefined });
}

const done = async (request: Request, to: string, message: string) =>
  redirect(to, { status: 303, headers: await flashToast(request, { kind: "success", message }) });

// ---------------------------------------------------------------- views

/**
 * The saved-baskets list, a page of it (`?page`, pages of PAGE_SIZE like every list, issue 14 item 6). The provider
 * answers a user's saved baskets all at once, so the page is cut here.
 */
export async function savedBasketsPageData(user: PortalUser, url: URL) {
  const [baskets, basket] = await Promise.all([listSavedBaskets(user.upstream), getBasket(user.upstream)]);
  const page = currentPage(url.searchParams.get("page"), baskets.length);
  return {
    baskets: baskets
      .slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE)
      .map((b) => ({ id: b.id, name: b.basket_name, ordered: b.checked_out === 1, updated: formatDate(b.updated_at) })),
    total: baskets.length,
    page,
    pageCount: pageCount(baskets.length),
    liveLines: basket.stock.length,
    // decision 166: with nothing to save or nothing saved, where to go on (what this user may open)
    emptySteps: nextSteps(user, [
      ...CATALOGUE_STEPS,
      { to: "/search", label: "Search for a product" },
      { to: "/quick-order", label: "Quick order by product code" },
    ]),
  };
}

/**
 * A saved basket with its lines priced and described from the live catalogue (the detail page). With the account's
 * prices hidden (decision 058) no price, line total or total is given, and a product is still available without one.
 */
export async function savedBasketView(client: UpstreamClient, basketId: string, prices: PricesHidden = {}) {
  const hidden = prices.pricesHidden ?? false;
  const record = await getSavedBasket(client, basketId);
  const raws = record.itemsArray.map(asRaw);
  const ids = raws.map((raw) => String(raw.internalId ?? "")).filter(isUpstreamIdValue);
  const items = new Map((await getItemsById(client, ids)).map((item) => [item.internalId, item]));
  const lines = raws.map((raw, index) => {
    const productId = String(raw.internalId ?? "");
    const item = items.get(productId);
    const qty = typeof raw.qty === "number" ? raw.qty : Number(raw.qty) || 0;
    const line = item ? lineFromItem(item, Math.max(qty, 0)) : null;
    const unitPrice = hidden ? null : (item?.price ?? null);
    return {
      key: `${productId}-${index}`,
      productId,
      name: item?.displayName ?? String(raw.name ?? productId),
      code: item?.itemId ?? null,
      qty,
      unitPrice,
      lineTotal: unitPrice === null ? null : lineAmount(unitPrice, qty),
      thumbnail: line?.thumbnail ?? cardImage({}),
      step: item ? quantityStep(item) : 1,
      available: item ? orderable(item, prices).ok : false,
    };
  });
  return {
    id: record.id,
    name: record.basket_name,
    ordered: record.checked_out === 1,
    updated: record.updated_at ?? null,
    lines,
    total: hidden
      ? null
      : basketTotal(lines.filter((line) => line.available).map((line) => ({ qty: line.qty, price: line.unitPrice }))),
    pricesHidden: hidden,
  };
}

/** One saved basket at today's prices, worded for the page ("Price on application" when hidden, decision 058). */
export async function savedBasketPageData(user: PortalUser, param: string | undefined) {
  const id = idParam(param, SAVED_BASKET_NOT_FOUND);
  let view;
  try {
    view = await savedBasketView(user.upstream, id, pricesOf(user));
  } catch (error) {
    // another customer's or someone else's basket is a 404 upstream
    if (isRefusal(error, 404)) throw new Response(SAVED_BASKET_NOT_FOUND, { status: 404 });
    throw error;
  }
  const text = (amount: number | null) =>
    amount === null && !view.pricesHidden ? "–" : shownMoney(amount, view.pricesHidden);
  return {
    ...view,
    updated: formatDate(view.updated),
    totalText: shownMoney(view.total, view.pricesHidden),
    lines: view.lines.map((line) => ({
      ...line,
      unitPriceText: text(line.unitPrice),
      lineTotalText: text(line.lineTotal),
    })),
  };
}

// ---------------------------------------------------------------- forms and their dispatch

const basketId = () => idField("Choose a saved basket", SAVED_BASKET_NOT_FOUND);

// functions, so that zod is built on the server only and stays out of the browser bundle (decision 002)
const savedBasketsSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("save"),
        name: z
          .string({ required_error: "Enter a name for the basket" })
          .trim()
          .min(1, "Enter a name for the basket")
          .max(200, "The name can be at most 200 characters"),
      }),
      z.object({ intent: z.literal("load"), basketId: basketId() }),
      z.object({ intent: z.literal("delete"), basketId: basketId() }),
    ],
    { errorMap: () => ({ message: "That action is not known." }) },
  );

/** POST /saved-baskets: save the live basket under a name, load a saved one (replacing the basket), delete one. */
export async function submitSavedBaskets(user: PortalUser, request: Request) {
  const { upstream } = user;
  const form = await parseForm(request, savedBasketsSchema());
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError);
  const input = form.data;
  try {
    if (input.intent === "save") {
      const saved = await saveCurrentBasket(upstream, input.name);
      if (!saved.ok) return invalidForm({}, saved.message);
      return done(request, "/saved-baskets", saved.message);
    }
    if (input.intent === "load") {
      const loaded = await loadAndGoToBasket(request, upstream, input.basketId, pricesOf(user));
      return loaded.ok ? loaded.response : invalidForm({}, loaded.message);
    }
    return done(request, "/saved-baskets", (await deleteBasket(upstream, input.basketId)).message);
  } catch (error) {
    return refused(error);
  }
}

const itemId = () => idField("Choose a product", NOT_IN_SAVED_BASKET);

const savedBasketSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("qty"),
        itemId: itemId(),
        qty: z.string({ required_error: "Enter a quantity" }).trim().max(6, "Enter a quantity from 0 to 99"),
      }),
      z.object({ intent: z.literal("remove"), itemId: itemId() }),
      z.object({
        intent: z.literal("add"),
        code: z
          .string({ required_error: "Enter a product code" })
          .trim()
          .min(1, "Enter a product code")
          .max(60, "A product code is at most 60 characters"),
      }),
      z.object({ intent: z.literal("load") }),
    ],
    { errorMap: () => ({ message: "That action is not known." }) },
  );

/** POST /saved-baskets/{id}: a line's quantity (0 removes it), remove a line, add a product by code, load it. */
export async function submitSavedBasket(user: PortalUser, request: Request, param: string | undefined) {
  const { upstream } = user;
  const id = idParam(param, SAVED_BASKET_NOT_FOUND);
  const form = await parseForm(request, savedBasketSchema());
  // the line forms show no field messages of their own: the first message goes at the top of the page
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? Object.values(form.fieldErrors)[0] ?? null);
  const input = form.data;
  try {
    if (input.intent === "load") {
      const loaded = await loadAndGoToBasket(request, upstream, id, pricesOf(user));
      return loaded.ok ? loaded.response : invalidForm({}, loaded.message);
    }
    const change =
      input.intent === "qty"
        ? await setSavedLineQty(upstream, id, input.itemId, input.qty)
        : input.intent === "remove"
          ? await removeSavedLine(upstream, id, input.itemId)
          : await addSavedLineByCode(upstream, id, input.code, pricesOf(user));
    if (!change.ok) return invalidForm(input.intent === "add" ? { code: change.message } : {}, change.message);
    return done(request, `/saved-baskets/${id}`, change.message);
  } catch (error) {
    return refused(error);
  }
}

// ---------------------------------------------------------------- loading, then to the basket

/**
 * Loads a saved basket into the live basket (which remembers it for checkout's chosenBasket) and answers the
 * redirect to /basket with its toast; a refusal comes back as the SavedChange.
 */
async function loadAndGoToBasket(
  request: Request,
  client: UpstreamClient,
  basketId: string,
  prices: PricesHidden,
): Promise<{ ok: true; response: Response } | { ok: false; message: string }> {
  const loaded = await loadIntoBasket(client, basketId, prices);
  if (!loaded.ok) return loaded;
  const headers = await flashToast(request, { kind: loaded.notice ? "info" : "success", message: loaded.message });
  return { ok: true, response: redirect("/basket", { status: 303, headers }) };
}
