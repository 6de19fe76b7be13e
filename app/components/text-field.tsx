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
