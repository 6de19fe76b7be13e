import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { showsPrices } from "~/catalogue/product-cards.server";
import {
  allowancesLeft,
  budgetLabel,
  calendarDay,
  chargedBudgetIndex,
  checkAllowance,
  leftAfterPackWorthSaying,
  nextResetDate,
  POINTS_BUDGET_TYPE,
  wearerName,
  type AllowanceItem,
  type AllowanceLeft,
  type PackLine,
} from "~/domain/allowance";
import { lineFromItem, orderable, type LineItem } from "~/domain/basket-lines";
import { formatDate } from "~/domain/dates";
import { MATRIX_OPTIONS, variantFor, type OptionValues } from "~/domain/matrix";
import { addToPack, findPack } from "~/domain/packs";
import { cardImage } from "~/domain/product-card";
import { chooseOptions, choiceErrors, chosenOptions, OPTION_LABELS, type OptionPicker } from "~/domain/product-options";
import { quantityRule, type QuantityRule } from "~/domain/quantity";
import { getBasket, patchBasket, type BasketState, type StockLine } from "~/upstream/basket.server";
import type { ContactBudget } from "~/upstream/contacts.server";
import { getWearer, type WearerContact } from "~/upstream/contacts.server";
import { listEntitlement, type EntitledItem, type EntitledSimple } from "~/upstream/entitlements.server";
import { refusal } from "~/upstream/errors.server";
import { idField, parseForm } from "~/utils/forms.server";
import { idParam } from "~/utils/params.server";
import { countOf } from "~/domain/plural";

// /wearer-pack/{contactId} (issue 15 item 3): one wearer's allowances, their pack in the basket and the items they
// may order, each added to their pack with one form post. The allowance rule is app/domain/allowance.ts; the pack's
// operations are app/domain/packs.ts; the provider checks both again at order time.

const WEARER_NOT_FOUND = "Wearer not found";

/**
 * The wearer, or a 404 for the page's ErrorBoundary: an id that cannot be an upstream id (before any call), a
 * contact the provider does not answer (unknown, another customer's, someone else for a wp_contact_only user), and
 * one that cannot have a pack (inactive, or not a wearer-pack contact) — the wearers list does not show those either.
 */
async function requireWearer(user: PortalUser, contactId: string | undefined): Promise<WearerContact> {
  const id = idParam(contactId, WEARER_NOT_FOUND);
  const wearer = await getWearer(user.upstream, id);
  if (!wearer || wearer.isInactive || !wearer.manpackUser) throw new Response(WEARER_NOT_FOUND, { status: 404 });
  return wearer;
}

/** What a line of the pack charges: its own item's allocation (a variant's, else its parent's); none when not found. */
function allocationOf(items: readonly EntitledItem[], line: Pick<StockLine, "productId" | "parentId">): AllowanceItem {
  for (const item of items) {
    if (item.internalId === line.productId) return item;
    const simple = item.simples.find((s) => s.internalId === line.productId);
    if (simple) return variantAllocation(item, simple);
  }
  const parent = items.find((item) => item.internalId === line.parentId);
  return parent ?? { allocationType: null, itemPoints: null };
}

/** A variant's allocation: its own where the provider sends one, else its parent's. */
function variantAllocation(item: EntitledItem, simple: EntitledSimple): AllowanceItem {
  return {
    allocationType: simple.allocationType ?? item.allocationType,
    itemPoints: simple.itemPoints ?? item.itemPoints,
  };
}

function packLinesOf(items: readonly EntitledItem[], lines: readonly StockLine[]): PackLine[] {
  return lines.map((line) => ({ item: allocationOf(items, line), quantity: line.qty }));
}

/** One allowance as the page shows it: before the pack, what the pack takes, and what is left after it. */
export interface AllowanceRow {
  label: string;
  points: boolean;
  allowance: number;
  inPack: number;
  left: number;
}

const allowanceRow = (a: AllowanceLeft<ContactBudget>): AllowanceRow => ({
  label: budgetLabel(a.budget),
  points: a.budget.type === POINTS_BUDGET_TYPE,
  allowance: a.allowance,
  inPack: a.inPack,
  left: a.left,
});

/** One item the wearer may order, ready to render. */
export interface EntitledItemView {
  id: string;
  name: string;
  code: string;
  image: string;
  /** What one costs: the allocation type's name, "N points", or that no allowance limits it. */
  charge: string;
  /** What is left of the budget it is charged to after the pack (null: no budget limits it). */
  leftAfterPack: string | null;
  pickers: OptionPicker[];
  quantity: QuantityRule;
  /** How many of it (any variant) the wearer's pack already holds. */
  inPack: number;
}

