import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { flashToast } from "~/session/session.server";
import { PAGE_SIZE } from "~/domain/constants";
import { CSV_BOM, csvLine } from "~/domain/csv";
import { formatDate, isReversedDayRange, parseDayInput } from "~/domain/dates";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { PERMISSION_WORDS } from "~/domain/permission-words";
import { isPermission, PERMISSIONS } from "~/domain/permissions";
import { upstreamId as id, UPSTREAM_ID_PATTERN } from "~/domain/upstream-id";
import { idField, plainMessages, type FieldErrors } from "~/utils/forms.server";
import { idParam } from "~/utils/params.server";
import { personName, searchCustomers } from "./admin-session.server";
import type { UpstreamClient } from "~/upstream/client.server";
import { refusal, type UpstreamError } from "~/upstream/errors.server";
import { ListSchema } from "~/upstream/schemas";

// The admin area's people screens (issue 20 items 2–4, decision 130): the log-in history and its CSV, one user's page
// (units, permissions, deactivate, password reset, recent log-ins, audit) and the invitation to any customer. The calls
// are C20's `api/admin/login-attempt`, `admin/user`, `admin/user-unit`, `admin/password-reset`, `admin/invitation` and
// `admin/customer`; the provider refuses every one of them to a caller who is not an evolve user.

// ---------------------------------------------------------------- the provider's answers

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? "");
const PersonSchema = z.object({ id, email: z.string(), firstName: text, lastName: text });
const CustomerRef = z.object({ id, name: z.string() });

const LoginAttemptSchema = z.object({
  id,
  email: z.string(),
  user: PersonSchema.nullable().default(null),
  success: z.boolean(),
  reason: z.string().nullable().default(null),
  address: z.string().nullable().default(null),
  userAgent: z.string().nullable().default(null),
  attemptedAt: z.string(),
});
export type LoginAttempt = z.infer<typeof LoginAttemptSchema>;
const LoginAttemptList = ListSchema(LoginAttemptSchema);

const AuditSchema = z.object({
  id,
  at: z.string(),
  admin: PersonSchema.nullable().default(null),
  asUser: PersonSchema.nullable().default(null),
  subjectUser: PersonSchema.nullable().default(null),
  customer: CustomerRef.nullable().default(null),
  service: z.string(),
  method: z.string(),
  recordId: z.string().nullable().default(null),
  summary: z.string(),
  before: z.record(z.unknown()).nullable().default(null),
  after: z.record(z.unknown()).nullable().default(null),
});
export type AuditEntry = z.infer<typeof AuditSchema>;

const UnitSchema = z.object({
  customer: CustomerRef,
  contact: z.object({ id, firstName: text, lastName: text }),
  permissions: z.array(z.string()),
  isApprover: z.boolean(),
  needsApproval: z.boolean(),
  wpContactOnly: z.boolean(),
});

