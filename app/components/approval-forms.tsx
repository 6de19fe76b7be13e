import { Form, useNavigation } from "@remix-run/react";
import { FieldError } from "./field-error";

export type ApprovalActionData = { ok: false; fieldErrors: Record<string, string>; formError: string | null } | undefined;

/** 'Approve' and 'Reject' as two plain forms: they work without JavaScript; the rejection needs a note. */
export function ApprovalForms({ actionData }: { actionData: ApprovalActionData }) {
  const busy = useNavigation().state === "submitting";
  const noteError = actionData?.fieldErrors.note;
  return (
    <section className="order-panel stack" aria-labelledby="decision-heading">
      <h2 id="decision-heading">Your decision</h2>
      {actionData?.formError ? (
        <p className="notice notice--error" role="alert">
          {actionData.formError}
        </p>
      ) : null}
      <div className="approval-forms">
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <button type="submit" className="button button--primary" disabled={busy}>
            Approve
          </button>
        </Form>
        <Form method="post" className="stack">
          <input type="hidden" name="intent" value="reject" />
          <div className="field">
            <label htmlFor="rejection-note">Rejection note</label>
            <textarea
              id="rejection-note"
              name="note"
              maxLength={2000}
              aria-invalid={noteError ? true : undefined}
              aria-describedby={noteError ? "rejection-note-error" : undefined}
            />
            <FieldError id="rejection-note-error" message={noteError} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            Reject
          </button>
        </Form>
      </div>
    </section>
  );
}
