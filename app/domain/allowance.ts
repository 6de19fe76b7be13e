import { checkOrderQuantity, type QuantityItem } from "./quantity";

// A wearer's allowances (issue 15 items 3 and 4, decisions 096 and 098; one rule for both sides, decision 172): when a
// budget resets, what an item charges and to which budget, what is left given the lines already in the wearer's pack,
// and the refusal of a pack over an allowance. The provider enforces with these functions at order time
// (server/services/orders/allowances.ts, server/services/wearers.ts) and the screens show with them, so a pack the
// basket lets through is one the provider takes, in the same words.

/** The budget whose type this is charges every item its points (SPEC §3 Item itemPoints); any other type is an allocation type. */
export const POINTS_BUDGET_TYPE = "Points";

/** SPEC §3 Contact budget, as GET /api/contactBudget answers it. `resetDate` is a calendar day (yyyy-MM-dd). */
export interface Budget {
  type: string;
  qty: number;
  usedQty: number;
  resetDays: number | null;
  resetDate: string | null;
}

/** What an item costs a wearer (SPEC §3 Item, as GET /api/item answers it with includeAllocation). */
export interface AllowanceItem {
  allocationType: string | null;
  itemPoints: number | null;
}

/** A line in the wearer's pack (SPEC §3 Manpack entry data) with its item's allocation. */
export interface PackLine {
  item: AllowanceItem;
  quantity: number;
}

export interface Wearer {
  firstName: string | null;
  lastName: string | null;
}

/** One budget as the screens show it, after any reset that has fallen due. */
export interface AllowanceLeft<B extends Budget = Budget> {
  budget: B;
  /** qty − usedQty, at least 0: what the wearer has left before this pack, the provider's "has … left". */
  allowance: number;
  /** What the pack's lines charge to this budget (points, or items of its allocation type). */
  inPack: number;
  /** allowance − inPack: what is left after this pack. Below 0 when the pack is over the allowance. */
  left: number;
}

// ---------------------------------------------------------------- resets

const DAY_MS = 86_400_000;

/**
 * A calendar day (yyyy-MM-dd) as days since 1970-01-01, or null when it is none; a day JavaScript rolls on (2026-02-30
 * is 2 March) is the day it rolls on to, on both sides.
 */
function dayNumber(value: string | null | undefined): number | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return Number.isNaN(ms) ? null : Math.round(ms / DAY_MS);
}

const dayText = (days: number): string => new Date(days * DAY_MS).toISOString().slice(0, 10);

