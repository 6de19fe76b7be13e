import { expect } from "vitest";
import type { Refusal } from "./route";

/** A form post as the invitation forms send it: repeated fields (the permission checkboxes) in order. */
export type Fields = Array<[string, string]>;
/** One refusal case: its label, the form posted, the field the message stands under, the message. */
export type FieldCase = [label: string, form: Fields, field: string, message: string];

/**
 * The invitation both forms post: `first` (the intent or the customer), the invitee Nia New as typed (spaces
 * around), the permissions ticked, then `last` (the approval box).
 */
export const invitationFields = (first: [string, string], permissions: string[], last: [string, string]): Fields => [
  first,
  ["email", " nia.new@demo.test "],
  ["firstName", " Nia "],
  ["lastName", "New"],
  ...permissions.map((p): [string, string] => ["permissions", p]),
  last,
];

/** The form without the field named. */
export const withoutField = (form: Fields, name: string): Fields => form.filter(([k]) => k !== name);

/**
 * The refusals both invitation forms (/add-site-user, /admin/invitation) make of the invitee's fields before
 * anything is sent; the messages they word their own way are given.
 */
export function inviteeFieldCases(form: Fields, messages: { noEmail: string; unknownPermission: string }): FieldCase[] {
  const without = (name: string) => withoutField(form, name);
  return [
    ["no e-mail", [...without("email"), ["email", ""]], "email", messages.noEmail],
    [
      "an e-mail that is not one",
      [...without("email"), ["email", "nia@"]],
      "email",
      "Enter an email address like name@company.co.uk",
    ],
    ["no first name", without("firstName"), "firstName", "Enter the first name"],
    [
      "a last name over 100 characters",
      [...without("lastName"), ["lastName", "x".repeat(101)]],
      "lastName",
      "Use at most 100 characters",
    ],
    ["a permission that is none", [...form, ["permissions", "rootAccess"]], "permissions", messages.unknownPermission],
  ];
}

/** A refusal of bad input: 400, the message under its field alone, what was typed kept (as `values` holds), nothing sent. */
export function expectFieldRefusal(
  result: unknown,
  expected: { field: string; message: string; values: Record<string, unknown>; writes: unknown[] },
) {
  const refusal = result as Refusal;
  expect(refusal.init.status).toBe(400);
  expect(refusal.data.fieldErrors).toEqual({ [expected.field]: expected.message });
  expect(refusal.data.values).toMatchObject(expected.values);
  expect(expected.writes).toEqual([]);
}
