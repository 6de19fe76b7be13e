import type { NewInvitation } from "~/domain/invitation";
import { checkboxField, nameField, storedEmailField } from "~/utils/forms.server";

// The invitation form's rules, for /add-site-user (a colleague) and /admin/invitation (anyone, to any customer).

/** The fields both invitation forms check; `emailMissing` is what an empty e-mail is told. */
export const invitationFields = (emailMissing: string) => ({
  email: storedEmailField(emailMissing),
  firstName: nameField("first name"),
  lastName: nameField("last name"),
  isApprover: checkboxField,
  needsApproval: checkboxField,
});

/** The invitation as typed, to show again with the refusal's messages. */
export function typedInvitation(formData: FormData): NewInvitation {
  const text = (field: string) => {
    const value = formData.get(field);
    return typeof value === "string" ? value : "";
  };
  return {
    email: text("email"),
    firstName: text("firstName"),
    lastName: text("lastName"),
    permissions: formData.getAll("permissions").filter((v): v is string => typeof v === "string"),
    isApprover: text("isApprover") !== "",
    needsApproval: text("needsApproval") !== "",
  };
}
