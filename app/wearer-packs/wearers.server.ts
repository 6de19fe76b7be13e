import { nextSteps } from "~/chrome.server";
import type { PortalUser } from "~/auth/require-user.server";
import {
  allowancesLeft,
  budgetLabel,
  calendarDay,
  nextResetDate,
  POINTS_BUDGET_TYPE,
  wearerName,
} from "~/domain/allowance";
import { PAGE_SIZE } from "~/domain/constants";
import { formatDate } from "~/domain/dates";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { getBasket } from "~/upstream/basket.server";
import { listWearers, type WearerContact } from "~/upstream/contacts.server";

/** One allowance as a row shows it: what is left (items of an allocation type, or points) before any pack. */
export interface AllowanceShown {
  label: string;
  left: number;
  points: boolean;
}

/** One row of the wearers list (issue 15 item 2). */
export interface WearerRow {
  id: string;
  name: string;
  employeeRef: string | null;
  grade: string | null;
  department: string | null;
  costCentre: string | null;
  allowances: AllowanceShown[];
  /** The next day an allowance renews, as SPEC dates are shown; null when none renews. */
  nextReset: string | null;
  /** The live basket already holds a pack for this wearer (SPEC §3 Manpack entry employeeId = contactId). */
  inBasket: boolean;
}

export function wearerRow(wearer: WearerContact, inBasket: ReadonlySet<string>, today: string): WearerRow {
  const allowances = allowancesLeft(wearer.budgets, [], today).map(({ budget, allowance }) => ({
    label: budgetLabel(budget),
    left: allowance,
    points: budget.type === POINTS_BUDGET_TYPE,
  }));
  const reset = wearer.nextResetDate ?? nextResetDate(wearer.budgets, today);
  return {
    id: wearer.internalId,
    name: wearerName(wearer),
    employeeRef: wearer.employeeRef ?? null,
    grade: wearer.grade ?? null,
    department: wearer.department?.name ?? null,
    costCentre: wearer.costCentre?.name ?? null,
    allowances,
    nextReset: reset ? formatDate(reset) : null,
    inBasket: inBasket.has(wearer.internalId),
  };
}

/**
 * /wearer-pack: one page of the active wearers, searched with `q` (name, employee reference, department, grade: the
 * provider matches), 16 a page. A page that is not a whole number from 1 is page 1; a page past the end is the last
 * page (asked for again, as the provider answers an empty page past the end).
 */
export async function wearersPageData(user: PortalUser, url: URL, now: Date = new Date()) {
  const q = (url.searchParams.get("q") ?? "").trim();
  const asked = parsePage(url.searchParams.get("page"));
  const [first, basket] = await Promise.all([
    listWearers(user.upstream, { q, skip: (asked - 1) * PAGE_SIZE }),
    getBasket(user.upstream),
  ]);
  const pages = pageCount(first.total);
  const page = Math.min(asked, pages);
  const answer = page === asked ? first : await listWearers(user.upstream, { q, skip: (page - 1) * PAGE_SIZE });
  const inBasket = new Set(basket.manpack.map((pack) => pack.employeeId));
  const today = calendarDay(now);
  return {
    q,
    wearers: answer.data.map((wearer) => wearerRow(wearer, inBasket, today)),
    total: answer.total,
    page,
    pageCount: pageCount(answer.total),
    // decision 166: with no wearers, where to go on (only what this user may open)
    emptySteps: q
      ? [{ to: "/wearer-pack", label: "Show all wearers" }]
      : nextSteps(user, [{ to: "/add-wearer", label: "Add a wearer" }]),
  };
}