const dayFormat = (timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
const UK_DAY = dayFormat("Europe/London");

/** Today's calendar day (yyyy-MM-dd) where the wearers work: reset dates are UK days. */
export function calendarDay(now: Date, timeZone = "Europe/London"): string {
  const parts = (timeZone === "Europe/London" ? UK_DAY : dayFormat(timeZone)).formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** What the reset rule reads of a budget (SPEC §3 Contact budget). */
export interface ResettableBudget {
  usedQty: number;
  resetDays: number | null;
  resetDate: string | null;
}

export interface ResetOutcome {
  usedQty: number;
  resetDate: string | null;
  /** true when at least one period ended, so usedQty went back to 0 */
  reset: boolean;
}

/** Whether the budget renews: a reset day and a whole, positive number of days between resets. */
function renews(budget: Pick<ResettableBudget, "resetDays" | "resetDate">): boolean {
  return dayNumber(budget.resetDate) !== null && Number.isInteger(budget.resetDays) && (budget.resetDays ?? 0) > 0;
}

/**
 * The reset rule (decision 096): on `today` (yyyy-MM-dd), once the budget's reset day has come (on the day itself, or
 * any day after), usedQty is back to 0 and resetDate has moved on by resetDays as many times as it takes to be after
 * today. A budget without a reset day or a positive whole resetDays never resets, and an unreadable today changes
 * nothing. The provider writes the outcome back on read and before an order spends an allowance.
 */
export function budgetAfterReset(budget: ResettableBudget, today: string): ResetOutcome {
  const now = dayNumber(today);
  const due = dayNumber(budget.resetDate);
  if (now === null || due === null || !renews(budget) || now < due)
    return { usedQty: budget.usedQty, resetDate: budget.resetDate, reset: false };
  const every = budget.resetDays as number;
  const periods = Math.floor((now - due) / every) + 1;
  return { usedQty: 0, resetDate: dayText(due + periods * every), reset: true };
}

/** The budget as it stands on `today` (budgetAfterReset), the same object when no reset has fallen due. */
export function resetBudget<B extends ResettableBudget>(budget: B, today: string): B {
  const after = budgetAfterReset(budget, today);
  return after.reset ? { ...budget, usedQty: after.usedQty, resetDate: after.resetDate } : budget;
}

/**
 * The next day the wearer's allowances renew: the earliest reset day, after any reset that has fallen due by `today`,
 * of the budgets that renew; null when none does. The provider answers it as a contact's nextResetDate; the screens
 * show it when the provider leaves it out.
 */
export function nextResetDate(
  budgets: ReadonlyArray<Pick<ResettableBudget, "resetDays" | "resetDate">>,
  today: string,
): string | null {
  const days = budgets.filter(renews).map((b) => dayNumber(budgetAfterReset({ ...b, usedQty: 0 }, today).resetDate));
  return days.length ? dayText(Math.min(...(days as number[]))) : null;
}

// ---------------------------------------------------------------- charging

/**
 * The budget an item is charged to, by index: the wearer's Points budget when they have one (every item then costs
 * its points), else the budget whose type is the item's allocation type; -1 when none limits it. The first of two
 * budgets of one type is the one charged, as the provider charges it.
 */
export function chargedBudgetIndex(budgets: ReadonlyArray<Pick<Budget, "type">>, item: AllowanceItem): number {
  const points = budgets.findIndex((b) => b.type === POINTS_BUDGET_TYPE);
  if (points !== -1) return points;
  return item.allocationType === null ? -1 : budgets.findIndex((b) => b.type === item.allocationType);
}

/** What `quantity` of the item charges its budget: its points each against a Points budget (none: 0), else one each. */
export function chargeOf(budget: Pick<Budget, "type">, item: AllowanceItem, quantity: number): number {
  return budget.type === POINTS_BUDGET_TYPE ? (item.itemPoints ?? 0) * quantity : quantity;
}

/**
 * What is left of each of the wearer's budgets on `today` with these lines in the pack, in the budgets' order.
 * Pass budgets already reset or not: a reset that has fallen due is applied here.
 */
export function allowancesLeft<B extends Budget>(
  budgets: readonly B[],
  lines: readonly PackLine[],
  today: string,
): AllowanceLeft<B>[] {
  const current = budgets.map((b) => resetBudget(b, today));
  const inPack = current.map(() => 0);
  for (const line of lines) {
    const index = chargedBudgetIndex(current, line.item);
    if (index !== -1) inPack[index] += chargeOf(current[index], line.item, line.quantity);
  }
  return current.map((budget, i) => {
    // the provider says 0, not a negative number, of a budget used beyond its qty
    const allowance = Math.max(0, budget.qty - budget.usedQty);
    return { budget, allowance, inPack: inPack[i], left: allowance - inPack[i] };
  });
}

/** A budget's name on screen: its allocation type's readable name, else the type's code; a Points budget is "Points". */
export function budgetLabel(
  budget: Pick<Budget, "type"> & { allocationType?: string | null; allocationTypeName?: string | null },
): string {
  if (budget.type === POINTS_BUDGET_TYPE) return "Points";
  return budget.allocationTypeName ?? budget.allocationType ?? budget.type;
}

/** A wearer's name on screen: first and last name, whichever there are; "the wearer" when neither. */
export function wearerName(wearer: Wearer): string {
  return (
    [wearer.firstName, wearer.lastName]
      .map((s) => (s ?? "").trim())
      .filter((s) => s !== "")
      .join(" ") || "the wearer"
  );
}

/** A wearer as a refusal names them: the first name, or "the wearer" without one, then the last name ("the wearer Smith"). */
function refusedWearer(wearer: Wearer): string {
  const first = (wearer.firstName ?? "").trim() || "the wearer";
  const last = (wearer.lastName ?? "").trim();
  return last ? `${first} ${last}` : first;
}

/** What a refusal says of a budget: its type, what was left of it and what the pack needs from it. */
export type OverAllowance = Pick<AllowanceLeft, "allowance" | "inPack"> & { budget: Pick<Budget, "type"> };

/**
 * The refusal of a pack over an allowance, word for word as the provider answers it (docs/upstream-api.md, POST
 * /api/order manpack; the SPEC gives no words, so they are the API's): "Wes Wearer has 1 Jacket allowance left; this
 * pack needs 2".
 */
export function overAllowanceMessage(wearer: Wearer, allowance: OverAllowance): string {
  return `${refusedWearer(wearer)} has ${allowance.allowance} ${allowance.budget.type} allowance left; this pack needs ${allowance.inPack}`;
}

/**
 * The provider's words for each of the wearer's budgets these lines overspend (none when the pack fits): what the
 * basket and checkout warn of before an order the provider would refuse.
 */
export function overAllowances(wearer: Wearer, after: readonly AllowanceLeft[]): string[] {
  return after.filter((a) => a.left < 0).map((a) => overAllowanceMessage(wearer, a));
}

/** A pack's lines as the allowance rule reads them: each with its item's allocation (none known: not limited). */
export function packLinesOf(
  lines: ReadonlyArray<{ productId: string; qty: number }>,
  items: ReadonlyMap<string, { allocationType: string | null; itemPoints: number | null }>,
): PackLine[] {
  return lines.map((line) => {
    const item = items.get(line.productId);
    return {
      item: { allocationType: item?.allocationType ?? null, itemPoints: item?.itemPoints ?? null },
      quantity: line.qty,
    };
  });
}

export interface AllowanceRequest<B extends Budget = Budget> {
  wearer: Wearer;
  budgets: readonly B[];
  /** The lines already in this wearer's pack. */
  lines: readonly PackLine[];
  /** The item to add, with its quantity rules (SPEC §3 Item quantityStep, minimumSaleQuantity). */
  item: AllowanceItem & QuantityItem;
  /** As posted: checked as any order quantity is (a whole number, the item's minimum and step, at most 99). */
  quantity: unknown;
  /** yyyy-MM-dd (calendarDay). */
  today: string;
}

export type AllowanceCheck<B extends Budget = Budget> =
  | { ok: true; qty: number; before: AllowanceLeft<B>[]; after: AllowanceLeft<B>[] }
  | { ok: false; reason: "quantity"; message: string; before: AllowanceLeft<B>[] }
  | { ok: false; reason: "allowance"; message: string; before: AllowanceLeft<B>[]; after: AllowanceLeft<B>[] };

/**
 * Whether `quantity` of the item may go into the wearer's pack: what is left of each budget before and after, and,
 * when the item's budget would be overspent, the provider's words for it. Only the budget the item is charged to
 * decides; an item no budget limits always fits.
 */
export function checkAllowance<B extends Budget>(request: AllowanceRequest<B>): AllowanceCheck<B> {
  const { wearer, budgets, lines, item, today } = request;
  const before = allowancesLeft(budgets, lines, today);
  const quantity = checkOrderQuantity(item, request.quantity);
  if (!quantity.ok) return { ok: false, reason: "quantity", message: quantity.message, before };
  const after = allowancesLeft(budgets, [...lines, { item, quantity: quantity.qty }], today);
  const charged = chargedBudgetIndex(
    after.map((a) => a.budget),
    item,
  );
  if (charged !== -1 && after[charged].left < 0) {
    return { ok: false, reason: "allowance", message: overAllowanceMessage(wearer, after[charged]), before, after };
  }
  return { ok: true, qty: quantity.qty, before, after };
}

/**
 * Whether an item's "what is left after the pack" line tells the user something (decision 167): once the pack has taken
 * from the budget the item is charged to, or when one more of the item would not fit in what is left. Under every item
 * of an empty pack with room to spare it would only repeat the allowances table.
 */
export function leftAfterPackWorthSaying(charged: AllowanceLeft, item: AllowanceItem): boolean {
  return charged.inPack > 0 || charged.left < chargeOf(charged.budget, item, 1);
}