function itemView(
  item: EntitledItem,
  after: AllowanceLeft<ContactBudget>[],
  packLines: readonly StockLine[],
): EntitledItemView {
  const budgets = after.map((a) => a.budget);
  const index = chargedBudgetIndex(budgets, item);
  const charged = index === -1 ? null : after[index];
  let charge = "Not limited by an allowance";
  let leftAfterPack: string | null = null;
  if (charged) {
    const left = Math.max(0, charged.left);
    const points = charged.budget.type === POINTS_BUDGET_TYPE;
    charge = points
      ? `${countOf(item.itemPoints ?? 0, "point")} each`
      : (item.allocationTypeName ?? item.allocationType ?? charged.budget.type);
    // decision 167: only once the pack takes from this budget, or when one more would not fit
    if (leftAfterPackWorthSaying(charged, item))
      leftAfterPack = points ? `${countOf(left, "point")} left` : `${budgetLabel(charged.budget)}: ${left} left`;
  }
  const simples = item.simples.map((s) => ({ ...s, options: s.options ?? {} }));
  const firstImage = Object.values(item.images).find((list) => list.length > 0)?.[0];
  const ids = new Set([item.internalId, ...item.simples.map((s) => s.internalId)]);
  return {
    id: item.internalId,
    name: item.displayName,
    code: item.itemId ?? "",
    image: cardImage({ defaultImage: item.defaultImage ?? firstImage }),
    charge,
    leftAfterPack,
    pickers: simples.length ? chooseOptions(simples, {}).pickers : [],
    quantity: quantityRule(item),
    inPack: packLines
      .filter((line) => ids.has(line.productId) || line.parentId === item.internalId)
      .reduce((sum, line) => sum + line.qty, 0),
  };
}

const optionsText = (options: StockLine["options"]) =>
  Object.entries(options ?? {})
    .filter(([name, value]) => typeof value === "string" && value !== "" && name in OPTION_LABELS)
    .map(([name, value]) => `${OPTION_LABELS[name as keyof typeof OPTION_LABELS]}: ${value}`)
    .join(", ");

/** The page: the wearer, their allowances before and after their pack, the pack's lines and their entitled items. */
export async function wearerPageData(user: PortalUser, contactId: string | undefined, now: Date = new Date()) {
  const wearer = await requireWearer(user, contactId);
  const [items, basket] = await Promise.all([
    listEntitlement(user.upstream, { contactId: wearer.internalId, grade: wearer.grade }),
    getBasket(user.upstream),
  ]);
  const today = calendarDay(now);
  const pack = findPack(basket.manpack, wearer.internalId);
  const lines = pack?.data ?? [];
  const after = allowancesLeft(wearer.budgets, packLinesOf(items, lines), today);
  const reset = wearer.nextResetDate ?? nextResetDate(wearer.budgets, today);
  return {
    wearer: {
      id: wearer.internalId,
      name: wearerName(wearer),
      firstName: wearer.firstName.trim() || null,
      employeeRef: wearer.employeeRef,
      grade: wearer.grade,
      department: wearer.department?.name ?? null,
      costCentre: wearer.costCentre?.name ?? null,
    },
    allowances: after.map(allowanceRow),
    nextReset: reset ? formatDate(reset) : null,
    pack: lines.map((line) => ({
      productId: line.productId,
      name: line.name ?? line.productId,
      options: optionsText(line.options),
      qty: line.qty,
    })),
    items: items.map((item) => itemView(item, after, lines)),
  };
}

// a function, so that zod is built on the server only (decision 002); options are read by chosenOptions
const addSchema = () =>
  z.object({
    intent: z.literal("add", { errorMap: () => ({ message: "That action is not known." }) }),
    productId: idField("Choose an item to add", "That item is not one this wearer may order."),
    qty: z.string().max(20, "Enter a quantity").default("1"),
    ...Object.fromEntries(
      MATRIX_OPTIONS.map((option) => [option, z.string().max(200, "Choose one of the options given").optional()]),
    ),
  });

/** A refused add, answered to the page (400, nothing written): which item's form it belongs to, and what was posted. */
export type AddRefusal = {
  ok: false;
  itemId: string | null;
  fieldErrors: Record<string, string>;
  formError: string | null;
  posted: { options: OptionValues; qty: string };
};

function refuse(
  itemId: string | null,
  fieldErrors: Record<string, string>,
  formError: string | null,
  posted: AddRefusal["posted"],
  status = 400,
) {
  return data<AddRefusal>({ ok: false, itemId, fieldErrors, formError, posted }, { status });
}

