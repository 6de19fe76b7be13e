import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "~/domain/password";
import type { PortalUser } from "~/auth/require-user.server";
import { commitSession, flashToast, newSession } from "~/session/session.server";
import { mayOpen } from "~/chrome.server";
import { permissionsInWords } from "~/domain/permission-words";
import { refusal, refusalForm } from "~/upstream/errors.server";
import { changePassword, signOutEverywhere } from "~/upstream/site-users.server";
import { fieldReason as reason } from "~/wearer-packs/add-wearer.server";
import { parseForm } from "~/utils/forms.server";
import { needsApproval } from "~/domain/permissions";

// /my-account (issue 17 item 1, decision 113): who the user is, their business units, what they may do in words,
// changing their password (every other session ends, this one continues) and signing out everywhere.

export const PASSWORD_CHANGED = "Password changed. You are signed out everywhere else.";
export const SIGNED_OUT_EVERYWHERE = "You have been signed out on every device.";

/** The account screens /my-account links to, each shown only to a user who may open it. */
const ACCOUNT_SCREENS = [
  { to: "/add-site-user", label: "Site users and invitations" },
  { to: "/add-delivery-address", label: "Add a delivery address" },
  { to: "/manage-delivery-addresses", label: "Delivery addresses" },
  { to: "/wish-list", label: "Wish list" },
] as const;

export function myAccountPageData(user: PortalUser) {
  const { session } = user;
  const name = [session.user.firstName, session.user.lastName].filter(Boolean).join(" ");
  const abilities = permissionsInWords(session.account.permissions).map((p) => p.words);
  if (session.setting?.isApprover) abilities.push("Approver: orders of colleagues may be sent to you for approval");
  if (session.setting && needsApproval(session.setting))
    abilities.push("Your orders go to an approver before they are fulfilled");
  return {
    name: name || session.user.email,
    email: session.user.email,
    businessUnits: session.customers.map((c) => ({
      id: c.internalId,
      name: c.name,
      selected: c.internalId === session.selectedCustomer?.internalId,
    })),
    abilities,
    links: ACCOUNT_SCREENS.filter((s) => mayOpen(user, s.to)).map((s) => ({ to: s.to, label: s.label })),
  };
}

/** Decision 005's rule (10–200 characters, app/domain/password.ts, the provider's too), typed twice; the current password as typed. */
export const changePasswordSchema = () =>
  z
    .object({
      intent: z.literal("change-password"),
      currentPassword: z
        .string({ required_error: "Enter your current password" })
        .min(1, "Enter your current password")
        .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
      newPassword: z
        .string({ required_error: "Choose a new password" })
        .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
        .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`),
      confirmPassword: z
        .string({ required_error: "Type the new password again" })
        .min(1, "Type the new password again"),
    })
    .refine((form) => form.newPassword === form.confirmPassword, {
      path: ["confirmPassword"],
      message: "The two new passwords are not the same",
    });

const intentSchema = z.object({ intent: z.enum(["change-password", "sign-out-everywhere"]) });

const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;

const refused = (fieldErrors: Record<string, string>, formError: string | null, status = 400) =>
  data({ ok: false as const, fieldErrors, formError }, { status });

/**
 * The posts: `change-password` → POST /api/password-change, then 303 back here with a toast (this session goes on);
 * a refusal under the field it names (the wrong current password), a 429 above the form with its Retry-After.
 * `sign-out-everywhere` → POST /api/sign-out-everywhere, then 303 to /login with a toast and a new, empty session.
 */
export async function submitMyAccount(user: PortalUser, request: Request, clientIp?: string) {
  const intent = intentSchema.safeParse(
    Object.fromEntries(
      await request
        .clone()
        .formData()
        .catch(() => new FormData()),
    ),
  );
  if (!intent.success) return refused({}, "Choose what to do: change your password or sign out everywhere.");
  if (intent.data.intent === "sign-out-everywhere") {
    try {
      await signOutEverywhere(user.upstream);
    } catch (error) {
      const upstream = refusal(error);
      return refused({}, upstream.message, upstream.status);
    }
    const fresh = await newSession();
    fresh.flash("toast", { kind: "success", message: SIGNED_OUT_EVERYWHERE });
    return redirect("/login", { status: 303, headers: { "Set-Cookie": await commitSession(fresh) } });
  }
  const form = await parseForm(request, changePasswordSchema());
  if (!form.ok) return refused(form.fieldErrors, form.formError);
  try {
    await changePassword(
      user.upstream,
      { currentPassword: form.data.currentPassword, newPassword: form.data.newPassword },
      clientIp,
    );
  } catch (error) {
    const upstream = refusal(error);
    const field = PASSWORD_FIELDS.find((f) => f === upstream.field);
    if (field) return refused({ [field]: reason(upstream.message) }, null, upstream.status);
    return refusalForm(upstream);
  }
  return redirect("/my-account", {
    status: 303,
    headers: await flashToast(request, { kind: "success", message: PASSWORD_CHANGED }),
  });
}
