import { expect, it } from "vitest";
import { visibleContacts } from "./contacts";

const contacts = [{ internalId: "5001" }, { internalId: 5002 }];

it("all contacts without wp_contact_only", () => {
  expect(visibleContacts(contacts, { isApprover: false, needsAproval: false, wp_contact_only: false }, "5001")).toEqual(contacts);
});

it("only the user's own contact with wp_contact_only (SPEC §6)", () => {
  expect(visibleContacts(contacts, { isApprover: false, needsAproval: false, wp_contact_only: true }, 5002)).toEqual([{ internalId: 5002 }]);
});

it("no own contact with wp_contact_only shows none", () => {
  expect(visibleContacts(contacts, { isApprover: false, needsAproval: false, wp_contact_only: true }, null)).toEqual([]);
});