/** The item (or its chosen variant) as a basket line reads it: the variant's fields, the parent's where it has none. */
function lineItemOf(item: EntitledItem, variant: EntitledSimple | null): LineItem {
  const chosen = variant ?? item;
  return {
    internalId: chosen.internalId,
    displayName: chosen.displayName || item.displayName,
    price: chosen.price ?? null,
    isInactive: chosen.isInactive,
    matrixType: variant ? "child" : item.simples.length ? "parent" : item.matrixType,
    parent: variant ? { internalId: item.internalId } : chosen.parent,
    options: chosen.options ?? null,
    images: Object.keys(chosen.images).length ? chosen.images : item.images,
    defaultImage: chosen.defaultImage ?? item.defaultImage ?? null,
    quantityStep: chosen.quantityStep ?? item.quantityStep,
    minimumSaleQuantity: chosen.minimumSaleQuantity ?? item.minimumSaleQuantity,
  };
}

/**
 * POST /wearer-pack/{contactId} intent=add (issue 15 item 3): one item into the wearer's pack. Refused with 400 and
 * nothing written: an item not in the wearer's entitlement, options that order nothing, a quantity outside the
 * item's rules (an error on the quantity), a pack over an allowance (the provider's words). Else the line goes into
 * the wearer's pack (summed with the same product's line) and the basket shows the wearer-pack basket: one PATCH,
 * 303 back to the page with a toast.
 */
export async function addToWearerPack(
  user: PortalUser,
  request: Request,
  contactId: string | undefined,
  now: Date = new Date(),
) {
  const wearer = await requireWearer(user, contactId);
  const form = await parseForm(request, addSchema());
  const postedOptions = chosenOptions(
    new URLSearchParams([...form.formData].filter((entry): entry is [string, string] => typeof entry[1] === "string")),
  );
  const posted = { options: postedOptions, qty: String(form.formData.get("qty") ?? "") };
  const postedId = form.formData.get("productId");
  const itemId = typeof postedId === "string" ? postedId : null;
  if (!form.ok) {
    const { qty, ...others } = form.fieldErrors;
    return refuse(itemId, qty ? { qty } : {}, form.formError ?? Object.values(others)[0] ?? null, posted);
  }
  const name = wearerName(wearer);
  const [items, basket] = await Promise.all([
    listEntitlement(user.upstream, { contactId: wearer.internalId, grade: wearer.grade }),
    getBasket(user.upstream),
  ]);
  const item = items.find((i) => i.internalId === form.data.productId);
  if (!item) return refuse(itemId, {}, `${name} is not entitled to that item.`, posted);

  let variant: EntitledSimple | null = null;
  if (item.simples.length > 0) {
    const choice = variantFor(
      item.simples.map((s) => ({ ...s, options: s.options ?? {} })),
      postedOptions,
    );
    if (!choice.ok) {
      const errors = choiceErrors(choice, item.displayName);
      return refuse(
        itemId,
        errors.fieldErrors as Record<string, string>,
        errors.formError.replace("to your basket", `to ${name}'s pack`),
        posted,
      );
    }
    variant = item.simples.find((s) => s.internalId === choice.variant.internalId) ?? null;
  }
  const lineItem = lineItemOf(item, variant);
  const canOrder = orderable(lineItem, { pricesHidden: !showsPrices(user) });
  if (!canOrder.ok) return refuse(itemId, {}, canOrder.message, posted);

  const held = findPack(basket.manpack, wearer.internalId)?.data ?? [];
  const allocation = variant ? variantAllocation(item, variant) : item;
  const check = checkAllowance({
    wearer,
    budgets: wearer.budgets,
    lines: packLinesOf(items, held),
    item: { ...allocation, quantityStep: lineItem.quantityStep, minimumSaleQuantity: lineItem.minimumSaleQuantity },
    quantity: form.data.qty,
    today: calendarDay(now),
  });
  if (!check.ok)
    return check.reason === "quantity"
      ? refuse(itemId, { qty: check.message }, check.message, posted)
      : refuse(itemId, {}, check.message, posted);

  const line: StockLine = { ...lineFromItem(lineItem, check.qty), scope: "manpack" };
  const added = addToPack<StockLine, BasketState["manpack"][number]>(basket.manpack, wearer.internalId, line, lineItem);
  if (!added.ok) return refuse(itemId, { qty: added.message }, added.message, posted);
  try {
    await patchBasket(user.upstream, { manpack: added.packs, selectedBasketType: "manpack-order-basket" });
  } catch (error) {
    const refused = refusal(error, 400, 403, 404);
    return refuse(itemId, {}, refused.message, posted, refused.status);
  }
  const toast = await flashToast(request, { kind: "success", message: `Added to ${name}'s pack` });
  return redirect(`/wearer-pack/${wearer.internalId}`, { status: 303, headers: toast });
}
