import { Fragment } from "react";
import type { NewInvitation } from "~/domain/invitation";
import { FieldError } from "./field-error";
import { CheckboxList, type Option } from "./form-fields";
import { NAME_FIELDS, TextFields } from "./text-field";

/** The approval boxes, the approver's offered only to an inviter who may make approvers. */
const APPROVAL_BOXES = [
  { name: "isApprover", label: "Approver: approves colleagues' orders" },
  { name: "needsApproval", label: "Their orders need approval" },
] as const;

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
        {APPROVAL_BOXES.map(({ name, label }) => (
          <Fragment key={name}>
            {name === "isApprover" && !approverOffered ? null : (
              <label className="checkbox">
                <input
                  type="checkbox"
                  name={name}
                  value="on"
                  defaultChecked={typed?.[name] ?? false}
                  aria-describedby={errors[name] ? `${name}-error` : undefined}
                />{" "}
                {label}
              </label>
            )}
            <FieldError id={`${name}-error`} message={errors[name]} />
          </Fragment>
        ))}
      </fieldset>
    </>
  );
}
