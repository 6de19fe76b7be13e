import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/upstream/client.server";
import { flashToast } from "~/session/session.server";
import { PERMISSION_WORDS } from "~/domain/permission-words";
import { isPermission, PERMISSIONS } from "~/domain/permissions";
import { idField, plainMessages, type FieldErrors } from "~/utils/forms.server";
import { refusal } from "~/upstream/errors.server";
import { placeRefusal } from "./admin-shared.server";
import { invitationFields, typedInvitation } from "~/account/invitation-form.server";
import { INVITATION_FIELDS } from "~/domain/invitation";
import { searchCustomers } from "~/upstream/admin-customers.server";
import { createAdminInvitation, type AdminInvitation } from "~/upstream/admin-invitations.server";

// The admin invitation to any customer (issue 20 item 4, decision 130); the call is app/upstream/admin-invitations.

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

export const adminInviteSchema = () =>
  z.object({ customerId: idField("Choose a customer"), ...invitationFields("Enter the email address") });

const INVITE_FIELDS = ["customerId", ...INVITATION_FIELDS] as const;
export const INVITED = (email: string, customer: string) => `Invitation sent to ${email} for ${customer}`;
export const CUSTOMER_GONE = "That customer could not be found";

const inviteRefused = (
  fieldErrors: FieldErrors,
  formError: string | null,
  values: AdminInvitation | null,
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
  const chosen = formData.get("customerId");
  const values: AdminInvitation = {
    customerId: typeof chosen === "string" ? chosen : "",
    ...typedInvitation(formData),
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
