import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { PAGE_SIZE } from "~/domain/constants";
import { formatDate } from "~/domain/dates";
import { parsePage } from "~/domain/feathers-query";
import { pageCount } from "~/domain/paging";
import { permissionsInWords } from "~/domain/permission-words";
import { isPermission } from "~/domain/permissions";
import { refusal } from "~/upstream/errors.server";
import {
  createInvitation,
  listInvitations,
  listSiteUsers,
  resendInvitation,
  revokeInvitation,
  type Invitation,
  type SiteUser,
} from "~/upstream/site-users.server";
import { fieldReason as reason } from "~/wearer-packs/add-wearer.server";
import { INVITATION_FIELDS, type NewInvitation } from "~/domain/invitation";
import { invitationFields, typedInvitation } from "./invitation-form.server";
import { idField, parseForm, plainMessages, type FieldErrors } from "~/utils/forms.server";

// /add-site-user (issue 17 item 2, decision 113): invite a colleague with some of the inviter's own permissions, the
// customer's pending invitations (resend, revoke) and its site users, 16 a page. The provider checks every rule again
// (a permission the inviter lacks, an address already a user or invited) and its refusal shows under the field it names.

export const INVITATION_SENT = (email: string) => `Invitation sent to ${email}`;
export const INVITATION_RESENT = (email: string) => `A new invitation link was sent to ${email}`;
export const INVITATION_REVOKED = "Invitation revoked: its link no longer works";
export const INVITATION_GONE = "That invitation could not be found. It may have been accepted or revoked.";

/** The permissions the invite form offers: those the inviter holds (the provider refuses any other), in SPEC §6's order. */
export function offeredPermissions(user: PortalUser) {
  return permissionsInWords(user.session.account.permissions).map(({ permission, words }) => ({
    value: permission,
    label: words,
  }));
}

/** Only an approver may make an approver (the provider's rule); anyone with addSiteUser may ask for approval. */
const mayMakeApprover = (user: PortalUser) => user.session.setting?.isApprover === true;

export interface SiteUserRow {
  id: string;
  name: string;
  email: string;
  lastLogin: string;
  active: boolean;
}

export interface InvitationRow {
  id: string;
  name: string;
  email: string;
  sent: string;
  expires: string;
  expired: boolean;
  invitedBy: string | null;
  permissions: string[];
}

const fullName = (first: string | null | undefined, last: string | null | undefined) =>
  [first, last].filter(Boolean).join(" ");

export function siteUserRow(u: SiteUser): SiteUserRow {
  return {
    id: u.id,
    name: fullName(u.firstName, u.lastName) || u.email,
    email: u.email,
    lastLogin: u.lastLoginAt ? formatDate(u.lastLoginAt) : "Never",
    active: u.isActive,
  };
}

export function invitationRow(i: Invitation): InvitationRow {
  return {
    id: i.id,
    name: fullName(i.firstName, i.lastName) || i.email,
    email: i.email,
    sent: formatDate(i.createdAt),
    expires: formatDate(i.expiresAt),
    expired: i.status === "expired",
    invitedBy: i.invitedBy ? fullName(i.invitedBy.firstName, i.invitedBy.lastName) || null : null,
    permissions: permissionsInWords(i.permissions).map((p) => p.words),
  };
}

/**
 * The page: the offered permissions, the first 16 pending invitations, and page `?page` of the site users (not a
 * whole number from 1 → page 1; past the end → the last page, asked for again).
 */
export async function siteUsersPageData(user: PortalUser, url: URL) {
  const asked = parsePage(url.searchParams.get("page"));
  const [invitations, first] = await Promise.all([
    listInvitations(user.upstream),
    listSiteUsers(user.upstream, (asked - 1) * PAGE_SIZE),
  ]);
  let users = first;
  const pages = pageCount(users.total);
  const page = Math.min(asked, pages);
  if (page !== asked) users = await listSiteUsers(user.upstream, (page - 1) * PAGE_SIZE);
  return {
    permissions: offeredPermissions(user),
    approverOffered: mayMakeApprover(user),
    invitations: invitations.data.map(invitationRow),
    invitationsTotal: invitations.total,
    users: users.data.map(siteUserRow),
    total: users.total,
    page,
    pageCount: pages,
  };
}

