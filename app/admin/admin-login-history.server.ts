import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { CSV_BOM, csvLine } from "~/domain/csv";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { plainMessages, type FieldErrors } from "~/utils/forms.server";
import { refusal } from "~/upstream/errors.server";
import { dayFilter, personName, placeRefusal, reversedRange, REVERSED_RANGE, when } from "./admin-shared.server";
import { listLoginAttempts, type LoginAttempt, type LoginAttemptQuery } from "~/upstream/admin-login-attempts.server";

// The admin log-in history and its CSV (issue 20 item 2, decision 130); the call is app/upstream/admin-login-attempts.

// ---------------------------------------------------------------- /admin/login-history

const LoginFiltersSchema = z.object({
  email: z.string().trim().max(320, "Use at most 320 characters").default(""),
  outcome: z
    .enum(["", "success", "failure"], { errorMap: () => ({ message: "Choose one of the options given" }) })
    .default(""),
  from: dayFilter("From").default(""),
  to: dayFilter("To").default(""),
  per: z.enum(["", "16", "50"], { errorMap: () => ({ message: "Choose 16 or 50 a page" }) }).default(""),
});
export type LoginFilters = {
  email: string;
  outcome: "" | "success" | "failure";
  from?: string;
  to?: string;
  per: 16 | 50;
};
const LOGIN_FIELDS = ["email", "outcome", "from", "to", "per"] as const;

const one = (params: URLSearchParams, key: string) => params.get(key) ?? undefined;

/** The log-in history's GET form read and checked: the one reading of the page and of its CSV. */
export function readLoginFilters(
  params: URLSearchParams,
): { ok: true; filters: LoginFilters } | { ok: false; errors: FieldErrors } {
  const parsed = LoginFiltersSchema.safeParse(Object.fromEntries(LOGIN_FIELDS.map((k) => [k, one(params, k)])), {
    errorMap: plainMessages,
  });
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= issue.message;
    return { ok: false, errors };
  }
  const { email, outcome, from, to, per } = parsed.data;
  if (reversedRange(from, to)) return { ok: false, errors: { from: REVERSED_RANGE } };
  return { ok: true, filters: { email, outcome, from, to, per: per === "50" ? 50 : 16 } };
}

const upstreamQuery = (f: LoginFilters): LoginAttemptQuery => ({
  email: f.email || undefined,
  outcome: f.outcome || undefined,
  from: f.from,
  to: f.to,
});

export function loginRow(a: LoginAttempt) {
  return {
    id: a.id,
    when: when(a.attemptedAt),
    email: a.email,
    user: a.user ? { id: a.user.id, name: personName(a.user) } : null,
    outcome: a.success ? "Succeeded" : "Failed",
    success: a.success,
    reason: a.reason ?? (a.success ? "" : "Not recorded"),
    address: a.address ?? "Not recorded",
    userAgent: a.userAgent ?? "Not recorded",
  };
}
export type LoginRow = ReturnType<typeof loginRow>;

/**
 * The page: the filters as typed, page `?page` of the filtered attempts (16 or 50 a page; past the end → the last page,
 * asked again). A filter the form could not have sent: its message under its field, no call, and the route answers 400.
 */
export async function loginHistoryPageData(user: PortalUser, url: URL) {
  const params = url.searchParams;
  const form = Object.fromEntries(LOGIN_FIELDS.map((k) => [k, params.get(k) ?? ""])) as Record<
    (typeof LOGIN_FIELDS)[number],
    string
  >;
  const reading = readLoginFilters(params);
  const empty = { rows: [] as LoginRow[], total: 0, page: 1, pageCount: 1, per: 16 };
  if (!reading.ok) return { form, errors: reading.errors, ...empty };
  const { filters } = reading;
  const asked = parsePage(params.get("page"));
  const fetchPage = (page: number) =>
    listLoginAttempts(user.upstream, upstreamQuery(filters), filters.per, (page - 1) * filters.per);
  let answer;
  try {
    answer = await fetchPage(asked);
  } catch (error) {
    const { fieldErrors, formError } = placeRefusal(refusal(error, 400), LOGIN_FIELDS);
    return {
      form,
      errors: formError ? { ...fieldErrors, email: fieldErrors.email ?? formError } : fieldErrors,
      ...empty,
    };
  }
  const pages = pageCount(answer.total, filters.per);
  const page = Math.min(asked, pages);
  if (page !== asked) answer = await fetchPage(page);
  return {
    form,
    errors: {} as FieldErrors,
    rows: answer.data.map(loginRow),
    total: answer.total,
    page,
    pageCount: pages,
    per: filters.per,
  };
}
/** @internal the route tests type the loader's answer with it */
export type LoginHistoryData = Awaited<ReturnType<typeof loginHistoryPageData>>;

export const LOGIN_CSV_HEADER = [
  "Time (UTC)",
  "E-mail tried",
  "User",
  "Outcome",
  "Reason",
  "Address",
  "User agent",
] as const;
const EXPORT_PAGE = 100;

/** The file name says which filters made it: `login-history_email-bea_failure_from-2026-11-01_2026-11-23.csv`. */
export function loginCsvFileName(filters: LoginFilters, day: string): string {
  const parts = ["login-history"];
  if (filters.email)
    parts.push(
      `email-${filters.email
        .toLowerCase()
        .replace(/[^a-z0-9@._-]+/g, "-")
        .slice(0, 60)}`,
    );
  if (filters.outcome) parts.push(filters.outcome);
  if (filters.from) parts.push(`from-${filters.from}`);
  if (filters.to) parts.push(`to-${filters.to}`);
  parts.push(day);
  return `${parts.join("_")}.csv`;
}

function loginCsvRow(a: LoginAttempt): string {
  return csvLine([
    a.attemptedAt.replace("T", " ").replace(/\.\d+Z$|Z$/, ""),
    a.email,
    a.user ? `${personName(a.user)} <${a.user.email}>` : "",
    a.success ? "Succeeded" : "Failed",
    a.reason ?? "",
    a.address ?? "",
    a.userAgent ?? "",
  ]);
}

/**
 * The filtered list, every page, as CSV: the provider's pages of 100 ($skip += 100 until skip + data.length ≥ total,
 * C20 §2), fetched while the answer streams. The first page is fetched before the answer starts, so a refusal is an
 * error answer and not a 200 cut off after its header row.
 */
export async function loginHistoryCsv(user: PortalUser, filters: LoginFilters): Promise<ReadableStream<Uint8Array>> {
  const query = upstreamQuery(filters);
  const fetchAt = (skip: number) => listLoginAttempts(user.upstream, query, EXPORT_PAGE, skip);
  const encoder = new TextEncoder();
  let next: Awaited<ReturnType<typeof fetchAt>> | null = await fetchAt(0);
  let sentHeader = false;
  return new ReadableStream({
    async pull(controller) {
      if (!sentHeader) {
        sentHeader = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(LOGIN_CSV_HEADER)));
      }
      // a page with no rows ends the file (a list that shrank meanwhile must not loop)
      while (next !== null) {
        const current: NonNullable<typeof next> = next;
        const done = current.data.length === 0 || current.skip + current.data.length >= current.total;
        next = done ? null : await fetchAt(current.skip + current.data.length);
        if (current.data.length > 0) {
          controller.enqueue(encoder.encode(current.data.map(loginCsvRow).join("")));
          return;
        }
      }
      controller.close();
    },
  });
}
