import { data, redirect } from "@remix-run/node";
import { z } from "zod";
import type { PortalUser } from "~/auth/require-user.server";
import { flashToast } from "~/session/session.server";
import { mayOpen } from "~/chrome.server";
import { refusal } from "~/upstream/errors.server";
import { addWearer, listActiveCostCentres, listActiveDepartments, listGrades } from "~/upstream/wearer-admin.server";
import { idField, nameField, parseForm, type FieldErrors } from "~/utils/forms.server";

// /add-wearer (issue 15 item 7, decision 103): the form's choices, its rules and the post. The provider checks every
// rule again (the grade is the customer's, the department and cost centre its active ones, the employee reference
// no other contact's) and its refusal is shown under the field it names.

export const WEARER_ADDED = "Wearer added";

/** The form's fields, in the order the page shows them. */
export const ADD_WEARER_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "grade",
  "employeeRef",
  "department",
  "costCentre",
] as const;
export type AddWearerField = (typeof ADD_WEARER_FIELDS)[number];
export type AddWearerValues = Record<AddWearerField, string>;

export type Option = { value: string; label: string };

/** The page: the customer's grades, active departments and active cost centres, each a list of choices. */
export async function addWearerPageData(user: PortalUser) {
  const [grades, departments, costCentres] = await Promise.all([
    listGrades(user.upstream),
    listActiveDepartments(user.upstream),
    listActiveCostCentres(user.upstream),
  ]);
  const named = (list: Array<{ internalId: string; name: string }>): Option[] =>
    list.map((n) => ({ value: n.internalId, label: n.name }));
  return {
    grades: grades.map((g): Option => ({ value: g, label: g })),
    departments: named(departments),
    costCentres: named(costCentres),
    /** The page links back to the wearers only for a user who may open them (decision 098). */
    wearersLink: mayOpen(user, "/wearer-pack"),
  };
}

/** The provider's newContact lengths (server/services/account.ts): names and reference 1–100, e-mail at most 320. */
export const addWearerSchema = () =>
  z.object({
    firstName: nameField("first name"),
    lastName: nameField("last name"),
    email: z
      .string()
      .trim()
      .max(320, "Use at most 320 characters")
      .refine(
        (v) => v === "" || z.string().email().safeParse(v).success,
        "Enter an email address like name@company.co.uk",
      )
      .default(""),
    grade: z.string({ required_error: "Choose a grade" }).trim().min(1, "Choose a grade").max(100, "Choose a grade"),
    employeeRef: nameField("employee reference"),
    department: idField("Choose a department"),
    costCentre: idField("Choose a cost centre"),
  });

/** What was typed, to put back in the form after a refusal (without JavaScript the page is drawn again). */
function typedValues(formData: FormData): AddWearerValues {
  const text = (field: AddWearerField) => {
    const value = formData.get(field);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(ADD_WEARER_FIELDS.map((f) => [f, text(f)])) as AddWearerValues;
}

const refused = (fieldErrors: FieldErrors, formError: string | null, values: AddWearerValues, status = 400) =>
  data({ ok: false as const, fieldErrors, formError, values }, { status });

/** The provider's reason without its `Invalid value at field "x": ` prefix, starting with a capital. */
export function fieldReason(message: string): string {
  const reason = message.replace(/^Invalid value at field "[^"]*":\s*/, "");
  return reason.charAt(0).toUpperCase() + reason.slice(1);
}

/**
 * The post: checked here, then POST /api/contact. Success → 303 to the new wearer's page (or back to this form when
 * the user may not open wearer packs) with the toast "Wearer added". A refusal → its status with the reason under the
 * field the provider named (else above the form), and the typed values kept.
 */
export async function submitAddWearer(user: PortalUser, request: Request) {
  const form = await parseForm(request, addWearerSchema());
  const values = typedValues(form.formData);
  if (!form.ok) return refused(form.fieldErrors, form.formError, values);
  let created: { internalId: string };
  try {
    created = await addWearer(user.upstream, { ...form.data, email: form.data.email === "" ? null : form.data.email });
  } catch (error) {
    const upstream = refusal(error);
    const field = ADD_WEARER_FIELDS.find((f) => f === upstream.field);
    return field
      ? refused({ [field]: fieldReason(upstream.message) }, null, values, upstream.status)
      : refused({}, upstream.message, values, upstream.status);
  }
  const wearerPage = `/wearer-pack/${created.internalId}`;
  const to = mayOpen(user, wearerPage) ? wearerPage : "/add-wearer";
  return redirect(to, { status: 303, headers: await flashToast(request, { kind: "success", message: WEARER_ADDED }) });
}
