import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { flashToast } from "~/session/session.server";
import { PAGE_SIZE } from "~/domain/constants";
import { formatDate } from "~/domain/dates";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { PERMISSION_WORDS } from "~/domain/permission-words";
import { isPermission, PERMISSIONS } from "~/domain/permissions";
import { UPSTREAM_ID_PATTERN } from "~/domain/upstream-id";
import { checkboxField, idField, plainMessages, type FieldErrors } from "~/utils/forms.server";
import { idParam } from "~/utils/params.server";
import { refusal } from "~/upstream/errors.server";
import { personName, placeRefusal, posted, when } from "./admin-shared.server";
import {
  getAdminUser,
  listUsers,
  patchUserUnit,
  sendPasswordReset,
  setUserActive,
  type AdminUser,
  type AuditEntry,
} from "~/upstream/admin-users.server";
import { loginRow } from "./admin-login-history.server";

// The admin area's user screens (issue 20 items 3, decision 130): the user search and one user's page (units,
// permissions, deactivate, password reset, recent log-ins, audit). The calls are in app/upstream/admin-users.server.ts;
// the provider refuses every one of them to a caller who is not an evolve user.

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

const UserIntent = z.object({
  intent: z.enum(["unit", "deactivate", "reactivate", "reset"], { errorMap: () => ({ message: "Choose what to do" }) }),
});
const UnitForm = z.object({
  contactId: idField("Choose a business unit"),
  isApprover: checkboxField,
  needsApproval: checkboxField,
  wpContactOnly: checkboxField,
});

export const UNIT_SAVED = (customer: string) => `Saved: ${customer}`;
export const USER_DEACTIVATED = (name: string) => `${name} is deactivated: their sessions have ended`;
export const USER_REACTIVATED = (name: string) => `${name} is active again`;
export const RESET_SENT = (email: string) => `A password reset link was sent to ${email}`;
export const UNIT_GONE = "That business unit could not be found. Reload the page and try again.";

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
