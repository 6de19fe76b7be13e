/**
 * What an invitation says (SPEC §4 /add-site-user, issue 20 item 4 /admin/invitation): who is invited, what they may
 * do, and approval. The form shows it as typed after a refusal; the provider receives it.
 */
export interface NewInvitation {
  email: string;
  firstName: string;
  lastName: string;
  permissions: string[];
  isApprover: boolean;
  needsApproval: boolean;
}

/** The invitation's fields in the form's order, for placing the provider's refusal under the one it names. */
export const INVITATION_FIELDS = [
  "email",
  "firstName",
  "lastName",
  "permissions",
  "isApprover",
  "needsApproval",
] as const;
