import type { InputHTMLAttributes } from "react";
import { FieldError } from "./field-error";

type Props = InputHTMLAttributes<HTMLInputElement> & { name: string; label: string; error?: string };

/** A labelled input with its inline error wired for screen readers. */
export function TextField({ name, label, error, id = name, ...input }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}
