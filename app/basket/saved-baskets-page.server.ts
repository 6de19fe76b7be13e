import { redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/auth/session.server";
import { formatDate } from "~/domain/dates";
import { formatMoney } from "~/domain/money";
import { getBasket } from "~/upstream/basket.server";
import { upstreamErrorMessage } from "~/upstream/client.server";
import { listSavedBaskets } from "~/upstream/saved-baskets.server";
import { invalidForm, parseForm } from "~/utils/forms.server";
import {
  addSavedLineByCode,
  deleteBasket,
  loadAndGoToBasket,
  removeSavedLine,
  savedBasketView,
  saveCurrentBasket,
  setSavedLineQty,
} from "./saved-baskets.server";

// The server side of /saved-baskets and /saved-baskets/{id} in one module, so each page's browser build refers to
// one empty module rather than one per server import (DESIGN §6).

export const SAVED_BASKET_NOT_FOUND = "That saved basket could not be found.";

/** Another customer's or an unknown basket is a 404 upstream, a refused change a 400: a clear message, nothing changed. */
async function refusal(error: unknown) {
  if (error instanceof Response && (error.status === 404 || error.status === 400)) {
    const message = error.status === 404 ? SAVED_BASKET_NOT_FOUND : ((await upstreamErrorMessage(error)) ?? "That could not be done.");
    return invalidForm({}, message, error.status);
  }
  throw error;
}

const done = async (request: Request, to: string, message: string) =>
  redirect(to, { status: 303, headers: await flashToast(request, { kind: "success", message }) });

// ---------------------------------------------------------------- /saved-baskets

export async function savedBasketsPageData(user: PortalUser) {
  const [baskets, basket] = await Promise.all([listSavedBaskets(user.upstream), getBasket(user.upstream)]);
  return {
    baskets: baskets.map((b) => ({ id: b.id, name: b.basket_name, ordered: b.checked_out === 1, updated: formatDate(b.updated_at) })),
    liveLines: basket.stock.length,
  };
}

const basketId = () => z.string({ required_error: "Choose a saved basket" }).regex(/^\d{1,15}$/, SAVED_BASKET_NOT_FOUND);

const savedBasketsSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({
        intent: z.literal("save"),
        name: z.string({ required_error: "Enter a name for the basket" }).trim().min(1, "Enter a name for the basket").max(200, "The name can be at most 200 characters"),
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
      const loaded = await loadAndGoToBasket(request, upstream, input.basketId);
      return loaded instanceof Response ? loaded : invalidForm({}, loaded.message);
    }
    return done(request, "/saved-baskets", (await deleteBasket(upstream, input.basketId)).message);
  } catch (error) {
    return refusal(error);
  }
}

// ---------------------------------------------------------------- /saved-baskets/{id}

function basketIdOf(param: string | undefined): string {
  const id = param ?? "";
  if (!/^\d{1,15}$/.test(id)) throw new Response(SAVED_BASKET_NOT_FOUND, { status: 404 });
  return id;
}

/** One saved basket at today's prices, worded for the page. */
export async function savedBasketPageData(user: PortalUser, param: string | undefined) {
  const id = basketIdOf(param);
  try {
    const view = await savedBasketView(user.upstream, id);
    return {
      ...view,
      updated: formatDate(view.updated),
      totalText: formatMoney(view.total),
      lines: view.lines.map((line) => ({
        ...line,
        unitPriceText: line.unitPrice === null ? "–" : formatMoney(line.unitPrice),
        lineTotalText: line.lineTotal === null ? "–" : formatMoney(line.lineTotal),
      })),
    };
  } catch (error) {
    // another customer's or someone else's basket is a 404 upstream
    if (error instanceof Response && error.status === 404) throw new Response(SAVED_BASKET_NOT_FOUND, { status: 404 });
    throw error;
  }
}

const itemId = () => z.string({ required_error: "Choose a product" }).regex(/^\d{1,15}$/, "That product is not in this saved basket.");

const savedBasketSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("qty"), itemId: itemId(), qty: z.string({ required_error: "Enter a quantity" }).trim().max(6, "Enter a quantity from 0 to 99") }),
      z.object({ intent: z.literal("remove"), itemId: itemId() }),
      z.object({
        intent: z.literal("add"),
        code: z.string({ required_error: "Enter a product code" }).trim().min(1, "Enter a product code").max(60, "A product code is at most 60 characters"),
      }),
      z.object({ intent: z.literal("load") }),
    ],
    { errorMap: () => ({ message: "That action is not known." }) },
  );

/** POST /saved-baskets/{id}: a line's quantity (0 removes it), remove a line, add a product by code, load it. */
export async function submitSavedBasket(user: PortalUser, request: Request, param: string | undefined) {
  const { upstream } = user;
  const id = basketIdOf(param);
  const form = await parseForm(request, savedBasketSchema());
  // the line forms show no field messages of their own: the first message goes at the top of the page
  if (!form.ok) return invalidForm(form.fieldErrors, form.formError ?? Object.values(form.fieldErrors)[0] ?? null);
  const input = form.data;
  try {
    if (input.intent === "load") {
      const loaded = await loadAndGoToBasket(request, upstream, id);
      return loaded instanceof Response ? loaded : invalidForm({}, loaded.message);
    }
    const change =
      input.intent === "qty"
        ? await setSavedLineQty(upstream, id, input.itemId, input.qty)
        : input.intent === "remove"
          ? await removeSavedLine(upstream, id, input.itemId)
          : await addSavedLineByCode(upstream, id, input.code);
    if (!change.ok) return invalidForm(input.intent === "add" ? { code: change.message } : {}, change.message);
    return done(request, `/saved-baskets/${id}`, change.message);
  } catch (error) {
    return refusal(error);
  }
}
