/**
 * Wearer allowances reset (issue 15 item 4, decision 096): once a budget's resetDate is reached, usedQty returns to
 * 0 and resetDate moves on by resetDays, as many periods as it takes to lie after today. A pure rule on calendar
 * days (YYYY-MM-DD, UTC); the provider applies it on read (GET /api/contact, /api/contactBudget) and, inside the
 * order's transaction, before a wearer-pack order spends an allowance. "Today" is the UK calendar day, where the
 * wearers work (the portal's own copy of the rule, app/domain/allowance.ts, counts days the same way).
 */
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

const DAY_MS = 86_400_000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const UK_DAY = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** The UK calendar day of an instant, as YYYY-MM-DD. */
export function dayOf(now: Date): string {
  const parts = UK_DAY.formatToParts(now);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

function dayNumber(day: string): number | null {
  if (!DATE.test(day)) return null;
  const ms = Date.parse(`${day}T00:00:00.000Z`);
  return Number.isNaN(ms) ? null : Math.round(ms / DAY_MS);
}

/**
 * The budget as it stands on `today`: unchanged before its reset date, or without a reset date or a positive
 * number of reset days (such a budget never resets); otherwise used 0 with the next reset date after today.
 * Exactly on the reset date the budget resets.
 */
export function budgetAfterReset(budget: ResettableBudget, today: string): ResetOutcome {
  const unchanged = { usedQty: budget.usedQty, resetDate: budget.resetDate, reset: false };
  const due = budget.resetDate == null ? null : dayNumber(budget.resetDate);
  const now = dayNumber(today);
  const period = budget.resetDays;
  if (due == null || now == null || period == null || !Number.isInteger(period) || period <= 0 || now < due)
    return unchanged;
  const periods = Math.floor((now - due) / period) + 1;
  const next = new Date((due + periods * period) * DAY_MS).toISOString().slice(0, 10);
  return { usedQty: 0, resetDate: next, reset: true };
}

/** The earliest reset date among a wearer's budgets that renew (after reset), or null when none renews. */
export function nextResetDate(
  budgets: ReadonlyArray<{ resetDate: string | null; resetDays: number | null }>,
): string | null {
  const renews = (b: { resetDate: string | null; resetDays: number | null }) =>
    b.resetDate != null && dayNumber(b.resetDate) != null && Number.isInteger(b.resetDays) && (b.resetDays ?? 0) > 0;
  const dates = budgets.filter(renews).map((b) => b.resetDate as string);
  return dates.length ? dates.sort()[0] : null;
}