const UserBase = z.object({
  id,
  email: z.string(),
  firstName: text,
  lastName: text,
  isEvolveUser: z.boolean(),
  isActive: z.boolean(),
});
const AdminUserSchema = UserBase.extend({
  createdAt: z.string().nullable().default(null),
  lastLoginAt: z.string().nullable().default(null),
  units: z.array(UnitSchema).default([]),
  recentLogins: z.array(LoginAttemptSchema).default([]),
  recentAudit: z.array(AuditSchema).default([]),
  activeSessions: z.number().default(0),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

const UserListItem = UserBase.extend({ customers: z.array(CustomerRef).default([]) });
const UserList = ListSchema(UserListItem);

// ---------------------------------------------------------------- the calls

export type LoginAttemptQuery = {
  email?: string;
  outcome?: "success" | "failure";
  from?: string;
  to?: string;
  userId?: string;
};

/** GET /api/admin/login-attempt — every log-in attempt, newest first, with C20's filters; $limit at most 100. */
export function listLoginAttempts(client: UpstreamClient, query: LoginAttemptQuery, limit: number, skip: number) {
  const params: Record<string, string> = { $limit: String(limit), $skip: String(skip) };
  for (const [key, value] of Object.entries(query)) if (value) params[key] = value;
  return client.get("/api/admin/login-attempt", LoginAttemptList, { query: params });
}

/** GET /api/admin/user?q=&$limit=&$skip= — users by last name, first name (q: contains in the name or e-mail). */
export function listUsers(client: UpstreamClient, q: string, skip: number) {
  const query: Record<string, string> = { $limit: String(PAGE_SIZE), $skip: String(skip) };
  if (q) query.q = q;
  return client.get("/api/admin/user", UserList, { query });
}

/** GET /api/admin/user/:userId — the user, their units, recent log-ins and audit; unknown → 404. */
export function getAdminUser(client: UpstreamClient, userId: string) {
  return client.get(`/api/admin/user/${encodeURIComponent(userId)}`, AdminUserSchema);
}

/** PATCH /api/admin/user/:userId {isActive} — deactivating ends every session of theirs; 409 for oneself or the last admin. */
export function setUserActive(client: UpstreamClient, userId: string, isActive: boolean) {
  return client.patch(`/api/admin/user/${encodeURIComponent(userId)}`, AdminUserSchema, { body: { isActive } });
}

export type UnitChange = { permissions: string[]; isApprover: boolean; needsApproval: boolean; wpContactOnly: boolean };

/** PATCH /api/admin/user-unit/:contactId — the unit's permissions (replaced) and its three settings; the user's next call sees them. */
export function patchUserUnit(client: UpstreamClient, contactId: string, change: UnitChange) {
  return client.patch(`/api/admin/user-unit/${encodeURIComponent(contactId)}`, AdminUserSchema, {
    body: { ...change },
  });
}

/** POST /api/admin/password-reset {userId} → 201 {sent, email}; an inactive user → 409. */
export function sendPasswordReset(client: UpstreamClient, userId: string) {
  return client.post("/api/admin/password-reset", z.object({ sent: z.literal(true), email: z.string() }), {
    body: { userId },
  });
}

export type AdminInvitation = {
  customerId: string;
  email: string;
  firstName: string;
  lastName: string;
  permissions: string[];
  isApprover: boolean;
  needsApproval: boolean;
};

/** POST /api/admin/invitation → 201 {email, expiresAt, customer}; 400 at `email` (already a user or invited), unknown customer → 404. */
export function createAdminInvitation(client: UpstreamClient, invitation: AdminInvitation) {
  return client.post(
    "/api/admin/invitation",
    z.object({ email: z.string(), expiresAt: z.string(), customer: CustomerRef }),
    { body: { ...invitation } },
  );
}

// ---------------------------------------------------------------- shared reading

const when = (iso: string | null) => formatDate(iso, "dd.MM.yy HH:mm");

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * A provider 400's messages by field: its `errors` (C20: every bad field), else the one field it names (Feathers'
 * `data.field`, or `Invalid value at field "email": …` in its message); `message` is the message without that prefix.
 */
export function refusedFields(error: UpstreamError): { errors: FieldErrors; message: string } {
  const named = /^Invalid value at field "([^"]*)":\s*/.exec(error.message);
  const message = capital(named ? error.message.slice(named[0].length) : error.message);
  const errors: FieldErrors = {};
  for (const [field, text] of Object.entries(error.errors ?? {})) errors[field] = capital(text);
  const field = error.field ?? named?.[1];
  if (field && !errors[field]) errors[field] = message;
  return { errors, message };
}

/** Of a refusal's field messages, those the form shows under its own `fields`; the rest in one line above the form. */
export function placeRefusal(
  error: UpstreamError,
  fields: readonly string[],
): { fieldErrors: FieldErrors; formError: string | null } {
  const { errors, message } = refusedFields(error);
  const fieldErrors: FieldErrors = {};
  const rest: string[] = [];
  for (const [field, text] of Object.entries(errors)) {
    if (fields.includes(field)) fieldErrors[field] = text;
    else rest.push(text);
  }
  if (Object.keys(errors).length === 0) rest.push(message);
  return { fieldErrors, formError: rest.length > 0 ? rest.join(" ") : null };
}

/** A day filter as typed (dd.mm.yy, dd.mm.yyyy or yyyy-mm-dd) → the ISO day, or the message. */
export const dayFilter = (label: string) =>
  z
    .string()
    .trim()
    .max(10, `${label}: enter a date as dd.mm.yy, for example 31.03.26`)
    .transform((v, ctx) => {
      if (v === "") return undefined;
      const day = parseDayInput(v);
      if (day === null) {
        ctx.addIssue({
          code: z.ZodIssueCode.custom,
          message: `${label}: enter a date as dd.mm.yy, for example 31.03.26`,
        });
        return z.NEVER;
      }
      return day;
    });

/** `from` after `to` is refused under `from`, by the rule the provider checks too (C20, isReversedDayRange). */
export function reversedRange(from: string | undefined, to: string | undefined): boolean {
  return isReversedDayRange(from, to);
}
export const REVERSED_RANGE = "The start date must be on or before the end date";

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