export const inviteSchema = () => z.object(invitationFields("Enter your colleague's email address"));

const idSchema = z.object({ invitationId: idField("Choose an invitation") });
const intentSchema = z.object({
  intent: z.enum(["invite", "resend", "revoke"], { errorMap: () => ({ message: "Choose what to do" }) }),
});

const refused = (fieldErrors: FieldErrors, formError: string | null, values: NewInvitation | null, status = 400) =>
  data({ ok: false as const, fieldErrors, formError, values }, { status });

async function invite(user: PortalUser, request: Request, formData: FormData) {
  const values = typedInvitation(formData);
  const parsed = inviteSchema().safeParse(Object.fromEntries(formData), { errorMap: plainMessages });
  const fieldErrors: FieldErrors = {};
  if (!parsed.success) for (const issue of parsed.error.issues) fieldErrors[issue.path.join(".")] ??= issue.message;
  const held = new Set(user.session.account.permissions);
  const permissions = [...new Set(values.permissions)];
  if (permissions.some((p) => !isPermission(p) || !held.has(p)))
    fieldErrors.permissions = "Choose only permissions from the list: you can give only what you hold yourself";
  if (values.isApprover && !mayMakeApprover(user))
    fieldErrors.isApprover = "Only an approver can make a colleague an approver";
  if (!parsed.success || Object.keys(fieldErrors).length > 0) return refused(fieldErrors, null, values);
  const { email, firstName, lastName, isApprover, needsApproval } = parsed.data;
  try {
    await createInvitation(user.upstream, { email, firstName, lastName, permissions, isApprover, needsApproval });
  } catch (error) {
    const upstream = refusal(error);
    const field = INVITATION_FIELDS.find((f) => f === upstream.field);
    return field
      ? refused({ [field]: reason(upstream.message) }, null, values, upstream.status)
      : refused({}, upstream.message, values, upstream.status);
  }
  return redirect("/add-site-user", {
    status: 303,
    headers: await flashToast(request, { kind: "success", message: INVITATION_SENT(email) }),
  });
}

async function onInvitation(user: PortalUser, request: Request, formData: FormData, intent: "resend" | "revoke") {
  const parsed = idSchema.safeParse(Object.fromEntries(formData), { errorMap: plainMessages });
  const back = async (kind: "success" | "error", message: string) =>
    redirect("/add-site-user", { status: 303, headers: await flashToast(request, { kind, message }) });
  if (!parsed.success) return back("error", INVITATION_GONE);
  let message: string;
  try {
    if (intent === "resend")
      message = INVITATION_RESENT((await resendInvitation(user.upstream, parsed.data.invitationId)).email);
    else {
      await revokeInvitation(user.upstream, parsed.data.invitationId);
      message = INVITATION_REVOKED;
    }
  } catch (error) {
    const upstream = refusal(error);
    return back("error", upstream.status === 404 ? INVITATION_GONE : upstream.message);
  }
  return back("success", message);
}

/** The posts: `invite` (POST /api/invitation), `resend` (PATCH /api/invitation/:id), `revoke` (DELETE /api/invitation/:id); each 303 back with a toast. */
export async function submitSiteUsers(user: PortalUser, request: Request) {
  const form = await parseForm(request, intentSchema);
  if (!form.ok) return refused({}, form.fieldErrors.intent ?? form.formError ?? "Choose what to do", null);
  if (form.data.intent === "invite") return invite(user, request, form.formData);
  return onInvitation(user, request, form.formData, form.data.intent);
}
