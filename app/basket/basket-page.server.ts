import { redirect } from "@remix-run/node";
import { z } from "zod";
import { safeRedirect, type PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/auth/session.server";
import { formatMoney } from "~/domain/money";
import { pricesHidden, shownMoney } from "~/domain/prices";
import { invalidForm, parseForm } from "~/utils/forms.server";
import { addLine, reorderIntoBasket, removeLine, setBasketType, setInstructions, updateLine, type BasketChange } from "./basket.server";
import { basketView } from "./view.server";

// The server side of /basket in one module, so the page's browser build refers to one empty module rather than one
// per server import (DESIGN §6).

/** The basket page's data, with the money worded here rather than in the browser. */
export async function basketPageData(user: PortalUser) {
  const hidden = pricesHidden(user.session.account, { inPunchout: user.inPunchout });
  const view = await basketView(user.upstream, { pricesHidden: hidden });
  // decision 058: hidden prices read "Price on application", never £0.00
  const text = (amount: number | null) => shownMoney(amount, hidden);
  return {
    ...view,
    totalText: text(view.total),
    lines: view.lines.map((line) => ({ ...line, unitPriceText: text(line.unitPrice), lineTotalText: text(line.lineTotal) })),
  };
}

const id = () => z.string({ required_error: "Choose a product" }).trim().regex(/^\d{1,15}$/, "That product is not available to order.");

// functions, so that zod is built on the server only and stays out of the browser bundle (decision 002)
const basketSchema = () =>
  z.discriminatedUnion(
    "intent",
    [
      z.object({ intent: z.literal("add"), productId: id(), qty: z.string().default("1"), redirectTo: z.string().optional() }),
      z.object({ intent: z.literal("update"), productId: id(), qty: z.string({ required_error: "Enter a quantity" }) }),
      z.object({ intent: z.literal("remove"), productId: id() }),
      z.object({
        intent: z.literal("reorder"),
        orderId: z.string({ required_error: "Choose an order" }).trim().regex(/^\d{1,15}$/, "That order could not be found."),
      }),
      z.object({ intent: z.literal("instructions"), instructions: z.string().max(2000, "Delivery instructions can be at most 2000 characters").default("") }),
      z.object({ intent: z.literal("basket-type"), basketType: z.enum(["stock-order-basket", "manpack-order-basket"], { message: "Choose the stock or the wearer-pack basket" }) }),
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

  let change: BasketChange;
  let target = "/basket";
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
      change = await setBasketType(upstream, input.basketType);
      break;
  }
  // refused: 400 with the reason and nothing written (decision 070); the page shows it where it was posted from
  if (!change.ok) return invalidForm({}, change.message);
  const toast = await flashToast(request, { kind: change.notice ? "info" : "success", message: change.message });
  return redirect(target, { status: 303, headers: toast });
}