// ---------------------------------------------------------------- /admin/user (search) and /admin/user/{userId}

/** /admin/user: the users whose name or e-mail contains `?q`, 16 a page. */
export async function userSearchPageData(user: PortalUser, url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim();
  if (q.length > 100) return { q, error: "Use at most 100 characters", rows: [], total: 0, page: 1, pageCount: 1 };
  const asked = parsePage(url.searchParams.get("page"));
  let answer = await listUsers(user.upstream, q, (asked - 1) * PAGE_SIZE);
  const pages = pageCount(answer.total);
  const page = Math.min(asked, pages);
  if (page !== asked) answer = await listUsers(user.upstream, q, (page - 1) * PAGE_SIZE);
  return {
    q,
    error: null as string | null,
    rows: answer.data.map((u) => ({
      id: u.id,
      name: personName(u),
      email: u.email,
      customers: u.customers.map((c) => c.name).join(", "),
      admin: u.isEvolveUser,
      active: u.isActive,
    })),
    total: answer.total,
    page,
    pageCount: pages,
  };
}

const yesNo = (v: boolean) => (v ? "Yes" : "No");
const SETTING_WORDS: Record<string, string> = {
  isActive: "Active",
  isApprover: "Approver",
  needsApproval: "Orders need approval",
  needsAproval: "Orders need approval",
  wpContactOnly: "Own contact only",
  wp_contact_only: "Own contact only",
  isEvolveUser: "Admin",
};
const fieldWords = (key: string) =>
  SETTING_WORDS[key] ??
  (isPermission(key)
    ? PERMISSION_WORDS[key]
    : key
        .replace(/([a-z])([A-Z])/g, "$1 $2")
        .toLowerCase()
        .replace(/^./, (c) => c.toUpperCase()));

