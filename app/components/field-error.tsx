export function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p className="field__error" id={id}>
      {message}
    </p>
  );
}

/** A message about the whole form, above it: announced at once, and named by the form's aria-describedby. */
export function FormError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p className="notice notice--error" role="alert" id={id}>
      {message}
    </p>
  );
}
