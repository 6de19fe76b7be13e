import { Form, useNavigation } from "@remix-run/react";
import { FieldError } from "./field-error";

export type ApprovalActionData =
  { ok: false; fieldErrors: Record<string, string>; formError: string | null } | undefined;

/**
 * 'Approve' and 'Reject' as two plain forms: they work without JavaScript. An approval may carry a note for the
 * warehouse (the order's picking note); a rejection needs one for the requester. Both are e-mailed to the requester.
 */
export function ApprovalForms({ actionData }: { actionData: ApprovalActionData }) {
  const busy = useNavigation().state === "submitting";
  const pickingError = actionData?.fieldErrors.pickingNote;
  const rejectionError = actionData?.fieldErrors.note;
  return (
    <section className="order-panel stack" aria-labelledby="decision-heading">
      <h2 id="decision-heading">Your decision</h2>
      {actionData?.formError ? (
        <p className="notice notice--error" role="alert">
          {actionData.formError}
        </p>
      ) : null}
      <div className="approval-forms">
        <Form method="post" className="stack">
          <input type="hidden" name="intent" value="approve" />
          <div className="field">
            <label htmlFor="picking-note">Picking note (optional)</label>
            <textarea
              id="picking-note"
              name="pickingNote"
              maxLength={2000}
              aria-invalid={pickingError ? true : undefined}
              aria-describedby={pickingError ? "picking-note-hint picking-note-error" : "picking-note-hint"}
            />
            <p className="muted field__hint" id="picking-note-hint">
              Sent to the warehouse with the order.
            </p>
            <FieldError id="picking-note-error" message={pickingError} />
          </div>
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
              aria-invalid={rejectionError ? true : undefined}
              aria-describedby={rejectionError ? "rejection-note-error" : undefined}
            />
            <FieldError id="rejection-note-error" message={rejectionError} />
          </div>
          <button type="submit" className="button" disabled={busy}>
            Reject
          </button>
        </Form>
      </div>
    </section>
  );
}