function valueWords(value: unknown): string {
  if (value === null || value === undefined || value === "") return "none";
  if (typeof value === "boolean") return yesNo(value);
  if (Array.isArray(value)) return value.length === 0 ? "none" : value.map((v) => valueWords(v)).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

/**
 * An audit entry's before and after in words: one line per field that differs; a permission list as what was given
 * and what was taken away, in SPEC §6's words.
 */
export function changeLines(before: Record<string, unknown> | null, after: Record<string, unknown> | null): string[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const lines: string[] = [];
  for (const key of keys) {
    const was = before?.[key];
    const now = after?.[key];
    if (JSON.stringify(was) === JSON.stringify(now)) continue;
    if (key === "permissions" && (Array.isArray(was) || Array.isArray(now))) {
      const old = new Set(Array.isArray(was) ? was.map(String) : []);
      const fresh = new Set(Array.isArray(now) ? now.map(String) : []);
      const words = (p: string) => (isPermission(p) ? PERMISSION_WORDS[p] : p);
      const given = [...fresh].filter((p) => !old.has(p)).map(words);
      const taken = [...old].filter((p) => !fresh.has(p)).map(words);
      if (given.length > 0) lines.push(`Given: ${given.join("; ")}`);
      if (taken.length > 0) lines.push(`Taken away: ${taken.join("; ")}`);
      continue;
    }
    if (before === null) lines.push(`${fieldWords(key)}: ${valueWords(now)}`);
    else if (after === null) lines.push(`${fieldWords(key)}: was ${valueWords(was)}`);
    else lines.push(`${fieldWords(key)}: ${valueWords(was)} → ${valueWords(now)}`);
  }
  return lines;
}

export function auditRow(a: AuditEntry) {
  return {
    id: a.id,
    when: when(a.at),
    admin: a.admin ? personName(a.admin) : "Not recorded",
    asUser: a.asUser ? personName(a.asUser) : null,
    customer: a.customer?.name ?? null,
    summary: a.summary,
    changes: changeLines(a.before, a.after),
  };
}

/** One unit with every SPEC §6 permission as a checkbox in words, ticked as the unit holds it. */
function unitView(u: AdminUser["units"][number]) {
  const held = new Set(u.permissions);
  return {
    contactId: u.contact.id,
    customer: u.customer.name,
    customerId: u.customer.id,
    permissions: PERMISSIONS.map((p) => ({ value: p, label: PERMISSION_WORDS[p], held: held.has(p) })),
    isApprover: u.isApprover,
    needsApproval: u.needsApproval,
    wpContactOnly: u.wpContactOnly,
  };
}

/** /admin/user/{userId}: the user as the page shows them; an id that is not digits or names nobody → 404. */
export async function adminUserPageData(user: PortalUser, userId: string | undefined) {
  const u = await getAdminUser(user.upstream, idParam(userId, "User not found"));
  return {
    user: {
      id: u.id,
      name: personName(u),
      email: u.email,
      isActive: u.isActive,
      isAdmin: u.isEvolveUser,
      created: formatDate(u.createdAt),
      lastLogin: u.lastLoginAt ? when(u.lastLoginAt) : "Never",
      activeSessions: u.activeSessions,
      isSelf: String(user.session.user.id) === u.id,
    },
    units: u.units.map(unitView),
    logins: u.recentLogins.map(loginRow),
    audit: u.recentAudit.map(auditRow),
  };
}

const checkbox = z
  .string()
  .optional()
  .transform((v) => v !== undefined && v !== "");
const UserIntent = z.object({
  intent: z.enum(["unit", "deactivate", "reactivate", "reset"], { errorMap: () => ({ message: "Choose what to do" }) }),
});
const UnitForm = z.object({
  contactId: idField("Choose a business unit"),
  isApprover: checkbox,
  needsApproval: checkbox,
  wpContactOnly: checkbox,
});

export const UNIT_SAVED = (customer: string) => `Saved: ${customer}`;
export const USER_DEACTIVATED = (name: string) => `${name} is deactivated: their sessions have ended`;
export const USER_REACTIVATED = (name: string) => `${name} is active again`;
export const RESET_SENT = (email: string) => `A password reset link was sent to ${email}`;
export const UNIT_GONE = "That business unit could not be found. Reload the page and try again.";

const posted = (formData: FormData, name: string) =>
  formData.getAll(name).filter((v): v is string => typeof v === "string");

/** A unit form refused: 400 (or the provider's status) with the message under the unit it was about. */
const unitRefused = (
  contactId: string | null,
  fieldErrors: FieldErrors,
  formError: string | null = null,
  status = 400,
) => data({ ok: false as const, contactId, fieldErrors, formError }, { status });

/**
 * /admin/user/{userId}'s posts, each 303 back with a toast: `unit` (PATCH /api/admin/user-unit/:contactId with the
 * ticked permissions and the three settings), `deactivate` / `reactivate` (PATCH /api/admin/user/:id), `reset`
 * (POST /api/admin/password-reset). A 409 is an error toast with the provider's message; an unknown user → 404.
 */
export async function submitAdminUser(user: PortalUser, request: Request, userIdParam: string | undefined) {
  const userId = idParam(userIdParam, "User not found");
  const back = `/admin/user/${userId}`;
  const toBack = async (kind: "success" | "error", message: string) =>
    redirect(back, { status: 303, headers: await flashToast(request, { kind, message }) });
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return toBack("error", "The form could not be read.");
  }
  const intent = UserIntent.safeParse(Object.fromEntries(formData), { errorMap: plainMessages });
  if (!intent.success) return toBack("error", "Choose what to do.");
  try {
    switch (intent.data.intent) {
      case "unit": {
        const parsed = UnitForm.safeParse(Object.fromEntries(formData), { errorMap: plainMessages });
        const contactId =
          typeof formData.get("contactId") === "string" && UPSTREAM_ID_PATTERN.test(String(formData.get("contactId")))
            ? String(formData.get("contactId"))
            : null;
        if (!parsed.success) return unitRefused(contactId, { contactId: parsed.error.issues[0].message });
        const permissions = [...new Set(posted(formData, "permissions"))];
        if (permissions.length > PERMISSIONS.length || permissions.some((p) => !isPermission(p))) {
          return unitRefused(contactId, { permissions: "Choose only permissions from the list" });
        }
        const { isApprover, needsApproval, wpContactOnly } = parsed.data;
        const saved = await patchUserUnit(user.upstream, parsed.data.contactId, {
          permissions,
          isApprover,
          needsApproval,
          wpContactOnly,
        });
        const unit = saved.units.find((u) => u.contact.id === parsed.data.contactId);
        return toBack("success", UNIT_SAVED(unit?.customer.name ?? "business unit"));
      }
      case "deactivate":
      case "reactivate": {
        const saved = await setUserActive(user.upstream, userId, intent.data.intent === "reactivate");
        return toBack("success", (saved.isActive ? USER_REACTIVATED : USER_DEACTIVATED)(personName(saved)));
      }
      case "reset":
        return toBack("success", RESET_SENT((await sendPasswordReset(user.upstream, userId)).email));
    }
  } catch (error) {
    const upstream = refusal(error, 400, 404, 409);
    if (upstream.status === 409) return toBack("error", upstream.message);
    if (upstream.status === 404) {
      if (intent.data.intent === "unit" && /Business unit/i.test(upstream.message)) return toBack("error", UNIT_GONE);
      throw new Response("User not found", { status: 404 });
    }
    const { fieldErrors, formError } = placeRefusal(upstream, ["permissions"]);
    const contactId = String(formData.get("contactId") ?? "");
    return unitRefused(UPSTREAM_ID_PATTERN.test(contactId) ? contactId : null, fieldErrors, formError);
  }
}

