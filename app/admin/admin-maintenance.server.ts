import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import { MAX_MAINTENANCE_MESSAGE } from "~/domain/maintenance";
import type { PortalUser } from "~/upstream/client.server";
import { flashToast } from "~/session/session.server";
import { refusal, refusalForm } from "~/upstream/errors.server";
import { MAINTENANCE_KEY, maintenanceCache } from "~/upstream/cache.server";
import { getAdminMaintenance, switchMaintenance, type AdminMaintenance } from "~/upstream/admin-maintenance.server";
import { parseForm, type FieldErrors } from "~/utils/forms.server";

// /admin/maintenance (issue 32 item 7, decision 151): maintenance switched on or off from the admin area with the
// message users see, and the bypass link for staff. The provider's `api/admin/maintenance` keeps and audits it.
/** The address that lets this browser through while maintenance is on (the bypass key, SPEC §4). */
export const bypassLink = (request: Request, token: string) =>
  new URL(`/?bypass=${encodeURIComponent(token)}`, request.url).href;

const view = (request: Request, state: AdminMaintenance) => ({
  enabled: state.isMaintenanceEnabled,
  message: state.message,
  bypassLink: bypassLink(request, state.bypassToken),
  maxMessage: MAX_MAINTENANCE_MESSAGE,
});

export async function maintenancePageData(user: PortalUser, request: Request) {
  return view(request, await getAdminMaintenance(user.upstream));
}

export const MAINTENANCE_ON = "Maintenance is on: everyone else now sees the maintenance page";
export const MAINTENANCE_OFF = "Maintenance is off: the portal is open again";
export const MAINTENANCE_MESSAGE_SAVED = "The maintenance message is saved";

const SwitchSchema = z.object({
  intent: z.enum(["on", "save", "off"], { message: "Choose to switch maintenance on or off" }),
  message: z
    .string({ required_error: "Write the message users see" })
    .trim()
    .min(1, "Write the message users see")
    .max(MAX_MAINTENANCE_MESSAGE, `Use at most ${MAX_MAINTENANCE_MESSAGE} characters`),
});

/**
 * POST /admin/maintenance: `on`, `save` (a changed message while on) or `off`, each with the message; checked here
 * first (400, nothing sent), then POST /api/admin/maintenance; its 400 under the message field; success → 303 back
 * with a toast (while on, through the bypass key, so the admin is not sent to the maintenance page).
 */
export async function submitMaintenance(user: PortalUser, request: Request) {
  const form = await parseForm(request, SwitchSchema);
  const typed = form.formData.get("message");
  const refused = (fieldErrors: FieldErrors, formError: string | null, status = 400) =>
    data({ ok: false as const, fieldErrors, formError, message: typeof typed === "string" ? typed : "" }, { status });
  if (!form.ok) return refused(form.fieldErrors, form.formError);
  const { intent } = form.data;
  let state: AdminMaintenance;
  try {
    state = await switchMaintenance(user.upstream, { enabled: intent !== "off", message: form.data.message });
  } catch (error) {
    const answer = refusalForm(refusal(error, 400), { fields: ["message"] });
    return refused(answer.data.fieldErrors, answer.data.formError, answer.init?.status);
  }
  const message = { on: MAINTENANCE_ON, save: MAINTENANCE_MESSAGE_SAVED, off: MAINTENANCE_OFF }[intent];
  // this process's guard hears the new state at once (the others within MAINTENANCE_CACHE_MS, decision 044); the
  // admin who switched it on keeps working: back through the bypass key, which the guard remembers for this browser
  void maintenanceCache.put(MAINTENANCE_KEY, Promise.resolve(state));
  const back = state.isMaintenanceEnabled
    ? `/admin/maintenance?bypass=${encodeURIComponent(state.bypassToken)}`
    : "/admin/maintenance";
  return redirect(back, {
    status: 303,
    headers: await flashToast(request, { kind: "success", message }),
  });
}
