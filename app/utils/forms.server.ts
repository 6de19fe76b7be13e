import { data } from "@remix-run/node";
import { z } from "zod";
import { UPSTREAM_ID_PATTERN } from "~/domain/upstream-id";

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
  const parsed = schema.safeParse(Object.fromEntries(formData), { errorMap: plainMessages });
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

/**
 * What a field without a message of its own says when it fails: never zod's English ("Expected string, received
 * object" for a file posted into a text field). Messages written in a schema win over these.
 */
export const plainMessages: z.ZodErrorMap = (issue, ctx) => {
  // a message the schema gave (required_error, invalid_type_error) arrives as ctx.defaultError: keep it
  if (ctx.defaultError !== z.defaultErrorMap(issue, { data: ctx.data, defaultError: ctx.defaultError }).message)
    return { message: ctx.defaultError };
  switch (issue.code) {
    case z.ZodIssueCode.invalid_type:
      if (issue.received === "undefined" || issue.received === "null") return { message: "Fill in this field" };
      return {
        message: issue.received === "object" ? "This field takes text, not a file" : "This value is not valid here",
      };
    case z.ZodIssueCode.too_small:
      if (issue.type === "string")
        return {
          message: Number(issue.minimum) <= 1 ? "Fill in this field" : `Use at least ${issue.minimum} characters`,
        };
      if (issue.type === "number") return { message: `Enter a number of at least ${issue.minimum}` };
      return { message: "Something is missing here" };
    case z.ZodIssueCode.too_big:
      if (issue.type === "string") return { message: `Use at most ${issue.maximum} characters` };
      if (issue.type === "number") return { message: `Enter a number of at most ${issue.maximum}` };
      return { message: "There are too many values here" };
    case z.ZodIssueCode.invalid_enum_value:
    case z.ZodIssueCode.invalid_literal:
    case z.ZodIssueCode.invalid_union_discriminator:
      return { message: "Choose one of the options given" };
    case z.ZodIssueCode.invalid_string:
      return { message: "This value is not in the expected form" };
    default:
      return { message: "This value is not valid here" };
  }
};

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

/** An e-mail address the provider keeps: at most 320 characters (its newContact and invitation lengths). */
export const storedEmailField = (missing: string) =>
  z
    .string({ required_error: missing })
    .trim()
    .min(1, missing)
    .max(320, "Use at most 320 characters")
    .email("Enter an email address like name@company.co.uk");

/** A person's name or a reference the provider keeps: 1 to 100 characters; `what` names it ("first name"). */
export const nameField = (what: string) =>
  z
    .string({ required_error: `Enter the ${what}` })
    .trim()
    .min(1, `Enter the ${what}`)
    .max(100, "Use at most 100 characters");

/** A ticked checkbox posts its value; an unticked one posts nothing. */
export const checkboxField = z
  .string()
  .optional()
  .transform((v) => v !== undefined && v !== "");

/** The one rule for an upstream id posted in a form: digits, at most 15; `required` when absent, `invalid` otherwise. */
export const idField = (required: string, invalid: string = required) =>
  z.string({ required_error: required }).trim().regex(UPSTREAM_ID_PATTERN, invalid);
