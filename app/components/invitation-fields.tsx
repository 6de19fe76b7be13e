import type { NewInvitation } from "~/domain/invitation";
import { FieldError } from "./field-error";
import { CheckboxList, type Option } from "./form-fields";
import { NAME_FIELDS, TextFields } from "./text-field";

/**
 * The fields of an invitation (issue 17 item 2 /add-site-user, issue 20 item 4 /admin/invitation): who, what they may
 * do, and approval. A refused form shows what was typed (`typed`) with each field's message (`errors`).
 */
export function InvitationFields({
  typed,
  errors,
  permissions,
  chosen,
  permissionsHint,
  approverOffered,
}: {
  typed: NewInvitation | null;
  errors: Partial<Record<string, string>>;
  permissions: Option[];
  chosen: readonly string[];
  permissionsHint?: string;
  approverOffered: boolean;
}) {
  return (
    <>
      <TextFields
        fields={[
          { name: "email", label: "Email", type: "email", autoComplete: "off", required: true, maxLength: 320 },
          ...NAME_FIELDS,
        ]}
        values={typed}
        errors={errors}
      />
      <CheckboxList
        name="permissions"
        legend="What they may do"
        options={permissions}
        chosen={chosen}
        hint={permissionsHint}
        error={errors.permissions}
      />
      <fieldset className="stack">
        <legend>Approval</legend>
        {approverOffered ? (
          <label className="checkbox">
            <input
              type="checkbox"
              name="isApprover"
              value="on"
              defaultChecked={typed?.isApprover ?? false}
              aria-describedby={errors.isApprover ? "isApprover-error" : undefined}
            />{" "}
            Approver: approves colleagues&apos; orders
          </label>
        ) : null}
        <FieldError id="isApprover-error" message={errors.isApprover} />
        <label className="checkbox">
          <input
            type="checkbox"
            name="needsApproval"
            value="on"
            defaultChecked={typed?.needsApproval ?? false}
            aria-describedby={errors.needsApproval ? "needsApproval-error" : undefined}
          />{" "}
          Their orders need approval
        </label>
        <FieldError id="needsApproval-error" message={errors.needsApproval} />
      </fieldset>
    </>
  );
}
