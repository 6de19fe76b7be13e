import type { InputHTMLAttributes, ReactNode } from "react";
import { FieldError } from "./field-error";

type Props = InputHTMLAttributes<HTMLInputElement> & { name: string; label: string; error?: string; hint?: ReactNode };

/** What a labelled field's control carries: its id, and its state and description for screen readers. */
export type ControlAria = { id: string; "aria-invalid": true | undefined; "aria-describedby": string | undefined };

/**
 * A labelled field (app.css `.field`): the label, the control `control` draws with the aria it is given, the hint
 * (`{id}-hint`) and the inline error (`{id}-error`); the control is described by the hint, then by the error when shown.
 */
export function Field({
  id,
  label,
  hint,
  error,
  control,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  control: (aria: ControlAria) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  const describedBy = [hintId, error ? errorId : undefined].filter(Boolean).join(" ") || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p className="muted field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A labelled input with its hint and inline error wired for screen readers. */
export function TextField({ name, label, error, hint, id = name, ...input }: Props) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      error={error}
      control={(aria) => <input name={name} {...aria} {...input} />}
    />
  );
}

/** What a field of a form list is: a text field's props but its value and error, which the list fills in. */
export type TextFieldSpec = Omit<Props, "defaultValue" | "error">;

/** Several text fields of one form, each refilled from what was typed (`values`) and showing its own error. */
export function TextFields({
  fields,
  values,
  errors,
}: {
  fields: readonly TextFieldSpec[];
  values: object | null | undefined;
  errors: Partial<Record<string, string>>;
}) {
  return fields.map((field) => {
    const typed = values ? (values as Record<string, unknown>)[field.name] : undefined;
    return (
      <TextField
        key={field.name}
        {...field}
        defaultValue={typeof typed === "string" ? typed : ""}
        error={errors[field.name]}
      />
    );
  });
}

/** The lines of a UK delivery address as every address form asks for them. */
export const ADDRESS_LINE_FIELDS = [
  { name: "addr1", label: "Address line 1", autoComplete: "address-line1" },
  { name: "addr2", label: "Address line 2 (optional)", autoComplete: "address-line2" },
  { name: "city", label: "Town or city", autoComplete: "address-level2" },
  { name: "zip", label: "Postcode", autoComplete: "postal-code" },
] as const satisfies readonly TextFieldSpec[];

/** A person's names as the invitation and wearer forms ask for them. */
export const NAME_FIELDS = [
  { name: "firstName", label: "First name", autoComplete: "off", required: true, maxLength: 100 },
  { name: "lastName", label: "Last name", autoComplete: "off", required: true, maxLength: 100 },
] as const satisfies readonly TextFieldSpec[];
