import { Form, useNavigation } from "@remix-run/react";
import { TextField } from "./text-field";

/** Choose a password, typed twice: for a reset link and for an invitation. */
export function NewPasswordForm({
  errors,
  formError,
  submitLabel,
}: {
  errors: Record<string, string>;
  formError: string | null;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  return (
    <>
      {formError ? (
        <p className="notice notice--error" role="alert">
          {formError}
        </p>
      ) : null}
      <Form method="post" className="stack" noValidate>
        <TextField
          name="password"
          label="New password"
          type="password"
          autoComplete="new-password"
          required
          minLength={10}
          aria-describedby="password-hint"
          error={errors.password}
        />
        <p className="muted" id="password-hint">
          At least 10 characters. A short sentence is easy to remember and hard to guess.
        </p>
        <TextField
          name="confirm"
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          error={errors.confirm}
        />
        <button type="submit" className="button button--primary" disabled={navigation.state === "submitting"}>
          {submitLabel}
        </button>
      </Form>
    </>
  );
}