// ---------------------------------------------------------------- /admin/invitation

/** The permissions the invitation starts with ticked: C20's default for an invitation that names none. */
export const DEFAULT_INVITE_PERMISSIONS = ["canViewFullCatalogue", "viewOrderHistory"] as const;

/** /admin/invitation: every customer (filtered by `?q`) for the picker, `?customerId` chosen, every permission in words. */
export async function adminInvitationPageData(user: PortalUser, url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const customers = await searchCustomers(user.upstream, q, 100);
  const chosen = url.searchParams.get("customerId") ?? "";
  return {
    q,
    customers: customers.data.map((c) => ({ value: c.id, label: c.name })),
    customersTotal: customers.total,
    customerId: customers.data.some((c) => c.id === chosen) ? chosen : "",
    permissions: PERMISSIONS.map((p) => ({ value: p, label: PERMISSION_WORDS[p] })),
    defaults: [...DEFAULT_INVITE_PERMISSIONS] as string[],
  };
}

const name = (what: string) =>
  z
    .string({ required_error: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .max(100, "Use at most 100 characters");
export const adminInviteSchema = () =>
  z.object({
    customerId: idField("Choose a customer"),
    email: z
      .string({ required_error: "Enter the email address" })
      .trim()
      .min(1, "Enter the email address")
      .max(320, "Use at most 320 characters")
      .email("Enter an email address like name@company.co.uk"),
    firstName: name("first name"),
    lastName: name("last name"),
    isApprover: checkbox,
    needsApproval: checkbox,
  });

export type AdminInviteValues = {
  customerId: string;
  email: string;
  firstName: string;
  lastName: string;
  permissions: string[];
  isApprover: boolean;
  needsApproval: boolean;
};
const INVITE_FIELDS = [
  "customerId",
  "email",
  "firstName",
  "lastName",
  "permissions",
  "isApprover",
  "needsApproval",
] as const;
export const INVITED = (email: string, customer: string) => `Invitation sent to ${email} for ${customer}`;
export const CUSTOMER_GONE = "That customer could not be found";

const inviteRefused = (
  fieldErrors: FieldErrors,
  formError: string | null,
  values: AdminInviteValues | null,
  status = 400,
) => data({ ok: false as const, fieldErrors, formError, values }, { status });

/** The post: checked here (nothing sent on a refusal), then POST /api/admin/invitation; 303 back with a toast. */
export async function submitAdminInvitation(user: PortalUser, request: Request) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return inviteRefused({}, "The form could not be read.", null);
  }
  const text = (field: string) => {
    const value = formData.get(field);
    return typeof value === "string" ? value : "";
  };
  const values: AdminInviteValues = {
    customerId: text("customerId"),
    email: text("email"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    permissions: posted(formData, "permissions"),
    isApprover: text("isApprover") !== "",
    needsApproval: text("needsApproval") !== "",
  };
  const parsed = adminInviteSchema().safeParse(Object.fromEntries(formData), { errorMap: plainMessages });
  const fieldErrors: FieldErrors = {};
  if (!parsed.success)
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  const permissions = [...new Set(values.permissions)];
  if (permissions.length > PERMISSIONS.length || permissions.some((p) => !isPermission(p)))
    fieldErrors.permissions = "Choose only permissions from the list";
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return inviteRefused(fieldErrors, null, values);
  const { customerId, email, firstName, lastName, isApprover, needsApproval } = parsed.data;
  let sent;
  try {
    sent = await createAdminInvitation(user.upstream, {
      customerId,
      email,
      firstName,
      lastName,
      permissions,
      isApprover,
      needsApproval,
    });
  } catch (error) {
    const upstream = refusal(error);
    if (upstream.status === 404) return inviteRefused({ customerId: CUSTOMER_GONE }, null, values, 404);
    const { fieldErrors, formError } = placeRefusal(upstream, INVITE_FIELDS);
    return inviteRefused(fieldErrors, formError, values, upstream.status);
  }
  return redirect("/admin/invitation", {
    status: 303,
    headers: await flashToast(request, { kind: "success", message: INVITED(sent.email, sent.customer.name) }),
  });
}
