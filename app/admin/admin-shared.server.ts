import { z } from "zod";
import { formatDate, isReversedDayRange, parseDayInput } from "~/domain/dates";
import type { FieldErrors } from "~/utils/forms.server";
import type { UpstreamError } from "~/upstream/errors.server";

// What the admin screens share (decisions 129–131): a person's name, times, a provider refusal placed on the form,
// the day filters and the form's checkboxes.

/** "Ada Admin", or the e-mail when the provider knows no name. */
export function personName(p: { email: string; firstName: string; lastName: string }): string {
  return [p.firstName, p.lastName].filter(Boolean).join(" ") || p.email;
}

export const when = (iso: string | null) => formatDate(iso, "dd.MM.yy HH:mm");

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

export const posted = (formData: FormData, name: string) =>
  formData.getAll(name).filter((v): v is string => typeof v === "string");
