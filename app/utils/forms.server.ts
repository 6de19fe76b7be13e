import { data } from "@remix-run/node";
import { z } from "zod";

export type FieldErrors = Record<string, string>;
export type FormFailure = { ok: false; fieldErrors: FieldErrors; formError: string | null };

/** Parses a submitted form with zod; failures carry one message per field for inline display. */
export async function parseForm<S extends z.ZodTypeAny>(
  request: Request,
  schema: S,
): Promise<{ ok: true; data: z.output<S>; formData: FormData } | (FormFailure & { formData: FormData })> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return { ok: false, fieldErrors: {}, formError: "The form could not be read.", formData: new FormData() };
  }
  const parsed = schema.safeParse(Object.fromEntries(formData));
  if (parsed.success) return { ok: true, data: parsed.data, formData };
  const fieldErrors: FieldErrors = {};
  let formError: string | null = null;
  for (const issue of parsed.error.issues) {
    const field = issue.path.join(".");
    if (!field) formError ??= issue.message;
    else fieldErrors[field] ??= issue.message;
  }
  return { ok: false, fieldErrors, formError, formData };
}

/** The 400 answer for a form that did not pass: the page re-renders with the messages. */
export function invalidForm(
  fieldErrors: FieldErrors,
  formError: string | null = null,
  status = 400,
  headers?: HeadersInit,
) {
  return data({ ok: false as const, fieldErrors, formError }, { status, headers });
}

/** The one email field rule of the portal's forms. */
export const emailField = () =>
  z
    .string({ required_error: "Enter your email address" })
    .trim()
    .min(1, "Enter your email address")
    .email("Enter an email address like name@company.co.uk");
